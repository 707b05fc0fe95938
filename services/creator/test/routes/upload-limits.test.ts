// Uploads cost CPU, so each account has an hourly budget of files and of decoded megapixels: past either, a
// clear 429 `upload-limit-reached`, nothing of the refused form kept, and other accounts not held back.
import type { InjectOptions } from 'fastify';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectError, multipartForm, useCreator, type Caller } from '../helpers.js';

const world = useCreator({ MEDIA_FILES_PER_HOUR: '3', MEDIA_MEGAPIXELS_PER_HOUR: '10' });
const inject = (options: InjectOptions) => world.app.inject(options);

const storedIds = () => readdir(join(world.mediaDir, 'objects')).catch(() => [] as string[]);

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2e86c1' } })
    .png()
    .toBuffer();

async function upload(who: Caller, bytes: Buffer, which = 'creator/heroImage', remoteAddress = '127.0.0.1') {
  const form = multipartForm({}, [{ field: 'image', filename: 'me.png', contentType: 'image/png', bytes }]);
  return inject({
    method: 'POST',
    url: `/api/v1/userProfile/${who.id}/${which}`,
    remoteAddress,
    payload: form.payload,
    headers: { ...who.headers, ...form.headers },
  });
}

describe('the upload budget of an account', () => {
  it('answers 429 upload-limit-reached past the files of an hour, for that account only', async () => {
    const creator = await world.creator('Many Files');
    const small = await picture(400, 300);
    for (let i = 0; i < 3; i++) expect((await upload(creator, small)).statusCode).toBe(200);
    const before = await storedIds();
    const over = await upload(creator, small);
    expectError(over, 'upload-limit-reached');
    expect(over.json().error.message).toBe(
      'You have uploaded a lot of images in the last hour. Please try again later.',
    );
    expect(await storedIds()).toEqual(before);
    // Another account is not held back.
    const other = await world.creator('Other Uploader');
    expect((await upload(other, small)).statusCode).toBe(200);
  });

  it('answers 429 past the megapixels of an hour, counted from the header before anything is decoded', async () => {
    const creator = await world.creator('Large Photos');
    const fourMegapixels = await picture(2000, 2000);
    expect((await upload(creator, fourMegapixels)).statusCode).toBe(200);
    expect((await upload(creator, fourMegapixels)).statusCode).toBe(200);
    expectError(await upload(creator, fourMegapixels), 'upload-limit-reached');
  });

  it('counts anonymous callers by their client address: fresh anonymous tokens do not reset the budget', async () => {
    const small = await picture(300, 200);
    const client = `203.0.113.${1 + Math.floor(Math.random() * 254)}`;
    // An anonymous caller has no profile: the picture is read (and costs its decode) before that is found out.
    const anonymous = () => world.caller(['role/customer'], { isAnonymous: true });
    for (let i = 0; i < 3; i++)
      expectError(await upload(await anonymous(), small, 'profilePicture', client), 'profile-not-found');
    expectError(await upload(await anonymous(), small, 'profilePicture', client), 'upload-limit-reached');
  });
});
