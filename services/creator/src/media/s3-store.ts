// The S3 media store: objects in a bucket of AWS S3 or any S3-compatible server (MinIO, R2, S3Mock in the tests),
// read publicly from the bucket's address or a CDN in front of it.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { IMMUTABLE_CACHE_CONTROL } from '@travelclub/kit';
import { checkMediaKey, trimBase, type MediaStorage } from './storage.js';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server's address; AWS S3 itself when unset. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** From the environment; the SDK's own chain when unset. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where objects are read publicly; the bucket's own address when unset. */
  publicUrl?: string;
}

/** What the objects' links start with when no public address is configured: the bucket's own. */
export function bucketAddress({ bucket, region, endpoint, forcePathStyle }: S3StoreOptions): string {
  const server = new URL(endpoint ?? `https://s3.${region}.amazonaws.com`);
  if (forcePathStyle) return `${trimBase(server.href)}/${bucket}`;
  return `${server.protocol}//${bucket}.${server.host}`;
}

/** Keys are made of ids only, but each segment is encoded anyway, as any link should be. */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

export function s3Store(options: S3StoreOptions): MediaStorage {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const base = trimBase(options.publicUrl ?? bucketAddress(options));

  return {
    provider: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: checkMediaKey(key),
          Body: bytes,
          ContentType: contentType,
          // Served forever: a key is random and never written twice.
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkMediaKey(key) }));
        const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        return { bytes, contentType: answer.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkMediaKey(key) }));
    },
    url: (key) => `${base}/${encodeKey(checkMediaKey(key))}`,
    close: async () => client.destroy(),
  };
}
