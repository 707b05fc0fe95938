// The image route on a bare app with the house plumbing (no MongoDB, Kafka or Redis): JPEG answers,
// cache headers, revalidation, the error envelopes; and the cache behind it.
import { endpoints, imageBoxes, type ImageBox } from '@travelclub/contracts';
import { demoPainter, renderImage } from '@travelclub/demo-catalog';
import { applyHttpConventions, registerEndpoints, serverOptions, type ServiceApp } from '@travelclub/kit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageCache, RenderLimit } from '../../src/flows/image-cache.js';
import { imageFlows, type ImageFlowOptions } from '../../src/flows/images.js';
import { imageRoutes } from '../../src/routes/images.js';

async function imageApp(options: Partial<ImageFlowOptions> = {}) {
  const base = Fastify(serverOptions({ name: 'catalog-images-test', logLevel: 'silent' }));
  applyHttpConventions(base);
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The image endpoint is public: registering it needs no guard, only the service's name.
  app.decorate('serviceName', 'catalog');
  const images = imageFlows({ painter: demoPainter, ...options });
  registerEndpoints(app as unknown as ServiceApp, { image: endpoints.catalog.image }, imageRoutes({ images }));
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
    // Any site may show it: the web app opened under another name than its links' (localhost, 127.0.0.1).
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
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
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.rawPayload.length).toBe(0);
    }
    const stale = await get(url, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('gives every box its own ETag', async () => {
    const a = await get('/api/v1/images/h0a1b2c-1?w=400&h=400&q=90');
    const b = await get('/api/v1/images/h0a1b2c-1?w=600&h=600&q=90');
    const c = await get('/api/v1/images/h0a1b2c-1?w=600&h=676&q=90');
    expect(new Set([a.headers.etag, b.headers.etag, c.headers.etag]).size).toBe(3);
  });

  it('serves the share image at 600 px wide and 16:9 (spec section 9)', async () => {
    const res = await get('/api/v1/images/h0a1b2c-1?w=600&h=676&q=90');
    expect(res.statusCode).toBe(200);
    // A baseline JPEG's size is in its SOF0 segment: height then width, two bytes each.
    const jpeg = res.rawPayload;
    const sof = jpeg.findIndex((byte, i) => byte === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2));
    expect([jpeg.readUInt16BE(sof + 7), jpeg.readUInt16BE(sof + 5)]).toEqual([600, 338]);
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

  it('renders only the boxes the web asks for: the original, 200 px, 600 px and the share image', async () => {
    for (const [name, { w, h, q }] of Object.entries(imageBoxes)) {
      const res = await get(`/api/v1/images/h0a1b2c-3?w=${w}&h=${h}&q=${q}`);
      expect(res.statusCode, name).toBe(200);
    }
    // Any other box is refused before anything is drawn, naming the first field no served box agrees with.
    for (const [query, field] of [
      ['w=500&h=500&q=90', 'w'],
      ['w=1234', 'w'],
      ['w=200&h=200&q=90', 'w'],
      ['w=400&h=600&q=90', 'h'],
      ['w=600&h=338&q=90', 'h'],
      ['w=600', 'h'],
      ['w=400&h=400&q=80', 'q'],
      ['w=3000&h=3000&q=100', 'q'],
    ] as const) {
      const res = await get(`/api/v1/images/h0a1b2c-3?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json<{ error: { code: string; details?: { path: string }[] } }>();
      expect(body.error.code, query).toBe('validation-failed');
      expect(
        body.error.details?.map((d) => d.path),
        query,
      ).toEqual([field]);
    }
  });

  it('never renders more images at once than its bound, however many distinct ones are asked at once', async () => {
    let running = 0;
    let peak = 0;
    // The real renderer, watched from outside the route.
    const watched = async (publicId: string, box: ImageBox) => {
      peak = Math.max(peak, ++running);
      try {
        return await renderImage(publicId, box);
      } finally {
        running--;
      }
    };
    const bounded = await imageApp({ render: watched, maxRenders: 2, maxWaitingRenders: 100 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          bounded.inject({ method: 'GET', url: `/api/v1/images/h0a1b2c-${i + 1}?w=400&h=400&q=90` }),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(16).fill(200));
      expect(peak).toBe(2);
    } finally {
      await bounded.close();
    }
  });

  it('answers 503 with Retry-After and no caching headers when the render queue is full', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const started: string[] = [];
    const held = async (publicId: string) => {
      started.push(publicId);
      await gate;
      return Buffer.from(publicId);
    };
    const busy = await imageApp({ render: held, maxRenders: 1, maxWaitingRenders: 2 });
    try {
      const ask = (n: number) => busy.inject({ method: 'GET', url: `/api/v1/images/h0a1b2c-${n}?w=400&h=400` });
      const answered: Awaited<ReturnType<typeof ask>>[] = [];
      const pending = [1, 2, 3, 4, 5].map((n) => ask(n).then((res) => (answered.push(res), res)));
      // One renders and two wait; the other two are refused at once, while the three are still under way.
      await expect.poll(() => answered.length).toBe(2);
      expect(started).toHaveLength(1);
      for (const res of answered) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ error: { code: 'service-unavailable' } });
        expect(res.headers['retry-after']).toBe('1');
        expect(res.headers['cache-control']).toBeUndefined();
        expect(res.headers.etag).toBeUndefined();
      }
      open();
      const codes = (await Promise.all(pending)).map((res) => res.statusCode);
      expect(codes.sort()).toEqual([200, 200, 200, 503, 503]);
      // Refused is not remembered: asked again, the image renders.
      for (const n of [1, 2, 3, 4, 5]) expect((await ask(n)).statusCode).toBe(200);
    } finally {
      await busy.close();
    }
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
      const res = await open.inject({ method: 'GET', url: '/api/v1/images/hzz99-standard-double-2?w=400&h=400' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect((await open.inject({ method: 'GET', url: '/api/v1/images/not-an-image' })).statusCode).toBe(404);
    } finally {
      await open.close();
    }
  });

  it('renders an image once for 50 requests at the same moment', async () => {
    const { calls, render } = countingRenderer();
    const counted = await imageApp({ render });
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

describe('RenderLimit', () => {
  it('hands a finished slot to the next in line, and refuses past the queue', async () => {
    const limit = new RenderLimit(2, 1);
    const gates: (() => void)[] = [];
    const task = () => new Promise<string>((resolve) => gates.push(() => resolve('done')));
    const first = limit.run(task);
    const second = limit.run(task);
    const third = limit.run(task);
    await expect(limit.run(task)).rejects.toThrow('too many image renders under way');
    expect([limit.active, limit.queued]).toEqual([2, 1]);
    gates[0]!();
    await first;
    await expect.poll(() => gates.length).toBe(3); // the waiting one got the slot
    expect([limit.active, limit.queued]).toEqual([2, 0]);
    gates[1]!();
    gates[2]!();
    await Promise.all([second, third]);
    expect([limit.active, limit.queued, limit.peak]).toEqual([0, 0, 2]);
  });

  it('gives a failed render its slot back', async () => {
    const limit = new RenderLimit(1, 0);
    await expect(limit.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(limit.run(() => Promise.resolve('ok'))).resolves.toBe('ok');
    expect(limit.active).toBe(0);
  });
});
