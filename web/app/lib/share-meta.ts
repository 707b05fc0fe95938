// What every public page's head says: its title, description and canonical address, then the Open Graph and
// Twitter card tags that repeat them for a shared link, with the share image when the page has one (spec
// section 9). Pure, so the server and the browser render the same head.
import { PRODUCT } from './brand';

export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: string; href: string };

/** The share image's box: 600 px wide at 16:9. */
export const SHARE_IMAGE = { width: 600, height: 338 } as const;
const DESCRIPTION_MAX = 160;

/** The description cut to a search snippet's length, at a word. */
export function metaDescription(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2));
  return `${atWord.replace(/[\s,.;:]+$/, '')}…`;
}

export interface ShareImage {
  /** Always 600 px wide. */
  url: string;
  alt: string;
  /** Said only when the image is cut to a known box (the image route's share box); a 600 px variant is not. */
  height?: number;
}

/** An address without its trailing slashes, to put a path after it. */
export const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The image route's box for a size, by the CDN rules of spec section 9 (sides under 500 doubled, quality 90),
 * the same rule the catalog makes its links with: the share image asks for the box it serves as `share`.
 */
function cdnQuery(width: number, height: number): string {
  const side = (n: number) => (n < 500 ? n * 2 : n);
  return `w=${side(width)}&h=${side(height)}&q=90`;
}

/** A catalog photo's share link on the images host, cut to the share box. */
export function shareImageUrl(imagesHost: string, publicId: string): string {
  return `${trimSlash(imagesHost)}/api/v1/images/${encodeURIComponent(publicId)}?${cdnQuery(SHARE_IMAGE.width, SHARE_IMAGE.height)}`;
}

/** The share image: a cover's 600 px variant when there is one, else a catalog photo in the share box. */
export function coverOrPhoto(
  alt: string,
  imagesHost: string,
  cover: string | null | undefined,
  photo: { publicId: string } | null | undefined,
): ShareImage | null {
  if (cover) return { url: cover, alt };
  if (!photo) return null;
  return { url: shareImageUrl(imagesHost, photo.publicId), alt, height: SHARE_IMAGE.height };
}

export interface PageMetaInput {
  title: string;
  description: string;
  /** The canonical address, also the shared link's. */
  url: string;
  type: 'website' | 'profile';
  image?: ShareImage | null;
}

function imageTags(image: ShareImage): MetaTag[] {
  return [
    { property: 'og:image', content: image.url },
    { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
    ...(image.height ? [{ property: 'og:image:height', content: String(image.height) }] : []),
    { property: 'og:image:alt', content: image.alt },
  ];
}

export function pageMeta({ title, description, url, type, image }: PageMetaInput): MetaTag[] {
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: PRODUCT },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image ? imageTags(image) : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
}

/** The head of a page that is not there: its title, not indexed. */
export const notIndexedMeta = (title: string): MetaTag[] => [{ title }, { name: 'robots', content: 'noindex' }];
