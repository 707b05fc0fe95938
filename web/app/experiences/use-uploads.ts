// A package's photos going up: each file checked first (type, size, room in the gallery), shown at once from
// the browser's own copy (`URL.createObjectURL`) with its progress, sent one after another through the API
// module's multipart upload, then replaced by the stored photo. A refused file keeps its preview and the
// API's reason until dismissed. Removing a stored photo is one call.
import { useQueryClient } from '@tanstack/react-query';
import type { ImageAsset, TravelPackage } from '@travelclub/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '~/lib/api-errors';
import { loadApi } from '~/lib/session';
import { packageQuery } from '~/lib/queries';
import { rememberPackage } from './queries';
import { checkImage, limits, messages } from './rules';

export type PhotoField = 'cover' | 'image';

export interface Upload {
  key: string;
  field: PhotoField;
  name: string;
  preview: string;
  /** 0 to 1. */
  progress: number;
  error?: string;
}

let lastUpload = 0;

export function usePhotoUploads(pkg: TravelPackage) {
  const client = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queue = useRef(Promise.resolve());
  const previews = useRef(new Set<string>());
  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const drop = useCallback((key: string) => {
    setUploads((all) => {
      const gone = all.find((u) => u.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.preview);
        previews.current.delete(gone.preview);
      }
      return all.filter((u) => u.key !== key);
    });
  }, []);

  useEffect(() => {
    const open = previews.current;
    return () => open.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  async function send(upload: Upload, file: File) {
    const api = await loadApi();
    const form = new FormData();
    form.append(upload.field, file);
    try {
      const answer = await api.upload(api.endpoints.creator.addPackageImage, { params: { id: pkg.id } }, form, {
        onProgress: (sent) => patch(upload.key, { progress: sent }),
      });
      rememberPackage(client, answer);
      drop(upload.key);
    } catch (err) {
      patch(upload.key, { error: messageOf(err) });
    }
  }

  function start(files: File[], field: PhotoField) {
    let room = limits.gallery - pkg.gallery.length - uploads.filter((u) => u.field === 'image' && !u.error).length;
    const added = (field === 'cover' ? files.slice(0, 1) : files).map((file) => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      let refusal = checkImage(file) ?? undefined;
      if (!refusal && field === 'image' && room-- <= 0) refusal = messages.galleryFull;
      const upload: Upload = {
        key: `upload-${++lastUpload}`,
        field,
        name: file.name,
        preview,
        progress: 0,
        error: refusal,
      };
      if (!refusal) queue.current = queue.current.then(() => send(upload, file));
      return upload;
    });
    setUploads((all) => [...all, ...added]);
  }

  return { uploads, start, dismiss: drop };
}

/** Takes a stored photo (the cover or one of the gallery) off the package. */
export function usePhotoRemoval(pkg: TravelPackage) {
  const client = useQueryClient();
  const [removing, setRemoving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function remove(asset: ImageAsset) {
    setRemoving(asset.publicId);
    setError(null);
    try {
      const api = await loadApi();
      await api.call(api.endpoints.creator.removePackageImage, {
        params: { id: pkg.id },
        query: { publicId: asset.publicId },
      });
      client.setQueryData(packageQuery(pkg.id).queryKey, (old) =>
        old
          ? {
              ...old,
              cover: old.cover?.publicId === asset.publicId ? undefined : old.cover,
              gallery: old.gallery.filter((photo) => photo.publicId !== asset.publicId),
            }
          : old,
      );
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setRemoving(null);
    }
  }

  return { remove, removing, error };
}
