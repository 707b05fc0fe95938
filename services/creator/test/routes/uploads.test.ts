// Uploads and the media route through Fastify, on a bare app with the house plumbing (serverOptions, the kit's
// error handler): a form read by the service's multipart reader within its limits, each file streamed into the
// pipeline, every refusal answered with the catalogue's envelope (never a 500) and nothing of a refused form
// left in the store, and stored images served with their type and caching headers, and nothing outside the store.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  creatorMediaEndpoints,
  errorEnvelope,
  ImageAssetSchema,
  type ErrorCode,
  type ErrorDetail,
} from '@travelclub/contracts';
import { appError, applyHttpConventions, registerEndpoints, serverOptions, type ServiceApp } from '@travelclub/kit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_LIMITS, deleteImage, saveImage } from '../../src/media/images.js';
import { localStore } from '../../src/media/local-store.js';
import type { MediaStorage } from '../../src/media/storage.js';
import { storedImages, type ImageIntake } from '../../src/flows/media.js';
import { mediaHandlers, multipartReader, registerMultipart } from '../../src/routes/uploads.js';
import * as images from '../media/fixtures.js';

/** The service's intake (flows/index.ts): the pipeline over the store, and removal of what it stored. */
const intakeOver = (storage: MediaStorage): ImageIntake => ({
  store: (file) => saveImage(storage, file.file, DEFAULT_IMAGE_LIMITS),
  remove: async (assets) => void (await Promise.all(assets.map((asset) => deleteImage(storage, asset)))),
});

async function uploadApp(storage: MediaStorage) {
  const base = Fastify(serverOptions({ name: 'creator-media-test', logLevel: 'silent' }));
  applyHttpConventions(base);
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('serviceName', 'creator');
  await registerMultipart(app, {
    maxBytes: DEFAULT_IMAGE_LIMITS.maxBytes,
    maxFiles: 3,
    maxFields: 3,
    maxFieldBytes: 1024,
  });
  const readMultipart = multipartReader(intakeOver(storage));
  // What the profile routes do: the form's one image, `image-missing` without it.
  app.post('/upload', async (req, reply) => {
    const form = await readMultipart(req, { single: ['image'], many: [] });
    const image = form.files.image?.[0];
    if (!image) throw appError('image-missing');
    return reply.code(201).send(image);
  });
  // What a recommendation's form does: text fields, one cover, several images; `?discard` gives them up again.
  app.post('/form', async (req) => {
    const form = await readMultipart(req, { single: ['cover'], many: ['images'] });
    if ((req.query as { discard?: string }).discard !== undefined) await form.discard();
    return { fields: form.fields, files: form.files };
  });
  registerEndpoints(app as unknown as ServiceApp, creatorMediaEndpoints, mediaHandlers(storedImages(storage)));
  await app.ready();
  return app;
}

let dir: string;
let app: Awaited<ReturnType<typeof uploadApp>>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'creator-upload-'));
  app = await uploadApp(localStore({ dir: join(dir, 'store'), publicUrl: 'http://localhost:8080' }));
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every file the local store holds, so a refused form can be seen to leave nothing behind. */
async function stored(): Promise<string[]> {
  const found = await readdir(join(dir, 'store'), { recursive: true, withFileTypes: true }).catch(() => []);
  return found
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** A form with the image in `field`, named and typed as a browser would send it. */
function form(bytes: Buffer, { field = 'image', name = 'photo.jpg', type = 'image/jpeg' } = {}) {
  const body = new FormData();
  body.append('caption', 'My trip');
  body.append(field, new Blob([bytes], { type }), name);
  return body;
}

const upload = (payload: FormData | string | undefined, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/upload', payload, headers });
const postForm = (payload: FormData | string | Buffer, url = '/form', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

function expectRefusal(
  res: { statusCode: number; json: () => unknown },
  code: ErrorCode,
  status: number,
  details?: ErrorDetail[],
) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual(errorEnvelope(code, details));
}

describe('an image upload', () => {
  it('stores the image and answers its asset, whose links the media route serves', async () => {
    const res = await upload(form(await images.cameraJpeg()));
    expect(res.statusCode).toBe(201);
    const asset = ImageAssetSchema.parse(res.json());
    for (const [variant, width] of [
      ['original', 800],
      ['600px', 600],
      ['200px', 200],
    ] as const) {
      const link = new URL(asset.links[variant]);
      expect(link.pathname).toBe(`/api/v1/media/${asset.publicId}/${variant}.jpg`);
      const served = await app.inject({ method: 'GET', url: link.pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.width).toBe(width);
      expect(metadata.exif).toBeUndefined();
    }
    const head = await app.inject({ method: 'HEAD', url: new URL(asset.links['200px']).pathname });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
  });

  it('takes a PNG whatever name and type the browser gave it', async () => {
    const res = await upload(form(await images.smallPng(), { name: 'holiday.gif', type: 'text/plain' }));
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['a text file named photo.jpg', images.textFile],
    ['an SVG named photo.jpg', images.svgFile],
    ['a PDF named photo.jpg', images.pdfFile],
    ['a GIF', images.gif],
  ])('refuses %s with 415 image-type-not-allowed', async (_name, make) => {
    expectRefusal(await upload(form(await make())), 'image-type-not-allowed', 415);
  });

  it('refuses a file over 10 MiB with 413 image-too-large as it arrives, keeping nothing', async () => {
    const before = await stored();
    const res = await upload(form(Buffer.alloc(DEFAULT_IMAGE_LIMITS.maxBytes + 1, 0xff)));
    expectRefusal(res, 'image-too-large', 413);
    expect(res.json().error.message).toBe('The image is too large. Please upload one under 10 MB and 40 megapixels.');
    expect(await stored()).toEqual(before);
    // The parser is still fine for the next request.
    expect((await upload(form(await images.cameraJpeg()))).statusCode).toBe(201);
  });

  it('refuses a decompression bomb with 413 image-too-large', async () => {
    expectRefusal(
      await upload(form(images.pngBomb(), { name: 'tiny.png', type: 'image/png' })),
      'image-too-large',
      413,
    );
  });

  it('answers 400 image-missing to a form without the image or with an empty file input', async () => {
    const textOnly = new FormData();
    textOnly.append('caption', 'My trip');
    expectRefusal(await upload(textOnly), 'image-missing', 400);
    // A browser's file input with nothing chosen: a part with no name and no bytes.
    expectRefusal(
      await upload(form(Buffer.alloc(0), { name: '', type: 'application/octet-stream' })),
      'image-missing',
      400,
    );
  });

  it('answers 415 form-required to a body that is no form', async () => {
    const json = await upload(JSON.stringify({ image: 'x' }), { 'content-type': 'application/json' });
    expectRefusal(json, 'form-required', 415);
    expectRefusal(await upload(undefined), 'form-required', 415);
  });

  it('refuses more files or fields than the limits, or a field over its size, with 413 payload-too-large', async () => {
    const before = await stored();
    const tooManyFiles = new FormData();
    for (const name of ['a', 'b', 'c', 'd']) tooManyFiles.append('images', new Blob([await images.webp()]), name);
    expectRefusal(await postForm(tooManyFiles), 'payload-too-large', 413);
    // The three stored before the fourth arrived are removed again.
    expect(await stored()).toEqual(before);
    const tooManyFields = form(await images.webp());
    for (const name of ['a', 'b', 'c']) tooManyFields.append(name, 'x');
    expectRefusal(await upload(tooManyFields), 'payload-too-large', 413);
    const longField = new FormData();
    longField.append('title', 'x'.repeat(1025));
    expectRefusal(await postForm(longField), 'payload-too-large', 413, [
      { path: 'title', message: 'This field is too long' },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('answers 400 validation-failed to a multipart body that is cut short or has no boundary', async () => {
    const multipart = { 'content-type': 'multipart/form-data; boundary=xyz' };
    const cutInFile = await upload(
      '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nabc',
      multipart,
    );
    expectRefusal(cutInFile, 'validation-failed', 400, [{ path: 'body', message: 'The upload could not be read' }]);
    const cutInField = await postForm(
      '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nOur st',
      '/form',
      multipart,
    );
    expectRefusal(cutInField, 'validation-failed', 400, [{ path: 'body', message: 'The upload could not be read' }]);
    const noBoundary = await upload('--xyz\r\n', { 'content-type': 'multipart/form-data' });
    expectRefusal(noBoundary, 'validation-failed', 400, [{ path: 'body', message: 'The upload could not be read' }]);
  });

  it('removes a stored image again when the body is cut short after it', async () => {
    const before = await stored();
    const whole = Buffer.from(await new Response(form(await images.webp(), { field: 'cover' })).arrayBuffer());
    const boundary = whole.toString('latin1', 2, whole.indexOf('\r\n'));
    const cut = Buffer.concat([
      whole.subarray(0, whole.lastIndexOf(`--${boundary}--`)),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="b.webp"\r\n\r\nabc`),
    ]);
    const res = await postForm(cut, '/form', {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation-failed');
    expect(await stored()).toEqual(before);
  });
});

describe('multipartReader', () => {
  it('gives the text fields and each field’s stored images, in the order they came', async () => {
    const body = new FormData();
    body.append('title', 'Our stay');
    body.append('cover', new Blob([await images.smallPng()], { type: 'image/png' }), 'cover.png');
    body.append('images', new Blob([await images.webp()], { type: 'image/webp' }), 'one.webp');
    body.append('images', new Blob([await images.cameraJpeg()], { type: 'image/jpeg' }), 'two.jpg');
    const res = await postForm(body);
    expect(res.statusCode).toBe(200);
    const { fields, files } = res.json();
    expect(fields).toEqual({ title: 'Our stay' });
    expect(Object.keys(files).sort()).toEqual(['cover', 'images']);
    const [cover] = ImageAssetSchema.array().length(1).parse(files.cover);
    const [one, two] = ImageAssetSchema.array().length(2).parse(files.images);
    const widths = [];
    for (const asset of [cover!, one!, two!]) {
      const served = await app.inject({ method: 'GET', url: new URL(asset.links.original).pathname });
      expect(served.statusCode).toBe(200);
      widths.push((await sharp(served.rawPayload).metadata()).width);
    }
    // The camera photo (800 px wide once upright) came last.
    expect(widths[2]).toBe(800);
  });

  it('leaves out a file input with nothing chosen, as a browser sends it', async () => {
    const body = new FormData();
    body.append('title', 'No photos yet');
    body.append('cover', new Blob([], { type: 'application/octet-stream' }), '');
    const res = await postForm(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fields: { title: 'No photos yet' }, files: {} });
  });

  it('refuses a file in a field the form does not take with 400 validation-failed naming it, keeping nothing', async () => {
    const before = await stored();
    const body = new FormData();
    body.append('images', new Blob([await images.webp()]), 'a.webp');
    body.append('other', new Blob([await images.webp()]), 'b.webp');
    expectRefusal(await postForm(body), 'validation-failed', 400, [
      { path: 'other', message: 'This field takes no more files' },
    ]);
    expectRefusal(await upload(form(await images.webp(), { field: 'other' })), 'validation-failed', 400, [
      { path: 'other', message: 'This field takes no more files' },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('refuses a second file in a single-file field with 400 validation-failed naming it, keeping nothing', async () => {
    const before = await stored();
    const body = new FormData();
    body.append('cover', new Blob([await images.webp()]), 'a.webp');
    body.append('cover', new Blob([await images.webp()]), 'b.webp');
    expectRefusal(await postForm(body), 'validation-failed', 400, [
      { path: 'cover', message: 'This field takes no more files' },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('removes what it stored when the form is discarded', async () => {
    const before = await stored();
    const body = new FormData();
    body.append('cover', new Blob([await images.webp()]), 'a.webp');
    body.append('images', new Blob([await images.smallPng()]), 'b.png');
    const res = await postForm(body, '/form?discard');
    expect(res.statusCode).toBe(200);
    const assets = [...ImageAssetSchema.array().parse(res.json().files.cover), ...res.json().files.images];
    expect(assets).toHaveLength(2);
    for (const asset of ImageAssetSchema.array().parse(assets)) {
      const gone = await app.inject({ method: 'GET', url: new URL(asset.links['200px']).pathname });
      expectRefusal(gone, 'image-not-found', 404);
    }
    expect(await stored()).toEqual(before);
  });
});

describe('GET /api/v1/media/:publicId/:file', () => {
  it('answers 404 image-not-found for a key the store does not hold', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/media/4f1c2b9e-0000-4000-8000-000000000000/200px.jpg',
    });
    expectRefusal(res, 'image-not-found', 404);
  });

  it.each([
    '/api/v1/media/..%2F..%2F..%2Fsecret/txt.txt',
    '/api/v1/media/..%2Fsecret.txt/x.jpg',
    '/api/v1/media/%2e%2e/secret.txt',
    '/api/v1/media/objects/..%2F..%2Fsecret.txt',
    '/api/v1/media/../../secret.txt',
    '/api/v1/media/a/b/c.jpg',
  ])('never serves a file outside the store: %s', async (url) => {
    await writeFile(join(dir, 'secret.txt'), 'secret');
    const res = await app.inject({ method: 'GET', url });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('secret');
    expect(res.json().error.code).toMatch(/^(validation-failed|image-not-found|not-found)$/);
  });
});
