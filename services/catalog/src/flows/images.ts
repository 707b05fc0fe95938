// The image CDN (spec section 9): the generated JPEG of an image id fitted in a box. Only the boxes the web's
// links ask for are rendered (`imageBoxes` in contracts: the route's query takes no other), only a few at once,
// and what was rendered is kept in memory.
import type { ImageBox, ImagePainter } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { createHash } from 'node:crypto';
import { DEFAULT_CACHE_BYTES, ImageCache, imageCacheKey, RenderLimit, type Renderer } from './image-cache.js';

export interface ImageFlowOptions {
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

export function imageFlows(options: ImageFlowOptions) {
  const { painter, exists } = options;
  const render = options.render ?? ((publicId: string, box: ImageBox) => painter.paint(publicId, box));
  const limit = new RenderLimit(options.maxRenders ?? 2, options.maxWaitingRenders ?? 32);
  // The cache shares a render under way among its requests, so a burst for one image takes one slot.
  const cache = new ImageCache(
    (publicId, box) => limit.run(() => render(publicId, box)),
    options.cacheBytes ?? DEFAULT_CACHE_BYTES,
  );
  return {
    /** The image's ETag, for an id the painter draws and whose hotel exists; otherwise `image-not-found`. */
    async etag(publicId: string, box: ImageBox): Promise<string> {
      if (!painter.draws(publicId) || (exists && !(await exists(publicId)))) throw appError('image-not-found');
      return imageEtag(painter, publicId, box);
    },

    /** The JPEG: kept, or rendered now (RenderBusyError when every render slot and place in line is taken). */
    jpeg: (publicId: string, box: ImageBox): Promise<Uint8Array> => cache.get(publicId, box),
  };
}
export type ImageFlows = ReturnType<typeof imageFlows>;
