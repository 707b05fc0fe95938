// Where to send the visitor after a session starts: only a path on this site, never another origin (an open
// redirect would let a link anywhere borrow our sign-in).
const BASE = 'http://same-site.invalid';

export function safeReturnUrl(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return fallback;
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
