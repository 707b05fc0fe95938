// The CDN rules of spec section 9: boxes under 500 doubled, 3000 by default, quality 90, three links.
import { ImageQuerySchema, imageBoxes } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import {
  CDN_DEFAULT_SIZE,
  CDN_QUALITY,
  cdnBox,
  imageAsset,
  imageUrl,
  SHARE_IMAGE,
  shareImageUrl,
} from '../../src/domain/image-links.js';

describe('cdnBox', () => {
  it('doubles sizes under 500 for sharp screens', () => {
    expect(cdnBox(200)).toEqual({ w: 400, h: 400, q: 90 });
    expect(cdnBox(499)).toEqual({ w: 998, h: 998, q: 90 });
  });

  it('keeps sizes of 500 and more', () => {
    expect(cdnBox(600)).toEqual({ w: 600, h: 600, q: 90 });
    expect(cdnBox(500)).toEqual({ w: 500, h: 500, q: 90 });
  });

  it('asks for the 3000 box when no size is given', () => {
    expect(cdnBox()).toEqual({ w: CDN_DEFAULT_SIZE, h: CDN_DEFAULT_SIZE, q: CDN_QUALITY });
    expect(CDN_DEFAULT_SIZE).toBe(3000);
    expect(CDN_QUALITY).toBe(90);
  });

  it('takes the width for the height unless a height is given', () => {
    expect(cdnBox(300, 800)).toEqual({ w: 600, h: 800, q: 90 });
  });
});

describe('image links', () => {
  it('points at the images route with the box and quality', () => {
    expect(imageUrl('http://localhost:8080/', 'h0a1b2c-1', 200)).toBe(
      'http://localhost:8080/api/v1/images/h0a1b2c-1?w=400&h=400&q=90',
    );
  });

  it('gives an asset the original, 200 px and 600 px links', () => {
    const asset = imageAsset('https://cdn.travelclub.test', 'h0a1b2c-deluxe-king-1');
    const base = 'https://cdn.travelclub.test/api/v1/images/h0a1b2c-deluxe-king-1';
    expect(asset).toEqual({
      provider: 'demo',
      publicId: 'h0a1b2c-deluxe-king-1',
      links: {
        original: `${base}?w=3000&h=3000&q=90`,
        '200px': `${base}?w=400&h=400&q=90`,
        '600px': `${base}?w=600&h=600&q=90`,
      },
    });
  });
});

describe('the boxes the image route serves', () => {
  it('are exactly the boxes of the links handed out: original, 200 px, 600 px and the share image', () => {
    expect(imageBoxes).toEqual({
      original: cdnBox(),
      '200px': cdnBox(200),
      '600px': cdnBox(600),
      // The share link's box, and the 16:9 its picture is cut to (600x338).
      share: { ...cdnBox(SHARE_IMAGE.width, SHARE_IMAGE.height), aspect: 16 / 9 },
    });
    const { links } = imageAsset('https://cdn.travelclub.test', 'h0a1b2c-1');
    const linked = [...Object.values(links), shareImageUrl('https://cdn.travelclub.test', 'h0a1b2c-1')];
    const boxes = linked.map((link) => ImageQuerySchema.parse(Object.fromEntries(new URL(link).searchParams)));
    expect(boxes).toEqual(Object.values(imageBoxes));
  });

  it('keep the share image 600 px wide at 16:9', () => {
    expect(SHARE_IMAGE.width).toBe(600);
    expect(SHARE_IMAGE.height).toBe(Math.round((600 * 9) / 16));
  });
});
