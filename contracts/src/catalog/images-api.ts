// The catalog's hotel images (spec section 9): an image's id and the only boxes the image route renders.
import { z } from 'zod';
import type { ImageBox } from './supplier.js';

export const ImageParamsSchema = z.strictObject({
  publicId: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Not an image id'),
});
/**
 * The boxes the image route renders, and nothing else: rendering is CPU work, and a public route that
 * rendered any box would let anyone make the service draw without end. They are the sizes the web uses
 * (spec section 9) through the CDN rules (a 3000 box by default, sides under 500 doubled, quality 90): the
 * original, 200 px and 600 px links of an image asset, and the share image, 600 px wide at 16:9: the link
 * asks for 600x338, which the CDN rule makes a 600x676 box, and the picture fitted in it is cut to 600x338.
 */
export const imageBoxes = {
  original: { w: 3000, h: 3000, q: 90 },
  '200px': { w: 400, h: 400, q: 90 },
  '600px': { w: 600, h: 600, q: 90 },
  share: { w: 600, h: 676, q: 90, aspect: 16 / 9 },
} as const;
const servedBoxes: readonly ImageBox[] = Object.values(imageBoxes);
const servedBoxesText = servedBoxes.map(({ w, h, q }) => `w=${w}&h=${h}&q=${q}`).join(', ');

/** The CDN's knobs (spec section 9): a box to fit in and a JPEG quality, one of `imageBoxes`. */
export const ImageQuerySchema = z
  .strictObject({
    w: z.coerce.number().int().min(16).max(3000).default(3000),
    h: z.coerce.number().int().min(16).max(3000).default(3000),
    q: z.coerce.number().int().min(30).max(100).default(90),
  })
  .superRefine(({ w, h, q }, ctx) => {
    // Name the first field no served box agrees with.
    const sameW = servedBoxes.filter((box) => box.w === w);
    const sameWH = sameW.filter((box) => box.h === h);
    if (sameWH.some((box) => box.q === q)) return;
    const path = sameW.length === 0 ? 'w' : sameWH.length === 0 ? 'h' : 'q';
    ctx.addIssue({ code: 'custom', path: [path], message: `Not an image size we serve (${servedBoxesText})` });
  })
  // The served box itself, with what else it says (the share image's aspect).
  .transform(({ w, h, q }) => servedBoxes.find((box) => box.w === w && box.h === h && box.q === q)!);
