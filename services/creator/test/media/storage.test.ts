// The media stores' settings and the local store: bytes and their type kept and given back, links, deletion, and
// keys that would leave the store's directory refused.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStore } from '../../src/media/local-store.js';
import { bucketAddress } from '../../src/media/s3-store.js';
import { createMediaStorage, MediaKeyError, MediaSettingsSchema, type MediaStorage } from '../../src/media/storage.js';

let dir: string;
let store: MediaStorage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'creator-media-'));
  store = localStore({ dir: join(dir, 'store'), publicUrl: 'https://club.example/' });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the media settings', () => {
  it('default to the local store, 10 MiB and 40 megapixels', () => {
    const settings = MediaSettingsSchema.parse({});
    expect(settings).toMatchObject({
      MEDIA_STORE: 'local',
      MEDIA_DIR: '.data/media',
      PUBLIC_MEDIA_URL: 'http://localhost:8080',
      MEDIA_MAX_BYTES: 10 * 1024 * 1024,
      MEDIA_MAX_PIXELS: 40_000_000,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
    expect(createMediaStorage(settings).provider).toBe('local');
  });

  it('refuse an S3 store without a bucket, or with half its credentials', () => {
    expect(() => createMediaStorage(MediaSettingsSchema.parse({ MEDIA_STORE: 's3' }))).toThrow(/S3_BUCKET/);
    const halfCredentials = MediaSettingsSchema.parse({ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' });
    expect(() => createMediaStorage(halfCredentials)).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(MediaSettingsSchema.safeParse({ S3_BUCKET: '../etc' }).success).toBe(false);
  });

  it('make S3 links from the public address, else the bucket address in the style configured', () => {
    const s3 = createMediaStorage(
      MediaSettingsSchema.parse({ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_PUBLIC_URL: 'https://cdn.example/m/' }),
    );
    expect(s3.provider).toBe('s3');
    expect(s3.url('abc/200px.jpg')).toBe('https://cdn.example/m/abc/200px.jpg');
    const aws = { bucket: 'media', region: 'eu-west-3', forcePathStyle: false };
    expect(bucketAddress(aws)).toBe('https://media.s3.eu-west-3.amazonaws.com');
    expect(bucketAddress({ ...aws, endpoint: 'http://127.0.0.1:9090', forcePathStyle: true })).toBe(
      'http://127.0.0.1:9090/media',
    );
    expect(bucketAddress({ ...aws, endpoint: 'https://r2.example' })).toBe('https://media.r2.example');
  });
});

describe('the local store', () => {
  it('keeps bytes with their type, gives them back, and links them under /api/v1/media', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
    await store.put('a1b2/200px.jpg', bytes, 'image/jpeg');
    expect(await store.get('a1b2/200px.jpg')).toEqual({ bytes, contentType: 'image/jpeg' });
    expect(store.url('a1b2/200px.jpg')).toBe('https://club.example/api/v1/media/a1b2/200px.jpg');
    // A second put replaces the first, type included.
    await store.put('a1b2/200px.jpg', Buffer.from('x'), 'image/webp');
    expect(await store.get('a1b2/200px.jpg')).toEqual({ bytes: Buffer.from('x'), contentType: 'image/webp' });
  });

  it('answers null for a key it does not hold, and deletes without complaint, leaving no empty folder', async () => {
    expect(await store.get('nothing/here.jpg')).toBeNull();
    await store.put('c3d4/original.jpg', Buffer.from('y'), 'image/jpeg');
    await store.delete('c3d4/original.jpg');
    expect(await store.get('c3d4/original.jpg')).toBeNull();
    await store.delete('c3d4/original.jpg');
    expect(await readdir(join(dir, 'store', 'objects'))).not.toContain('c3d4');
    expect(await readdir(join(dir, 'store', 'types'))).not.toContain('c3d4');
  });

  it.each([
    '../outside.jpg',
    'a/../../outside.jpg',
    '..',
    './x.jpg',
    '/etc/passwd',
    'a//b.jpg',
    'a\\..\\b.jpg',
    'A/B.jpg',
    '',
    'a/b/c/d/e.jpg',
  ])('refuses the key %j for every operation', async (key) => {
    await expect(store.put(key, Buffer.from('z'), 'image/jpeg')).rejects.toBeInstanceOf(MediaKeyError);
    await expect(store.get(key)).rejects.toBeInstanceOf(MediaKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(MediaKeyError);
    expect(() => store.url(key)).toThrow(MediaKeyError);
  });

  it('never reads a file beside its directory', async () => {
    await writeFile(join(dir, 'secret.jpg'), 'secret');
    await expect(store.get('../../secret.jpg')).rejects.toBeInstanceOf(MediaKeyError);
    expect(await readdir(dir)).toContain('secret.jpg');
  });
});
