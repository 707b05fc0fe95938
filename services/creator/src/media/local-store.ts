// The local media store: files in a directory, each with its content type beside it in a parallel tree
// (`objects/<key>` and `types/<key>`), served by this service's media route.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { checkMediaKey, MediaKeyError, trimBase, type MediaStorage } from './storage.js';

export interface LocalStoreOptions {
  /** The store's directory, made when first written to. */
  dir: string;
  /** The public origin links start with; the media route answers under `/api/v1/media/`. */
  publicUrl: string;
}

const FALLBACK_TYPE = 'application/octet-stream';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Writes through a temporary file in the same folder, then renames it into place: readers see all or nothing. */
async function writeWhole(path: string, data: Buffer | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (err) {
    await rm(temporary, { force: true });
    throw err;
  }
}

/** Removes the folders a deletion left empty, up to (not including) `top`. */
async function removeEmptyParents(path: string, top: string): Promise<void> {
  for (let folder = dirname(path); folder.startsWith(top + sep); folder = dirname(folder)) {
    try {
      await rmdir(folder);
    } catch {
      return; // not empty (or gone already): stop here
    }
  }
}

export function localStore({ dir, publicUrl }: LocalStoreOptions): MediaStorage {
  const root = resolve(dir);
  const objects = resolve(root, 'objects');
  const types = resolve(root, 'types');
  const base = `${trimBase(publicUrl)}/api/v1/media`;

  /** The key's path under `top`; a key that would leave it is refused even if it passed the key pattern. */
  const pathIn = (top: string, key: string) => {
    const path = resolve(top, checkMediaKey(key));
    if (!path.startsWith(top + sep)) throw new MediaKeyError(key);
    return path;
  };

  return {
    provider: 'local',
    async put(key, bytes, contentType) {
      const [object, type] = [pathIn(objects, key), pathIn(types, key)];
      // The type first: a reader who finds the object also finds its type.
      await writeWhole(type, contentType);
      await writeWhole(object, bytes);
    },
    async get(key) {
      const [object, type] = [pathIn(objects, key), pathIn(types, key)];
      let bytes: Buffer;
      try {
        bytes = await readFile(object);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      const contentType = await readFile(type, 'utf8').catch((err: unknown) => {
        if (isMissing(err)) return FALLBACK_TYPE;
        throw err;
      });
      return { bytes, contentType };
    },
    async delete(key) {
      const [object, type] = [pathIn(objects, key), pathIn(types, key)];
      await rm(object, { force: true });
      await rm(type, { force: true });
      await Promise.all([removeEmptyParents(object, objects), removeEmptyParents(type, types)]);
    },
    url: (key) => `${base}/${checkMediaKey(key)}`,
    close: async () => {},
  };
}
