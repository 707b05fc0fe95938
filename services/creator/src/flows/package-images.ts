// A package's photos: the cover (a new one replaces the old) and the gallery (up to its limit). Only the
// package's creator changes them; a photo taken off, or replaced, is removed from storage.
import { appError } from '@travelclub/kit';
import type { AuthUser, ImageAsset } from '@travelclub/contracts';
import { packageView } from '../domain/packages.js';
import type { PackageStore } from '../store/packages.js';

export type PackageImageFlows = ReturnType<typeof packageImageFlows>;

export function packageImageFlows({
  packages,
  discard,
}: {
  packages: PackageStore;
  discard: (a: ImageAsset[]) => Promise<void>;
}) {
  return {
    async setCover(user: AuthUser, id: string, asset: ImageAsset) {
      const changed = await packages.setCover(id, user.id, asset);
      if (!changed) throw appError('travel-package-not-found');
      if (changed.previous) await discard([changed.previous]);
      return packageView(changed.record);
    },

    async addToGallery(user: AuthUser, id: string, asset: ImageAsset) {
      const record = await packages.addImage(id, user.id, asset);
      if (record) return packageView(record);
      // Not theirs (or gone), or the gallery is full: the latter says so.
      if ((await packages.get(id))?.userId === user.id)
        throw appError('validation-failed', [{ path: 'image', message: 'The gallery is full' }]);
      throw appError('travel-package-not-found');
    },

    async remove(user: AuthUser, id: string, publicId: string) {
      const removed = await packages.removeImage(id, user.id, publicId);
      if (!removed) {
        if (!((await packages.get(id))?.userId === user.id)) throw appError('travel-package-not-found');
        throw appError('image-not-found');
      }
      await discard([removed]);
    },
  };
}
