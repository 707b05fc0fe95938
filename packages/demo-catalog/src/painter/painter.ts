// Placeholder photos drawn locally: an SVG scene (facade, pool, lobby, bedroom, bathroom) chosen and varied
// by the image's public id, rendered to JPEG with sharp. The same id always gives the same bytes.
import type { ImageBox, ImagePainter } from '@travelclub/contracts';
import sharp from 'sharp';
import { parseImageId } from './image-id.js';
import { sceneSvg } from './scene.js';
import { Dice, H, W } from './tools.js';

/** Bumped whenever a drawing changes: it is part of every ETag, so browsers fetch the new pictures. */
export const RENDER_VERSION = 2;
/** What the bytes depend on besides the id and the box: our drawing and the libraries that rasterize and encode it. */
const RENDERER_ID = [
  RENDER_VERSION,
  sharp.versions.sharp,
  sharp.versions.vips,
  sharp.versions.rsvg,
  sharp.versions.mozjpeg,
].join('/');

/** The size an image comes out at: the original fitted inside the box, never enlarged. */
export function fittedSize(box: { w: number; h: number }): { width: number; height: number } {
  const scale = Math.min(1, box.w / W, box.h / H);
  return { width: Math.max(1, Math.round(W * scale)), height: Math.max(1, Math.round(H * scale)) };
}

/** The fitted size cut to the box's aspect, if it has one (about the middle: the lower height, or width). */
export function croppedSize(box: ImageBox): { width: number; height: number } {
  const { width, height } = fittedSize(box);
  if (!box.aspect) return { width, height };
  return width / height > box.aspect
    ? { width: Math.round(height * box.aspect), height }
    : { width, height: Math.round(width / box.aspect) };
}

export async function renderImage(publicId: string, box: ImageBox): Promise<Buffer> {
  const { width, height } = fittedSize(box);
  // The SVG is drawn at the target size rather than shrunk afterwards: sharper edges, and less work.
  const svg = sceneSvg(publicId, width, height);
  // Film grain makes flat shapes read as a photo. It is a fixed tile laid over in sharp: an SVG noise
  // filter would cost ten times as much.
  const cut = croppedSize(box);
  const image = sharp(Buffer.from(svg));
  if (cut.width !== width || cut.height !== height) image.resize(cut.width, cut.height, { fit: 'cover' });
  return image
    .composite([
      { input: grainTile(), raw: { width: GRAIN, height: GRAIN, channels: 1 }, tile: true, blend: 'soft-light' },
    ])
    .jpeg({ quality: box.q })
    .toBuffer();
}

const GRAIN = 128;
let grain: Buffer | undefined;
/** Grey noise around the middle (neutral under soft light), the same in every process. */
function grainTile(): Buffer {
  if (!grain) {
    const dice = new Dice('grain');
    grain = Buffer.alloc(GRAIN * GRAIN);
    for (let i = 0; i < grain.length; i++) grain[i] = Math.round(128 + (dice.next() + dice.next() - 1) * 16);
  }
  return grain;
}

/** The demo painter: draws every well-formed image id, hotel and room images alike. */
export const demoPainter: ImagePainter = {
  id: RENDERER_ID,
  draws: (publicId) => parseImageId(publicId) !== null,
  paint: renderImage,
};
