// A creator's hero image and anyone's profile picture: uploaded through the pipeline onto the owner's profile,
// refused clearly when too big, a bomb or not a picture; a replaced image's files are removed.
import type { InjectOptions } from 'fastify';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngBomb } from '../media/fixtures.js';
import { expectError, multipartForm, useCreator, type Caller } from '../helpers.js';

// A small byte limit, so an ordinary photo can be too big without sending megabytes.
const world = useCreator({ MEDIA_MAX_BYTES: String(300_000) });
const inject = (options: InjectOptions) => world.app.inject(options);

/** The ids of the images in the local store (its files live under `objects/<publicId>/`). */
const storedIds = () => readdir(join(world.mediaDir, 'objects')).catch(() => [] as string[]);

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();

function upload(who: Caller, path: string, bytes: Buffer, filename = 'me.png', field = 'image') {
  const form = multipartForm({}, [{ field, filename, contentType: 'image/png', bytes }]);
  return inject({ method: 'POST', url: path, payload: form.payload, headers: { ...who.headers, ...form.headers } });
}

describe('profile images', () => {
  it('puts a hero image on a creator profile and removes the one it replaces', async () => {
    const creator = await world.creator('Hero Owner');
    const url = `/api/v1/userProfile/${creator.id}/creator/heroImage`;
    const first = await upload(creator, url, await picture(1200, 500));
    expect(first.statusCode).toBe(200);
    const hero = first.json().creatorProfile.heroImage;
    expect(hero).toMatchObject({ provider: 'local' });
    expect(Object.keys(hero.links).sort()).toEqual(['200px', '600px', 'original']);
    expect(await storedIds()).toContain(hero.publicId);

    const second = await upload(creator, url, await picture(1000, 400));
    expect(second.json().creatorProfile.heroImage.publicId).not.toBe(hero.publicId);
    expect(await storedIds()).not.toContain(hero.publicId);
    const open = await inject({ method: 'GET', url: `/api/v1/userProfile/public/${creator.profile.slug}` });
    expect(open.json().creatorProfile.heroImage.publicId).toBe(second.json().creatorProfile.heroImage.publicId);
  });

  it('lets a traveller set a picture but not a hero image, and nobody touch another profile', async () => {
    const traveller = await world.caller();
    await inject({ method: 'POST', url: '/api/v1/userProfile', headers: traveller.headers });
    const bytes = await picture(300, 300);
    expectError(await upload(traveller, `/api/v1/userProfile/${traveller.id}/creator/heroImage`, bytes), 'forbidden');
    const own = await upload(traveller, `/api/v1/userProfile/${traveller.id}/profilePicture`, bytes, 'me.png', 'file');
    expect(own.json().creatorProfile.profilePicture.provider).toBe('local');
    const creator = await world.creator('Target');
    expectError(
      await upload(traveller, `/api/v1/userProfile/${creator.id}/profilePicture`, bytes),
      'profile-not-found',
    );
  });

  it('refuses an oversized file, a decompression bomb, a disguised file and an empty form, keeping nothing', async () => {
    const creator = await world.creator('Careful Uploader');
    const url = `/api/v1/userProfile/${creator.id}/creator/heroImage`;
    const before = await storedIds();
    // Noise does not compress: well over the 300 KB limit.
    const noisy = await sharp(
      Buffer.from(Array.from({ length: 600 * 600 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 600, height: 600, channels: 3 },
      },
    )
      .png()
      .toBuffer();
    const big = await upload(creator, url, noisy);
    expect([big.statusCode, big.json().error.code]).toEqual([413, 'image-too-large']);
    // 20,000 × 20,000 pixels in a few tens of kilobytes: 400 megapixels once decoded.
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(300_000);
    const exploded = await upload(creator, url, bomb);
    expect([exploded.statusCode, exploded.json().error.code]).toEqual([413, 'image-too-large']);
    const disguised = await upload(creator, url, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png');
    expect([disguised.statusCode, disguised.json().error.code]).toEqual([415, 'image-type-not-allowed']);
    const empty = multipartForm({ note: 'no file' });
    expectError(
      await inject({ method: 'POST', url, payload: empty.payload, headers: { ...creator.headers, ...empty.headers } }),
      'image-missing',
    );
    expect(await storedIds()).toEqual(before);
    expect(
      (await inject({ method: 'GET', url: '/api/v1/userProfile', headers: creator.headers })).json().creatorProfile,
    ).toEqual({});
  });
});
