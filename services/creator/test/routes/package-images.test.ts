// A package's photos through the upload routes: a cover replaced (the old one removed from storage), gallery
// photos added and taken off, only by the package's creator; wrong files refused with nothing kept.
import type { TravelPackage } from '@travelclub/contracts';
import type { InjectOptions } from 'fastify';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, multipartForm, useCreator, type Caller } from '../helpers.js';

const world = useCreator();
const inject = (options: InjectOptions) => world.app.inject(options);
const storedIds = () => readdir(join(world.mediaDir, 'objects')).catch(() => [] as string[]);

let photo: Buffer;
beforeAll(async () => {
  photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#1f6f8b' } })
    .jpeg()
    .toBuffer();
});

const draft = (who: Caller) =>
  inject({
    method: 'PUT',
    url: '/api/v1/travelpackage',
    headers: who.headers,
    payload: {
      title: 'Coast walk',
      summary: 'Three days on foot.',
      days: [{ title: 'Day one' }],
      capacity: 2,
      pricing: { kind: 'liveQuote' },
      offeredDates: { kind: 'any' },
    },
  }).then((res) => {
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TravelPackage>();
  });

function upload(who: Caller, id: string, field: string, bytes = photo) {
  const form = multipartForm({}, [{ field, filename: 'p.jpg', contentType: 'image/jpeg', bytes }]);
  return inject({
    method: 'POST',
    url: `/api/v1/travelpackage/${id}/image`,
    payload: form.payload,
    headers: { ...who.headers, ...form.headers },
  });
}

describe('package photos', () => {
  it('sets and replaces the cover, adds gallery photos and takes them off', async () => {
    const creator = await world.creator('Walker');
    const pkg = await draft(creator);
    const first = await upload(creator, pkg.id, 'cover');
    expect(first.statusCode).toBe(200);
    const cover = first.json<TravelPackage>().cover!;
    const second = (await upload(creator, pkg.id, 'cover')).json<TravelPackage>();
    expect(second.cover!.publicId).not.toBe(cover.publicId);
    expect(await storedIds()).not.toContain(cover.publicId);

    const withPhoto = (await upload(creator, pkg.id, 'image')).json<TravelPackage>();
    expect(withPhoto.gallery).toHaveLength(1);
    const [image] = withPhoto.gallery;
    const removed = await inject({
      method: 'DELETE',
      url: `/api/v1/travelpackage/${pkg.id}/image?publicId=${image!.publicId}`,
      headers: creator.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await storedIds()).not.toContain(image!.publicId);
    const again = await inject({
      method: 'DELETE',
      url: `/api/v1/travelpackage/${pkg.id}/image?publicId=${image!.publicId}`,
      headers: creator.headers,
    });
    expectError(again, 'image-not-found');
    const read = await inject({ method: 'GET', url: `/api/v1/travelpackage/${pkg.id}`, headers: creator.headers });
    expect(read.json<TravelPackage>()).toMatchObject({ gallery: [], cover: second.cover });
  });

  it('refuses another creator, a customer and a file that is not a picture, keeping nothing', async () => {
    const creator = await world.creator('Owner Walker');
    const pkg = await draft(creator);
    const before = await storedIds();
    expectError(await upload(await world.creator('Stranger'), pkg.id, 'image'), 'travel-package-not-found');
    expectError(await upload(await world.caller(), pkg.id, 'image'), 'forbidden');
    const fake = await upload(creator, pkg.id, 'image', Buffer.from('%PDF-1.7 not a picture'));
    expect([fake.statusCode, fake.json().error.code]).toEqual([415, 'image-type-not-allowed']);
    expect(await storedIds()).toEqual(before);
  });
});
