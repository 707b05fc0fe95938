// The creator service's uploaded images, served from its local store (docs/creator.md, "Images"): public bytes,
// so the answer is declared as not JSON, like the catalog's image route.
import { z } from 'zod';
import { accessOf, endpoint } from '../endpoint.js';

const { open } = accessOf('creator');
const NotJson = z.unknown();

/** An image's stored file: `<publicId>/<variant>.<extension>`, the key the upload pipeline wrote. */
export const CreatorMediaParamsSchema = z.strictObject({
  publicId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'Not an image id'),
  file: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,49}\.[a-z0-9]{1,10}$/, 'Not an image file'),
});

export const creatorMediaEndpoints = {
  // The bytes as stored, with their type, cacheable forever: a key is random and never written twice.
  media: endpoint(open, 'GET', '/api/v1/media/:publicId/:file', {
    params: CreatorMediaParamsSchema,
    responses: { 200: NotJson },
    errors: ['image-not-found'],
  }),
} as const;
