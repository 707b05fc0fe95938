// The image CDN (spec section 9): GET /api/v1/images/<publicId>?w=&h=&q= answers a generated JPEG fitted
// in the box, cacheable forever, since the same link always gives the same bytes.
import { createHash } from 'node:crypto';
import { ImageParamsSchema, ImageQuerySchema } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ImageCache, imageCacheKey, type ImageBox } from '../images/image-cache.js';
import { parseImageId, RENDERER_ID, renderImage } from '../images/render.js';

export interface ImageRoutesOptions {
  /** Whether an image of this id exists (its hotel does); without it, any well-formed id renders. */
  exists?: (publicId: string) => boolean | Promise<boolean>;
  /** Where rendered images are kept; a 64 MiB cache of the plugin's own by default. */
  cache?: ImageCache;
}

const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The bytes depend only on the id, the box and the renderer, so the ETag is made from those: a
 * revalidation is answered without rendering anything.
 */
export function imageEtag(publicId: string, box: ImageBox): string {
  const digest = createHash('sha256')
    .update(`${RENDERER_ID}|${imageCacheKey(publicId, box)}`)
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
  const cache = options.cache ?? new ImageCache(renderImage);
  const exists = options.exists;

  app.get(
    '/api/v1/images/:publicId',
    { schema: { params: ImageParamsSchema, querystring: ImageQuerySchema } },
    async (req, reply) => {
      const { publicId } = req.params;
      if (!parseImageId(publicId) || (exists && !(await exists(publicId)))) throw appError('image-not-found');
      const box = { w: req.query.w, h: req.query.h, q: req.query.q };
      const etag = imageEtag(publicId, box);
      reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
      if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
      const body = await cache.get(publicId, box);
      return reply.type('image/jpeg').send(body);
    },
  );
};
