// The upload pipeline on the local store, with images made here: variants and their sizes, upright and without any
// metadata left; every refusal (disguised types, GIF, too many bytes, a decompression bomb) before anything is kept.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ImageAssetSchema, errorCatalogue, type ImageAsset } from '@travelclub/contracts';
import { AppError } from '@travelclub/kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteImage,
  imageKey,
  IMAGE_VARIANTS,
  LARGEST_SIDE,
  saveImage,
  type ImageVariant,
} from '../../src/media/images.js';
import { localStore } from '../../src/media/local-store.js';
import type { MediaStorage } from '../../src/media/storage.js';
import * as images from './fixtures.js';

let dir: string;
let store: MediaStorage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'creator-images-'));
  store = localStore({ dir, publicUrl: 'http://localhost:8080' });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const VARIANTS = Object.keys(IMAGE_VARIANTS) as ImageVariant[];

async function variantsOf(asset: ImageAsset) {
  const stored = await Promise.all(VARIANTS.map((variant) => store.get(imageKey(asset.publicId, variant))));
  return Object.fromEntries(VARIANTS.map((variant, i) => [variant, stored[i]!])) as Record<
    ImageVariant,
    { bytes: Buffer; contentType: string }
  >;
}

/** What a refusal answers: its catalogue code, whatever the error's class. */
async function refusal(attempt: Promise<unknown>): Promise<string> {
  const err = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).code;
}

const storedFiles = async () => (await readdir(join(dir, 'objects')).catch(() => [])).length;

describe('saveImage', () => {
  it('turns a camera photo upright into three JPEGs of 200, 600 and its own width, linked as an Image asset', async () => {
    const asset = await saveImage(store, await images.cameraJpeg());
    expect(ImageAssetSchema.parse(asset)).toEqual(asset);
    expect(asset.provider).toBe('local');
    expect(asset.publicId).toMatch(/^[0-9a-f-]{36}$/);
    for (const variant of VARIANTS) {
      expect(asset.links[variant]).toBe(`http://localhost:8080/api/v1/media/${asset.publicId}/${variant}.jpg`);
    }
    const stored = await variantsOf(asset);
    const sizes = await Promise.all(VARIANTS.map((v) => sharp(stored[v].bytes).metadata()));
    // 1200x800 with orientation 6 is 800x1200 upright.
    expect(sizes.map(({ format, width, height }) => ({ format, width, height }))).toEqual([
      { format: 'jpeg', width: 800, height: 1200 },
      { format: 'jpeg', width: 200, height: 300 },
      { format: 'jpeg', width: 600, height: 900 },
    ]);
    for (const variant of VARIANTS) expect(stored[variant].contentType).toBe('image/jpeg');
    // Turned clockwise: the photo's red left half is now on top, its blue right half below.
    const { data, info } = await sharp(stored.original.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(pixel(400, 100)[0]).toBeGreaterThan(200);
    expect(pixel(400, 1100)[2]).toBeGreaterThan(200);
  });

  it('leaves no metadata in any variant: no EXIF (camera, GPS, orientation), ICC profile or XMP', async () => {
    const photo = await images.cameraJpeg();
    // What the upload carried, so this test can fail.
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(images.GPS_POINTER_TAG)).toBe(true);
    expect(before.exif?.includes('TestCam')).toBe(true);
    expect(before.icc).toBeDefined();
    expect(before.xmp).toBeDefined();

    const stored = await variantsOf(await saveImage(store, photo));
    for (const variant of VARIANTS) {
      const { bytes } = stored[variant];
      const after = await sharp(bytes).metadata();
      expect(after.exif, variant).toBeUndefined();
      expect(after.icc, variant).toBeUndefined();
      expect(after.xmp, variant).toBeUndefined();
      expect(after.iptc, variant).toBeUndefined();
      expect(after.orientation, variant).toBeUndefined();
      for (const trace of ['Exif', 'TestCam', 'A Creator', 'xmpmeta', 'ICC_PROFILE']) {
        expect(bytes.includes(trace), `${variant} carries ${trace}`).toBe(false);
      }
    }
  });

  it('never enlarges a small image, and lays transparency on white', async () => {
    const stored = await variantsOf(await saveImage(store, await images.smallPng()));
    const widths = await Promise.all(VARIANTS.map(async (v) => (await sharp(stored[v].bytes).metadata()).width));
    expect(widths).toEqual([300, 200, 300]);
    const { data } = await sharp(stored.original.bytes).raw().toBuffer({ resolveWithObject: true });
    // Half-transparent green on white.
    expect([...data.subarray(0, 3)].map((c) => Math.round(c / 16))).toEqual([8, 12, 8]);
  });

  it.each([
    ['WebP', images.webp],
    ['AVIF', images.avif],
  ])('takes %s', async (_name, make) => {
    const stored = await variantsOf(await saveImage(store, await make()));
    expect((await sharp(stored['600px'].bytes).metadata()).format).toBe('jpeg');
  });

  it('reads a stream', async () => {
    const photo = await images.smallPng();
    const asset = await saveImage(store, Readable.from([photo.subarray(0, 100), photo.subarray(100)]));
    expect((await variantsOf(asset))['200px'].contentType).toBe('image/jpeg');
  });

  it.each([
    ['a text file named photo.jpg', images.textFile],
    ['an SVG (with a script)', images.svgFile],
    ['a PDF', images.pdfFile],
    ['a GIF', images.gif],
    ['a TIFF', images.tiff],
    [
      'a JPEG cut in half',
      async () => {
        const photo = await images.cameraJpeg();
        return photo.subarray(0, photo.length / 2);
      },
    ],
  ])('refuses %s with image-type-not-allowed, keeping nothing', async (_name, make) => {
    const before = await storedFiles();
    expect(await refusal(saveImage(store, await make()))).toBe('image-type-not-allowed');
    expect(errorCatalogue['image-type-not-allowed']).toEqual({
      status: 415,
      message: 'Please upload a JPEG, PNG, WebP or AVIF image.',
    });
    expect(await storedFiles()).toBe(before);
  });

  it('refuses more than 10 MiB, given whole or streamed, before looking at the bytes', async () => {
    const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1);
    expect(await refusal(saveImage(store, tooBig))).toBe('image-too-large');
    let chunksRead = 0;
    const stream = (async function* () {
      for (let i = 0; i < 100; i++) {
        chunksRead++;
        yield Buffer.alloc(1024 * 1024);
      }
    })();
    expect(await refusal(saveImage(store, stream))).toBe('image-too-large');
    expect(chunksRead).toBe(11);
    expect(errorCatalogue['image-too-large'].status).toBe(413);
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const bomb = images.pngBomb(20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const header = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect({ format: header.format, width: header.width, height: header.height }).toEqual({
      format: 'png',
      width: 20_000,
      height: 20_000,
    });
    const before = await storedFiles();
    const started = performance.now();
    expect(await refusal(saveImage(store, bomb))).toBe('image-too-large');
    // Decoding 400 megapixels would take seconds and over a gigabyte; reading the header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await storedFiles()).toBe(before);
  });

  it('takes its limits as given', async () => {
    const png = await images.smallPng(); // 300x150: 45,000 pixels
    expect(await refusal(saveImage(store, png, { maxBytes: png.length - 1, maxPixels: 1e6 }))).toBe('image-too-large');
    expect(await refusal(saveImage(store, png, { maxBytes: 1e6, maxPixels: 44_999 }))).toBe('image-too-large');
    expect((await saveImage(store, png, { maxBytes: png.length, maxPixels: 45_000 })).provider).toBe('local');
  });

  it('refuses nothing at all with image-missing', async () => {
    expect(await refusal(saveImage(store, Buffer.alloc(0)))).toBe('image-missing');
  });
});

describe('what an upload costs', () => {
  it('decodes once, no larger than the largest variant needs: a 6000-pixel-wide upload’s original is 3000 px', async () => {
    const big = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const charged: number[] = [];
    const asset = await saveImage(store, big, undefined, { charge: async (pixels) => void charged.push(pixels) });
    expect(charged).toEqual([6000 * 4000]);
    const stored = await variantsOf(asset);
    const sizes = await Promise.all(VARIANTS.map((v) => sharp(stored[v].bytes).metadata()));
    expect(sizes.map(({ width, height }) => ({ width, height }))).toEqual([
      { width: LARGEST_SIDE, height: 2000 },
      { width: 200, height: 133 },
      { width: 600, height: 400 },
    ]);
  });

  it('asks the budget with the declared pixels before decoding, and keeps nothing when it refuses', async () => {
    const before = await storedFiles();
    const refused = saveImage(store, images.pngBomb(6000), undefined, {
      charge: async (pixels) => {
        expect(pixels).toBe(36_000_000);
        throw new AppError('upload-limit-reached');
      },
    });
    expect(await refusal(refused)).toBe('upload-limit-reached');
    expect(errorCatalogue['upload-limit-reached'].status).toBe(429);
    expect(await storedFiles()).toBe(before);
  });
});

describe('deleteImage', () => {
  it('removes every variant of an image of its store', async () => {
    const asset = await saveImage(store, await images.webp());
    expect(await deleteImage(store, asset)).toBe(true);
    for (const variant of VARIANTS) expect(await store.get(imageKey(asset.publicId, variant))).toBeNull();
    // Again: nothing left to remove, and no error.
    expect(await deleteImage(store, asset)).toBe(true);
  });

  it('leaves alone an image of another provider, or an id it would not have made', async () => {
    const asset = await saveImage(store, await images.webp());
    expect(await deleteImage(store, { ...asset, provider: 's3' })).toBe(false);
    expect(await deleteImage(store, { ...asset, publicId: '../objects' })).toBe(false);
    expect(await store.get(imageKey(asset.publicId, 'original'))).not.toBeNull();
  });
});
