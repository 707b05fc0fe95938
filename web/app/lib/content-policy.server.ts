// The security headers of the pages the web server renders. Scripts: the site's own files, and the inline
// scripts React Router and React write into a page (hydration data, the module loader, streamed parts) only
// with the nonce made for that page (entry.server.tsx). Everything else is the site itself plus the hosts its
// settings name (hotel images, a production map style and its tiles). Styles keep 'unsafe-inline': React Aria
// positions its popovers with style attributes, which a nonce cannot cover.

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
 * The content policy for the settings in `env` (IMAGES_BASE_URL, MAP_STYLE_URL, PUBLIC_URL) and a page's
 * nonce.
 */
export function contentSecurityPolicy(env: NodeJS.ProcessEnv, nonce: string): string {
  const site = originOf(env.PUBLIC_URL);
  const others = (url: string | undefined) => originOf(url).filter((origin) => !site.includes(origin));
  const images = others(env.IMAGES_BASE_URL);
  // A MapLibre style elsewhere brings its tiles, glyphs and sprites from its own host.
  const map = others(env.MAP_STYLE_URL);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...images, ...map].join(' '),
    ["font-src 'self' data:", ...map].join(' '),
    ["connect-src 'self'", ...map].join(' '),
    // MapLibre runs its workers from blob: URLs.
    'worker-src blob:',
    "child-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
