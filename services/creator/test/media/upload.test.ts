// Uploads and the media route through Fastify, on a bare app with the house plumbing (serverOptions, the kit's
// error handler): a form read within its limits, every refusal answered with the catalogue's envelope, never a
// 500, and stored images served with their type and caching headers, and nothing outside the store.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorEnvelope, ImageAssetSchema, type ErrorCode } from '@travelclub/contracts';
import { applyHttpConventions, serverOptions, type ServiceApp } from '@travelclub/kit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_LIMITS, saveImage } from '../../src/media/images.js';
import { localStore } from '../../src/media/local-store.js';
import type { MediaStorage } from '../../src/media/storage.js';
import { mediaRoutes, readImageUpload, readMultipartForm, registerMultipart } from '../../src/media/upload.js';
import * as images from './fixtures.js';

async function uploadApp(storage: MediaStorage) {
  const base = Fastify(serverOptions({ name: 'creator-media-test', logLevel: 'silent' }));
  applyHttpConventions(base);
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('serviceName', 'creator');
  await registerMultipart(app, { maxBytes: DEFAULT_IMAGE_LIMITS.maxBytes, maxFiles: 2, maxFields: 3 });
  // What the profile routes will do: one image from its field, through the pipeline.
  app.post('/upload', async (req, reply) => {
    const file = await readImageUpload(req, 'image');
    return reply.code(201).send(await saveImage(storage, file.bytes));
  });
  // A file's stream straight into the pipeline, as it arrives (the parser cuts it at the file size limit).
  app.post('/upload-stream', async (req, reply) => {
    const part = await req.file();
    if (!part) throw new Error('no file');
    return reply.code(201).send(await saveImage(storage, part.file));
  });
  app.post('/form', async (req) => {
    const { fields, files } = await readMultipartForm(req);
    return {
      fields,
      files: files.map(({ field, filename, mimetype, bytes }) => ({ field, filename, mimetype, size: bytes.length })),
    };
  });
  mediaRoutes(app as unknown as ServiceApp, storage);
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

/** A form with the image in `field`, named and typed as a browser would send it. */
function form(bytes: Buffer, { field = 'image', name = 'photo.jpg', type = 'image/jpeg' } = {}) {
  const body = new FormData();
  body.append('image' === field ? 'caption' : 'other', 'My trip');
  body.append(field, new Blob([bytes], { type }), name);
  return body;
}

const upload = (payload: FormData | string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/upload', payload, headers });

function expectRefusal(res: { statusCode: number; json: () => unknown }, code: ErrorCode, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual(errorEnvelope(code));
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

  it('refuses a file over 10 MiB with 413 image-too-large, as it arrives', async () => {
    const res = await upload(form(Buffer.alloc(DEFAULT_IMAGE_LIMITS.maxBytes + 1, 0xff)));
    expectRefusal(res, 'image-too-large', 413);
    expect(res.json().error.message).toBe('The image is too large. Please upload one under 10 MB and 40 megapixels.');
  });

  it('refuses a file over the limit with 413 image-too-large when its stream goes straight into the pipeline', async () => {
    const streamed = (payload: FormData) => app.inject({ method: 'POST', url: '/upload-stream', payload });
    const tooBig = await streamed(form(Buffer.alloc(DEFAULT_IMAGE_LIMITS.maxBytes + 1, 0xff)));
    expectRefusal(tooBig, 'image-too-large', 413);
    expect((await streamed(form(await images.cameraJpeg()))).statusCode).toBe(201);
  });

  it('refuses a decompression bomb with 413 image-too-large', async () => {
    expectRefusal(
      await upload(form(images.pngBomb(), { name: 'tiny.png', type: 'image/png' })),
      'image-too-large',
      413,
    );
  });

  it('answers 400 image-missing to a form without the image, an empty file input, or a body that is no form', async () => {
    expectRefusal(await upload(form(await images.webp(), { field: 'other' })), 'image-missing', 400);
    expectRefusal(
      await upload(form(Buffer.alloc(0), { name: '', type: 'application/octet-stream' })),
      'image-missing',
      400,
    );
    const json = await upload(JSON.stringify({ image: 'x' }), { 'content-type': 'application/json' });
    expectRefusal(json, 'image-missing', 400);
  });

  it('refuses more files or fields than the limits with 413 payload-too-large', async () => {
    const tooManyFiles = form(await images.webp());
    tooManyFiles.append('image', new Blob([await images.webp()]), 'b.webp');
    tooManyFiles.append('image', new Blob([await images.webp()]), 'c.webp');
    expectRefusal(await upload(tooManyFiles), 'payload-too-large', 413);
    const tooManyFields = form(await images.webp());
    for (const name of ['a', 'b', 'c']) tooManyFields.append(name, 'x');
    expectRefusal(await upload(tooManyFields), 'payload-too-large', 413);
  });

  it('answers 400 to a multipart body that is cut short', async () => {
    const res = await upload('--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nabc', {
      'content-type': 'multipart/form-data; boundary=xyz',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation-failed');
  });
});

describe('readMultipartForm', () => {
  it('gives the text fields and every file with its field, name, type and bytes', async () => {
    const body = new FormData();
    body.append('title', 'Our stay');
    body.append('cover', new Blob([Buffer.alloc(10)], { type: 'image/png' }), 'cover.png');
    body.append('tile', new Blob([Buffer.alloc(20)], { type: 'image/webp' }), 'tile.webp');
    const res = await app.inject({ method: 'POST', url: '/form', payload: body });
    expect(res.json()).toEqual({
      fields: { title: 'Our stay' },
      files: [
        { field: 'cover', filename: 'cover.png', mimetype: 'image/png', size: 10 },
        { field: 'tile', filename: 'tile.webp', mimetype: 'image/webp', size: 20 },
      ],
    });
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
