// What one account may upload in an hour, whichever instance answers (Redis): files, and megapixels decoded (each
// upload's declared size, counted after its header is read and before a pixel is decoded). Over either, the
// upload is refused with 429 `upload-limit-reached`, and the form's images stored so far are removed.
import { appError, windowLimit, type ServiceApp } from '@travelclub/kit';
import type { UploadBudget } from './images.js';

export interface UploadBudgetSettings {
  /** Redis key prefix of the service's rate limits. */
  prefix: string;
  MEDIA_FILES_PER_HOUR: number;
  MEDIA_MEGAPIXELS_PER_HOUR: number;
}

/** The budget of each account (any key naming who uploads). */
export function uploadBudgets(redis: ServiceApp['redis'], settings: UploadBudgetSettings) {
  const hourly = (name: string, points: number) =>
    windowLimit(redis, { prefix: `${settings.prefix}:upload-${name}`, points, windowSeconds: 3600 });
  const files = hourly('files', settings.MEDIA_FILES_PER_HOUR);
  const megapixels = hourly('megapixels', settings.MEDIA_MEGAPIXELS_PER_HOUR);
  return (account: string): UploadBudget => ({
    async charge(pixels) {
      if (!(await files.take(account))) throw appError('upload-limit-reached');
      if (!(await megapixels.take(account, Math.max(1, Math.ceil(pixels / 1e6)))))
        throw appError('upload-limit-reached');
    },
  });
}
