// Random one-time secrets and their stored form: only a SHA-256 digest is kept, never the secret. A value
// that must be given back later to the holder of a secret is kept sealed with that secret.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** A url-safe random secret of `bytes` bytes (32 bytes = 256 bits by default). */
export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** Compares two strings in time independent of where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Encrypts `value` under a key derived from `secret` (AES-256-GCM), so only someone who holds `secret` can
 * read it back: what is stored this way is useless to whoever reads the database alone.
 */
export function sealWith(secret: string, value: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret, context), iv);
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The value `sealWith` sealed with the same secret and context; null for any other secret or a damaged seal. */
export function openWith(secret: string, sealed: string, context: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret, context), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const sealKey = (secret: string, context: string) =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `travelclub:${context}`, 32));
