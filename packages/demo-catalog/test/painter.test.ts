// The placeholder photos: real JPEGs, fitted in the CDN's box without enlarging, the same for the same id,
// and drawings that change only with the render version.
import { imageBoxes } from '@travelclub/contracts';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { croppedSize, fittedSize, parseImageId, RENDER_VERSION, renderImage } from '../src/index.js';
import { sceneSvg } from '../src/painter/scene.js';

const isJpeg = (body: Buffer) => body[0] === 0xff && body[1] === 0xd8;

describe('renderImage', () => {
  it('makes a JPEG that fits the box of the 200 px link (400 px, doubled for sharp screens)', async () => {
    const box = imageBoxes['200px'];
    const body = await renderImage('h0a1b2c-1', box);
    expect(isJpeg(body)).toBe(true);
    const { format, width, height } = await sharp(body).metadata();
    expect(format).toBe('jpeg');
    expect(width).toBeLessThanOrEqual(box.w);
    expect(height).toBeLessThanOrEqual(box.h);
    // Fitted, not just small: the limiting side fills the box.
    expect({ width, height }).toEqual({ width: 400, height: 267 });
  });

  it('keeps the 1600x1067 original in the default 3000 box: never enlarged', async () => {
    const { width, height } = await sharp(await renderImage('h0a1b2c-1', imageBoxes.original)).metadata();
    expect({ width, height }).toEqual({ width: 1600, height: 1067 });
  });

  it('fits a box narrower than it is tall by its width', async () => {
    const { width, height } = await sharp(await renderImage('h0a1b2c-2', { w: 300, h: 1000, q: 80 })).metadata();
    expect({ width, height }).toEqual({ width: 300, height: 200 });
  });

  it('gives byte-identical output for the same id and box', async () => {
    const box = imageBoxes['600px'];
    const [a, b] = await Promise.all([renderImage('h0a1b2c-3', box), renderImage('h0a1b2c-3', box)]);
    expect(a.equals(b)).toBe(true);
  });

  it('draws different pictures for different ids, hotel and room images alike', async () => {
    const box = imageBoxes['200px'];
    const ids = ['h0a1b2c-1', 'h0a1b2c-2', 'hz9-1', 'h0a1b2c-deluxe-king-1', 'h0a1b2c-deluxe-king-3', 'h0a1b2c-twin-2'];
    const bodies = await Promise.all(ids.map((id) => renderImage(id, box)));
    const distinct = new Set(bodies.map((body) => body.toString('base64')));
    expect(distinct.size).toBe(ids.length);
    for (const body of bodies) expect(isJpeg(body)).toBe(true);
  });

  it('encodes at the quality asked for', async () => {
    const box = imageBoxes['600px'];
    const [high, low] = await Promise.all([renderImage('h0a1b2c-1', box), renderImage('h0a1b2c-1', { ...box, q: 40 })]);
    expect(low.length).toBeLessThan(high.length);
  });
});

describe('parseImageId', () => {
  it('reads hotel images and room images', () => {
    expect(parseImageId('h0a1b2c-1')).toEqual({ kind: 'hotel', hotelId: 'h0a1b2c', index: 1 });
    expect(parseImageId('h0a1b2c-deluxe-king-2')).toEqual({
      kind: 'room',
      hotelId: 'h0a1b2c',
      roomType: 'deluxe-king',
      index: 2,
    });
    expect(parseImageId('hq1-family-suite-12')).toMatchObject({ kind: 'room', roomType: 'family-suite', index: 12 });
  });

  it('refuses what is not an image id', () => {
    for (const id of [
      'x0a1b2c-1',
      'h0a1b2c',
      'h0a1b2c-',
      'h0a1b2c-deluxe-king',
      'h-1',
      'H0A1-1',
      'h0a1b2c-12-3',
      'h0a1b2c-1-',
    ])
      expect(parseImageId(id), id).toBeNull();
  });
});

describe('fittedSize', () => {
  it('shrinks to the box and never grows past the original', () => {
    expect(fittedSize({ w: 3000, h: 3000 })).toEqual({ width: 1600, height: 1067 });
    expect(fittedSize({ w: 1200, h: 1200 })).toEqual({ width: 1200, height: 800 });
    expect(fittedSize({ w: 1600, h: 100 })).toEqual({ width: 150, height: 100 });
    expect(fittedSize({ w: 16, h: 16 })).toEqual({ width: 16, height: 11 });
  });
});

describe('croppedSize', () => {
  it('cuts the fitted picture to the box aspect, and leaves a box without one whole', () => {
    expect(croppedSize({ w: 600, h: 676, q: 90, aspect: 16 / 9 })).toEqual({ width: 600, height: 338 });
    expect(croppedSize({ w: 600, h: 600, q: 90, aspect: 1 })).toEqual({ width: 400, height: 400 });
    expect(croppedSize({ w: 600, h: 600, q: 90 })).toEqual(fittedSize({ w: 600, h: 600 }));
  });
});

describe('the drawings', () => {
  // Digests of the SVG documents as the painter drew them when it was split out of the catalog. A change
  // here changes pictures: bump RENDER_VERSION (it is in every ETag) and record the new digests.
  const golden = {
    'h0a1b2c-1': 'YVPieFwhkSiObUDz',
    'h0a1b2c-2': '6K5258Mj4aQToT0h',
    'h0a1b2c-3': 'jXMG32tJLpK_hAiH',
    'h0a1b2c-4': 'f49aF0jvBdPHacsS',
    'h0a1b2c-5': '8F57Rq5MhNFQVCgx',
    'h0a1b2c-deluxe-king-1': '94KLu9ibsTs1nPCi',
    'h0a1b2c-twin-2': 'TrttDvpg2cSP8A5c',
    'h0a1b2c-junior-suite-3': 'VxDzjO39ywelm4qN',
    'hz9-1': '8sWEvVN3oilcSQJV',
    'hq1-family-room-1': 'zS4iVSocswewR30u',
  };

  it(`are those of render version ${RENDER_VERSION}`, () => {
    // Version 2 cut the share image to 16:9; the drawings themselves stayed as version 1 drew them.
    expect(RENDER_VERSION).toBe(2);
    const digests = Object.fromEntries(
      Object.keys(golden).map((id) => [
        id,
        createHash('sha256')
          .update(sceneSvg(id, 400, 267))
          .digest('base64url')
          .slice(0, 16),
      ]),
    );
    expect(digests).toEqual(golden);
  });
});
