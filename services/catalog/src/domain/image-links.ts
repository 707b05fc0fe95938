// Image links as the CDN rules of spec section 9 make them: a box to fit in (3000x3000 by default,
// dimensions under 500 doubled for sharp screens) and quality 90. The image route renders only the boxes
// these links ask for (`imageBoxes` in contracts).
import type { ImageAsset } from '@travelclub/contracts';

export const CDN_DEFAULT_SIZE = 3000;
export const CDN_QUALITY = 90;

/** The box an image is asked for: sizes under 500 are doubled, none given is the 3000 default. */
export function cdnBox(width?: number, height?: number): { w: number; h: number; q: number } {
  const side = (n: number | undefined) => (n === undefined ? CDN_DEFAULT_SIZE : n < 500 ? n * 2 : n);
  return { w: side(width), h: side(height ?? width), q: CDN_QUALITY };
}

export function imageUrl(baseUrl: string, publicId: string, width?: number, height?: number): string {
  const { w, h, q } = cdnBox(width, height);
  return `${baseUrl.replace(/\/$/, '')}/api/v1/images/${publicId}?w=${w}&h=${h}&q=${q}`;
}

/** The share image: 600 px wide at 16:9 (spec section 9); its link asks for the box the CDN rules give. */
export const SHARE_IMAGE = { width: 600, height: 338 } as const;

export const shareImageUrl = (baseUrl: string, publicId: string) =>
  imageUrl(baseUrl, publicId, SHARE_IMAGE.width, SHARE_IMAGE.height);

/** The image asset of spec section 3 for a locally generated image: original, 200 px and 600 px links. */
export function imageAsset(baseUrl: string, publicId: string): ImageAsset {
  return {
    provider: 'demo',
    publicId,
    links: {
      original: imageUrl(baseUrl, publicId),
      '200px': imageUrl(baseUrl, publicId, 200),
      '600px': imageUrl(baseUrl, publicId, 600),
    },
  };
}
