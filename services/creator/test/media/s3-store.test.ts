// The S3 store against a real S3-compatible server (Adobe S3Mock, started for this file): bytes and their type
// kept and given back, public links that answer the bytes, deletion, and the whole pipeline on it.
import { ImageAssetSchema } from '@travelclub/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteImage, imageKey, saveImage } from '../../src/media/images.js';
import { createMediaStorage, MediaKeyError, MediaSettingsSchema, type MediaStorage } from '../../src/media/storage.js';
import * as images from './fixtures.js';
import { S3MOCK_START_TIMEOUT_MS, s3TestServer, testCredentials, type S3TestServer } from './s3mock.js';

let server: S3TestServer;
let store: MediaStorage;

const settingsFor = ({ endpoint, bucket }: S3TestServer, extra: Record<string, string> = {}) =>
  MediaSettingsSchema.parse({
    MEDIA_STORE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: testCredentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: testCredentials.secretAccessKey,
    ...extra,
  });

beforeAll(async () => {
  server = await s3TestServer();
  store = createMediaStorage(settingsFor(server));
}, S3MOCK_START_TIMEOUT_MS);
afterAll(async () => {
  await store?.close();
  await server?.stop();
});

describe('the S3 store', () => {
  it('keeps bytes with their type and gives them back; a missing key is null', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await store.put('k1/original.png', bytes, 'image/png');
    expect(await store.get('k1/original.png')).toEqual({ bytes, contentType: 'image/png' });
    expect(await store.get('k1/nothing.png')).toBeNull();
  });

  it('links each object at the bucket address, where it can be read without credentials, cacheable forever', async () => {
    await store.put('k2/200px.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    const link = store.url('k2/200px.jpg');
    expect(link).toBe(`${server.endpoint}/${server.bucket}/k2/200px.jpg`);
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('jpeg bytes');
  });

  it('links through S3_PUBLIC_URL when one is set (a CDN in front of the bucket)', async () => {
    const behindCdn = createMediaStorage(settingsFor(server, { S3_PUBLIC_URL: 'https://cdn.example/media/' }));
    expect(behindCdn.url('k3/600px.jpg')).toBe('https://cdn.example/media/k3/600px.jpg');
    await behindCdn.close();
  });

  it('deletes, and deleting what is gone is no error', async () => {
    await store.put('k4/600px.jpg', Buffer.from('x'), 'image/jpeg');
    await store.delete('k4/600px.jpg');
    expect(await store.get('k4/600px.jpg')).toBeNull();
    await expect(store.delete('k4/600px.jpg')).resolves.toBeUndefined();
  });

  it('refuses a key that is not ours before calling the server', async () => {
    await expect(store.put('../other-bucket/x', Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(MediaKeyError);
    await expect(store.get('a/../../x')).rejects.toBeInstanceOf(MediaKeyError);
  });

  it("holds the pipeline's images: an s3 asset whose links answer the variants, removed by deleteImage", async () => {
    const asset = await saveImage(store, await images.cameraJpeg());
    expect(ImageAssetSchema.parse(asset).provider).toBe('s3');
    const res = await fetch(asset.links['600px']);
    expect(res.status).toBe(200);
    const metadata = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect({ format: metadata.format, width: metadata.width, exif: metadata.exif }).toEqual({
      format: 'jpeg',
      width: 600,
      exif: undefined,
    });
    expect(await deleteImage(store, asset)).toBe(true);
    expect(await store.get(imageKey(asset.publicId, 'original'))).toBeNull();
    expect((await fetch(asset.links['200px'])).status).toBe(404);
  });
});
