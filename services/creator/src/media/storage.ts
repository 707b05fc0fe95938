// Where uploaded images are kept, behind one small interface: a local directory (the default, served by this
// service under /api/v1/media) or an S3-compatible bucket, chosen by configuration (docs/creator.md, "Images").
import { flagSetting, positiveIntSetting } from '@travelclub/kit';
import { z } from 'zod';
import { localStore } from './local-store.js';
import { s3Store } from './s3-store.js';

export type MediaProvider = 'local' | 's3';

export interface StoredMedia {
  bytes: Buffer;
  contentType: string;
}

export interface MediaStorage {
  /** What an image asset names as its `provider`. */
  readonly provider: MediaProvider;
  /** Writes the bytes under `key`, replacing what was there; a reader never sees half a file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes and their type, or null when nothing is stored under `key`. */
  get(key: string): Promise<StoredMedia | null>;
  /** Removes `key`; removing what is not there is not an error. */
  delete(key: string): Promise<void>;
  /** The public link of `key`. */
  url(key: string): string;
  /** Lets go of connections (the S3 client's sockets). */
  close(): Promise<void>;
}

/**
 * A key is made of our own random ids, never of user input: lower-case segments of letters, digits, `.`, `_`
 * and `-`, each starting with a letter or digit (so no `.` or `..` segment), at most four deep.
 */
const KEY = /^[a-z0-9][a-z0-9._-]{0,99}(?:\/[a-z0-9][a-z0-9._-]{0,99}){0,3}$/;

export class MediaKeyError extends Error {
  constructor(key: string) {
    super(`Not a media key: ${JSON.stringify(key.slice(0, 120))}`);
    this.name = 'MediaKeyError';
  }
}

/** Throws a `MediaKeyError` unless `key` is a well-formed media key. */
export function checkMediaKey(key: string): string {
  if (!KEY.test(key)) throw new MediaKeyError(key);
  return key;
}

/** A link's origin (and path prefix) without its trailing slashes, so `${base}/${key}` has exactly one. */
export const trimBase = (url: string) => url.replace(/\/+$/, '');

/** The media settings, to spread into a service's config schema (`connectedServiceConfigSchema({...})`). */
export const mediaSettings = {
  /** `local` (a directory, served by this service) or `s3` (an S3-compatible bucket). */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  /** The local store's directory; a relative path is taken from the service's working directory. */
  MEDIA_DIR: z.string().min(1).default('.data/media'),
  /** The public origin of the local store's links (the gateway's, which routes /api/v1/media here). */
  PUBLIC_MEDIA_URL: z.url().default('http://localhost:8080'),
  /** The largest upload, in bytes (10 MiB). */
  MEDIA_MAX_BYTES: positiveIntSetting(10 * 1024 * 1024),
  /** The most pixels (width × height) an upload may declare, checked before anything is decoded. */
  MEDIA_MAX_PIXELS: positiveIntSetting(40_000_000),
  /** Images one account may upload in an hour (every file of a form counts). */
  MEDIA_FILES_PER_HOUR: positiveIntSetting(120),
  /** Megapixels (declared width × height) one account's uploads may have decoded in an hour. */
  MEDIA_MEGAPIXELS_PER_HOUR: positiveIntSetting(1_500),
  /** An S3-compatible server's endpoint (MinIO, R2, S3Mock); unset for AWS S3 itself. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Both or neither; without them the SDK's own chain (AWS_* variables, the pod's role) supplies them. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `bucket` in the path rather than in the host name: what most S3-compatible servers want. */
  S3_FORCE_PATH_STYLE: flagSetting(false),
  /** Where the bucket's objects are read publicly (a CDN in front of it); by default the bucket's own address. */
  S3_PUBLIC_URL: z.url().optional(),
};
export const MediaSettingsSchema = z.object(mediaSettings);
export type MediaSettings = z.infer<typeof MediaSettingsSchema>;

/** The store the settings choose; a setting the S3 store needs and lacks stops the service at start. */
export function createMediaStorage(settings: MediaSettings): MediaStorage {
  if (settings.MEDIA_STORE === 'local') {
    return localStore({ dir: settings.MEDIA_DIR, publicUrl: settings.PUBLIC_MEDIA_URL });
  }
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = settings;
  if (!bucket) throw new Error('S3_BUCKET is required when MEDIA_STORE is s3');
  if (!accessKeyId !== !secretAccessKey) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  }
  return s3Store({
    bucket,
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    publicUrl: settings.S3_PUBLIC_URL,
  });
}
