// The image CDN (spec section 9): GET /api/v1/images/<publicId>?w=&h=&q= answers a generated JPEG fitted
// in the box, cacheable forever, since the same link always gives the same bytes. Only the boxes the web's
// links ask for are rendered (`imageBoxes` in contracts), and only a few at once.
import { createHash } from 'node:crypto';
import { ImageParamsSchema, ImageQuerySchema, type ImageBox, type ImagePainter } from '@travelclub/contracts';
import { AppError, appError } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_CACHE_BYTES, ImageCache, imageCacheKey, type Renderer } from '../images/image-cache.js';
import { RenderBusyError, RenderLimit } from '../images/render-limit.js';

export interface ImageRoutesOptions {
  /** Draws the images: the ids it draws are the ones served. */
  painter: ImagePainter;
  /** Whether an image of this id exists (its hotel does); without it, any well-formed id renders. */
  exists?: (publicId: string) => boolean | Promise<boolean>;
  /** Draws an image instead of the painter (tests count or slow it down). */
  render?: Renderer;
  /** Bytes of rendered images kept in memory; 64 MiB by default. */
  cacheBytes?: number;
  /** Renders under way at once (2 by default), and renders that may wait for a turn (32 by default). */
  maxRenders?: number;
  maxWaitingRenders?: number;
}

/** What a refused render tells the client to wait: renders take a fraction of a second. */
const RETRY_AFTER_S = 1;
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The bytes depend only on the id, the box and the renderer, so the ETag is made from those: a
 * revalidation is answered without rendering anything.
 */
export function imageEtag(painter: ImagePainter, publicId: string, box: ImageBox): string {
  const digest = createHash('sha256')
    .update(`${painter.id}|${imageCacheKey(publicId, box)}`)
    .digest('base64url');
  return `"${digest.slice(0, 27)}"`;
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): a `W/` prefix still matches. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}

export const imageRoutes: FastifyPluginAsyncZod<ImageRoutesOptions> = async (app, options) => {
  const { painter, exists } = options;
  const render = options.render ?? ((publicId: string, box: ImageBox) => painter.paint(publicId, box));
  const limit = new RenderLimit(options.maxRenders ?? 2, options.maxWaitingRenders ?? 32);
  // The cache shares a render under way among its requests, so a burst for one image takes one slot.
  const cache = new ImageCache(
    (publicId, box) => limit.run(() => render(publicId, box)),
    options.cacheBytes ?? DEFAULT_CACHE_BYTES,
  );

  app.get(
    '/api/v1/images/:publicId',
    { schema: { params: ImageParamsSchema, querystring: ImageQuerySchema } },
    async (req, reply) => {
      const { publicId } = req.params;
      if (!painter.draws(publicId) || (exists && !(await exists(publicId)))) throw appError('image-not-found');
      const box = { w: req.query.w, h: req.query.h, q: req.query.q };
      const etag = imageEtag(painter, publicId, box);
      const caching = { 'cache-control': CACHE_CONTROL, etag };
      if (matches(req.headers['if-none-match'], etag)) return reply.code(304).headers(caching).send();
      let body: Uint8Array;
      try {
        body = await cache.get(publicId, box);
      } catch (err) {
        // Busy is a moment, not an answer to keep: no caching headers on it.
        if (!(err instanceof RenderBusyError)) throw err;
        reply.header('retry-after', RETRY_AFTER_S);
        throw new AppError('service-unavailable', undefined, { cause: err });
      }
      return reply.headers(caching).type('image/jpeg').send(body);
    },
  );
};
