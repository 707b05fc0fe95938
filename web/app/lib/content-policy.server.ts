// The security headers of the pages the web server renders. Scripts: the site's own files, and the inline
// scripts React Router and React write into a page (hydration data, the module loader, streamed parts) only
// with the nonce made for that page (`pageNonce`, entry.server.tsx). Everything else is the site itself plus the hosts its
// settings name (hotel images, a production map style and its tiles). Styles keep 'unsafe-inline': React Aria
// positions its popovers with style attributes, which a nonce cannot cover.
import { randomFillSync } from 'node:crypto';

/** The origin of an absolute http(s) URL, or nothing for a path on this site (or a broken setting). */
function originOf(url: string | undefined): string[] {
  if (!url || !/^https?:\/\//i.test(url)) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * Where creators' uploaded images are read, from the creator service's own media settings (the web server gets
 * the same ones): the local store's PUBLIC_MEDIA_URL, or with MEDIA_STORE=s3 its S3_PUBLIC_URL (a CDN) or else
 * the bucket's own address, worked out as the creator's `bucketAddress` does
 * (services/creator/src/media/s3-store.ts).
 */
function mediaOrigin(env: NodeJS.ProcessEnv): string[] {
  if (env.MEDIA_STORE !== 's3') return originOf(env.PUBLIC_MEDIA_URL);
  if (env.S3_PUBLIC_URL) return originOf(env.S3_PUBLIC_URL);
  const [server] = originOf(env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION || 'us-east-1'}.amazonaws.com`);
  if (!server || !env.S3_BUCKET) return [];
  if (env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1') return [server];
  const { protocol, host } = new URL(server);
  // Through URL, as every other host here: a bucket name that is no host name names nothing.
  return originOf(`${protocol}//${env.S3_BUCKET}.${host}`);
}

/** A nonce's bytes: 128 bits, the least CSP asks for. */
const NONCE_BYTES = 16;
/** Nonces drawn at once: one call into the system's random source for 256 pages. */
const drawn = Buffer.alloc(NONCE_BYTES * 256);
let next = drawn.length;

/**
 * A fresh nonce for a page, each from bytes of its own. `randomBytes(16)` for every page cost 5 to 15 µs here (a
 * call into the system's random source each time), and up to 1.2% of the web server's CPU on pages rendered
 * afresh under load (bench:web's profile); a slice of a larger draw costs under 1 µs.
 */
export function pageNonce(): string {
  if (next === drawn.length) {
    randomFillSync(drawn);
    next = 0;
  }
  const nonce = drawn.toString('base64', next, next + NONCE_BYTES);
  next += NONCE_BYTES;
  return nonce;
}

/**
 * The content policy for the settings in `env` (IMAGES_BASE_URL, the media store's, MAP_STYLE_URL), as a
 * function of a page's nonce. Image hosts are named even when they are the site's own origin: 'self' is the
 * address the browser used, and a site reached under another name than its settings' (www. before its domain)
 * still links its pictures at the settings' one, and so does one opened under another site's name altogether
 * (localhost for npm start's 127.0.0.1): the images say any site may show them
 * (`Cross-Origin-Resource-Policy: cross-origin`).
 */
export function contentSecurityPolicy(env: NodeJS.ProcessEnv): (nonce: string) => string {
  // A MapLibre style elsewhere brings its tiles, glyphs and sprites from its own host.
  const map = originOf(env.MAP_STYLE_URL);
  const images = [...new Set([...originOf(env.IMAGES_BASE_URL), ...mediaOrigin(env), ...map])];
  // Everything but the nonce comes from the settings: worked out once, not for every page.
  const rest = [
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...images].join(' '),
    ["font-src 'self' data:", ...map].join(' '),
    ["connect-src 'self'", ...map].join(' '),
    // MapLibre runs its workers from blob: URLs.
    'worker-src blob:',
    "child-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return (nonce) => `default-src 'self'; script-src 'self' 'nonce-${nonce}'; ${rest}`;
}
