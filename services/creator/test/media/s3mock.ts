// An S3-compatible server of the test file's own: Adobe S3Mock started from its Maven Central jar
// (scripts/local-servers.mjs), or the server S3_TEST_ENDPOINT names (with Docker, say), with a fresh bucket.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { endProcessGroup, startS3Mock } from '../../../../scripts/local-servers.mjs';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

/** Any credentials do for S3Mock; a server named by S3_TEST_ENDPOINT gets them from S3_TEST_* too. */
export const testCredentials = {
  accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID ?? 'test-key',
  secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY ?? 'test-secret',
};

/** A first run fetches the jar with Maven: give a hook this long. */
export const S3MOCK_START_TIMEOUT_MS = 180_000;

export async function s3TestServer(): Promise<S3TestServer> {
  const bucket = `media-${randomUUID().slice(0, 8)}`;
  const existing = process.env.S3_TEST_ENDPOINT;
  if (existing) {
    const client = new S3Client({
      endpoint: existing,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: testCredentials,
    });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    client.destroy();
    return { endpoint: existing, bucket, stop: async () => {} };
  }
  const server = await startS3Mock({ name: `s3mock-${randomUUID().slice(0, 8)}`, buckets: [bucket] });
  return {
    endpoint: server.endpoint,
    bucket,
    async stop() {
      await endProcessGroup(server.pid);
      rmSync(server.dir, { recursive: true, force: true });
      rmSync(server.logFile, { force: true });
    },
  };
}
