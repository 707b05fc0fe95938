// The web app on the gateway's origin: which paths go to the web server (everything the gateway and the
// services do not own), which of them skip the rate limits, and the security headers of its answers.

/**
 * First path segments that are the gateway's or the services' (lower case, compared case-insensitively): a
 * path under them that no route owns is the JSON 404, never a page, so an API client never gets HTML.
 */
const NOT_PAGES = new Set(['api', 'internal', '.well-known', 'health', 'docs']);

/** Whether a path no service owns (its decoded segments: request-target.ts) is the web app's. */
export const isPagePath = (segments: readonly string[]): boolean =>
  segments.length === 0 || !NOT_PAGES.has(segments[0]!.toLowerCase());

/**
 * The web app's hashed build files: a page view loads several, and they are immutable, so they do not count
 * against the per-address limit. Reads only: anything else there still counts.
 */
export const isStaticAsset = (method: string, segments: readonly string[]): boolean =>
  (method === 'GET' || method === 'HEAD') && segments.length > 1 && segments[0] === 'assets';

/**
 * The policy of a web answer that brings none of its own (the web server gives each page one, with the nonce
 * its inline scripts carry). Without a nonce no inline script runs; everything else is the site itself, plus
 * images over https (hotel pictures may come from a CDN) and MapLibre's blob: workers.
 */
export const WEB_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'worker-src blob:',
  "child-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Headers a web answer gets unless it set them itself. `no-referrer` (the API's) would make browsers send
 * `Origin: null` with a page's own form posts, which React Router refuses as cross-site; `same-origin` keeps
 * the referrer (search ids in URLs) from other sites all the same.
 */
export const WEB_DEFAULT_HEADERS: readonly [name: string, value: string][] = [
  ['content-security-policy', WEB_CONTENT_SECURITY_POLICY],
  ['referrer-policy', 'same-origin'],
];
