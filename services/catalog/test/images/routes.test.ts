// The image route on a bare app with the house plumbing (no MongoDB, Kafka or Redis): JPEG answers,
// cache headers, revalidation, the error envelopes; and the cache behind it.
import { applyHttpConventions, serverOptions } from '@travelclub/kit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageCache, type ImageBox } from '../../src/images/image-cache.js';
import { renderImage } from '../../src/images/render.js';
import { imageRoutes, type ImageRoutesOptions } from '../../src/routes/images.js';

async function imageApp(options: ImageRoutesOptions = {}) {
  const base = Fastify(serverOptions({ name: 'catalog-images-test', logLevel: 'silent' }));
  applyHttpConventions(base);
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(imageRoutes, options);
  await app.ready();
  return app;
}

/** A renderer that counts its calls and answers small fake bodies. */
function countingRenderer(size = 10) {
  const calls: string[] = [];
  const render = async (publicId: string, box: ImageBox) => {
    calls.push(`${publicId}|${box.w}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return Buffer.alloc(size, box.w % 256);
  };
  return { calls, render };
}

const KNOWN_HOTELS = new Set(['h0a1b2c']);
let app: Awaited<ReturnType<typeof imageApp>>;
beforeAll(async () => {
  app = await imageApp({ exists: (publicId) => KNOWN_HOTELS.has(publicId.split('-')[0] ?? '') });
});
afterAll(() => app?.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('GET /api/v1/images/:publicId', () => {
  it('answers a JPEG fitted in the box, cacheable forever, with a strong ETag', async () => {
    const res = await get('/api/v1/images/h0a1b2c-1?w=400&h=400&q=90');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const { width, height } = await sharp(res.rawPayload).metadata();
    expect({ width, height }).toEqual({ width: 400, height: 267 });
    // The bytes are the renderer's own, for the same box.
    expect(res.rawPayload.equals(await renderImage('h0a1b2c-1', { w: 400, h: 400, q: 90 }))).toBe(true);
  });

  it('serves room images and uses the 3000 box and quality 90 by default', async () => {
    const res = await get('/api/v1/images/h0a1b2c-deluxe-king-1');
    expect(res.statusCode).toBe(200);
    const { width, height } = await sharp(res.rawPayload).metadata();
    expect({ width, height }).toEqual({ width: 1600, height: 1067 });
    const explicit = await get('/api/v1/images/h0a1b2c-deluxe-king-1?w=3000&h=3000&q=90');
    expect(explicit.headers.etag).toBe(res.headers.etag);
  });

  it('answers 304 to a matching If-None-Match, weak or in a list, with the caching headers and no body', async () => {
    const url = '/api/v1/images/h0a1b2c-2?w=600&h=600&q=90';
    const first = await get(url);
    const etag = first.headers.etag as string;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get(url, { 'if-none-match': ifNoneMatch });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBe(0);
    }
    const stale = await get(url, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('gives every box its own ETag', async () => {
    const a = await get('/api/v1/images/h0a1b2c-1?w=400&h=400&q=90');
    const b = await get('/api/v1/images/h0a1b2c-1?w=600&h=600&q=90');
    const c = await get('/api/v1/images/h0a1b2c-1?w=400&h=400&q=80');
    expect(new Set([a.headers.etag, b.headers.etag, c.headers.etag]).size).toBe(3);
  });

  it('refuses a malformed box with the validation envelope naming the field', async () => {
    const res = await get('/api/v1/images/h0a1b2c-1?w=abc');
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; details?: { path: string }[] } }>();
    expect(body.error.code).toBe('validation-failed');
    expect(body.error.details?.map((d) => d.path)).toContain('w');
  });

  it('refuses a box out of range and unknown query fields', async () => {
    expect((await get('/api/v1/images/h0a1b2c-1?w=5000')).statusCode).toBe(400);
    expect((await get('/api/v1/images/h0a1b2c-1?q=10')).statusCode).toBe(400);
    const extra = await get('/api/v1/images/h0a1b2c-1?width=100');
    expect(extra.statusCode).toBe(400);
    expect(extra.json<{ error: { details?: { path: string }[] } }>().error.details?.map((d) => d.path)).toContain(
      'width',
    );
  });

  it('answers image-not-found for an image whose hotel does not exist', async () => {
    const res = await get('/api/v1/images/hdeadbeef-1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'image-not-found', message: 'Image not found' } });
  });

  it('answers image-not-found for an id that is not an image form', async () => {
    for (const id of ['h0a1b2c', 'banner-image', 'h0a1b2c-deluxe-king']) {
      const res = await get(`/api/v1/images/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('image-not-found');
    }
  });

  it('renders any well-formed id when no existence check is given', async () => {
    const open = await imageApp();
    try {
      const res = await open.inject({ method: 'GET', url: '/api/v1/images/hzz99-standard-double-2?w=200&h=200' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect((await open.inject({ method: 'GET', url: '/api/v1/images/not-an-image' })).statusCode).toBe(404);
    } finally {
      await open.close();
    }
  });

  it('renders an image once for 50 requests at the same moment', async () => {
    const { calls, render } = countingRenderer();
    const counted = await imageApp({ cache: new ImageCache(render) });
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          counted.inject({ method: 'GET', url: '/api/v1/images/h0a1b2c-1?w=400&h=400' }),
        ),
      );
      expect(answers.every((res) => res.statusCode === 200)).toBe(true);
      expect(calls).toEqual(['h0a1b2c-1|400']);
      await counted.inject({ method: 'GET', url: '/api/v1/images/h0a1b2c-1?w=400&h=400' });
      expect(calls).toHaveLength(1);
    } finally {
      await counted.close();
    }
  });
});

describe('ImageCache', () => {
  const box = (w: number): ImageBox => ({ w, h: w, q: 90 });

  it('drops the least recently used image when over its byte budget', async () => {
    const { calls, render } = countingRenderer(100);
    const cache = new ImageCache(render, 250);
    await cache.get('h1-1', box(100));
    await cache.get('h1-2', box(100));
    await cache.get('h1-1', box(100)); // h1-1 is now the most recent
    await cache.get('h1-3', box(100)); // over budget: h1-2 goes
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(200);
    await cache.get('h1-1', box(100));
    await cache.get('h1-3', box(100));
    expect(calls).toEqual(['h1-1|100', 'h1-2|100', 'h1-3|100']);
    await cache.get('h1-2', box(100));
    expect(calls).toHaveLength(4);
  });

  it('keeps boxes of one image apart', async () => {
    const { calls, render } = countingRenderer();
    const cache = new ImageCache(render);
    await Promise.all([cache.get('h1-1', box(200)), cache.get('h1-1', box(400)), cache.get('h1-1', box(200))]);
    expect(calls.sort()).toEqual(['h1-1|200', 'h1-1|400']);
  });

  it('does not keep an image larger than the whole budget, nor a failure', async () => {
    const { calls, render } = countingRenderer(1000);
    const cache = new ImageCache(render, 500);
    await cache.get('h1-1', box(100));
    expect(cache.size).toBe(0);

    let fail = true;
    const flaky = new ImageCache(async () => {
      if (fail) throw new Error('render failed');
      return Buffer.from('ok');
    });
    await expect(flaky.get('h1-1', box(100))).rejects.toThrow('render failed');
    fail = false;
    await expect(flaky.get('h1-1', box(100))).resolves.toEqual(Buffer.from('ok'));
    expect(calls).toHaveLength(1);
  });
});
