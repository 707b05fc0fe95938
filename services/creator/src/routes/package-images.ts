// A package's photos: multipart, one file in `cover` or `image`, through the upload pipeline.
import type { endpoints } from '@travelclub/contracts';
import { appError, type Handlers } from '@travelclub/kit';
import type { PackageImageFlows } from '../flows/package-images.js';
import type { MultipartReader } from './uploads.js';

export function packageImageRoutes(
  images: PackageImageFlows,
  readMultipart: MultipartReader,
): Handlers<Pick<typeof endpoints.creator, 'addPackageImage' | 'removePackageImage'>> {
  return {
    addPackageImage: async ({ params, user, req }) => {
      const form = await readMultipart(req, { single: ['cover', 'image'], many: [] });
      const cover = form.files.cover?.[0];
      const image = form.files.image?.[0];
      if (!cover && !image) throw appError('image-missing');
      if (cover && image) {
        await form.discard();
        throw appError('validation-failed', [{ path: 'image', message: 'Send one photo: a cover or an image' }]);
      }
      try {
        return cover
          ? await images.setCover(user, params.id, cover)
          : await images.addToGallery(user, params.id, image!);
      } catch (err) {
        await form.discard();
        throw err;
      }
    },
    removePackageImage: async ({ params, query, user }, reply) => {
      await images.remove(user, params.id, query.publicId);
      return reply.code(204).send();
    },
  };
}
