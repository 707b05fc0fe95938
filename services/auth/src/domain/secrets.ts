// Random one-time secrets and their stored form: only a SHA-256 digest is kept, never the secret.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A url-safe random secret of `bytes` bytes (32 bytes = 256 bits by default). */
export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** Compares two strings in time independent of where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
