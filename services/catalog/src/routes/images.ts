// The image CDN (spec section 9): GET /api/v1/images/<publicId>?w=&h=&q= answers a generated JPEG fitted in
// the box, cacheable forever, since the same link always gives the same bytes; a matching If-None-Match gets
// 304 without rendering anything, and a render that cannot start or wait gets 503 with Retry-After.
import type { endpoints } from '@travelclub/contracts';
import { AppError, noneMatch, PUBLIC_ASSET_HEADERS, type Handlers } from '@travelclub/kit';
import type { FastifyReply } from 'fastify';
import { RenderBusyError } from '../flows/image-cache.js';
import type { CatalogFlows } from '../flows/index.js';

type Endpoints = Pick<typeof endpoints.catalog, 'image'>;

/** What a refused render tells the client to wait: renders take a fraction of a second. */
const RETRY_AFTER_S = 1;

/** The JPEG, or 503 with Retry-After when busy: a moment, not an answer to keep, so no caching headers on it. */
async function jpegOrBusy(render: () => Promise<Uint8Array>, reply: FastifyReply): Promise<Uint8Array> {
  try {
    return await render();
  } catch (err) {
    if (!(err instanceof RenderBusyError)) throw err;
    reply.header('retry-after', RETRY_AFTER_S);
    throw new AppError('service-unavailable', undefined, { cause: err });
  }
}

export function imageRoutes({ images }: Pick<CatalogFlows, 'images'>): Handlers<Endpoints> {
  return {
    image: async ({ params: { publicId }, query: box, req }, reply) => {
      const etag = await images.etag(publicId, box);
      const caching = { ...PUBLIC_ASSET_HEADERS, etag };
      if (noneMatch(req.headers['if-none-match'], etag)) return reply.code(304).headers(caching).send();
      const body = await jpegOrBusy(() => images.jpeg(publicId, box), reply);
      return reply.headers(caching).type('image/jpeg').send(body);
    },
  };
}
