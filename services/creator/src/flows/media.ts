// Creators' images as the routes use them: an upload checked and stored by the pipeline (on the account's hourly
// budget), removed again when nothing uses it, and a stored image read back for the media route.
import type { ImageAsset } from '@travelclub/contracts';
import { appError, type ServiceApp } from '@travelclub/kit';
import type { MultipartFile } from '@fastify/multipart';
import type { CreatorConfig } from '../config.js';
import { uploadBudgets } from '../media/budget.js';
import { deleteImage, imageLimitsOf, saveImage } from '../media/images.js';
import { MediaKeyError, type MediaStorage, type StoredMedia } from '../media/storage.js';

export interface ImageIntake {
  /** Checks, converts and stores one uploaded file, on the account's hourly budget; throws the catalogue's refusal. */
  store(file: MultipartFile, account: string): Promise<ImageAsset>;
  remove(assets: ImageAsset[]): Promise<void>;
}

/** Uploaded images: checked and stored by the pipeline, removed when nothing uses them any more. */
export function imageIntake(storage: MediaStorage, config: CreatorConfig, redis: ServiceApp['redis']): ImageIntake {
  const limits = imageLimitsOf(config);
  const budgetOf = uploadBudgets(redis, { ...config, prefix: config.RATE_LIMIT_PREFIX });
  return {
    store: (file, account) => saveImage(storage, file.file, limits, budgetOf(account)),
    remove: async (assets) => void (await Promise.all(assets.map((asset) => deleteImage(storage, asset)))),
  };
}

/** A stored image by its public id and file name; a key that is not one of ours is not found either. */
export function storedImages(storage: MediaStorage) {
  return {
    async read(publicId: string, file: string): Promise<StoredMedia> {
      let stored: StoredMedia | null;
      try {
        stored = await storage.get(`${publicId}/${file}`);
      } catch (err) {
        if (!(err instanceof MediaKeyError)) throw err;
        stored = null;
      }
      if (!stored) throw appError('image-not-found');
      return stored;
    },
  };
}

export type StoredImages = ReturnType<typeof storedImages>;
