// A request's path as the services' routers will read it: percent-decoded segment by segment, so every
// spelling of a route (`/auth/%61nonymous`, `/auth//anonymous/`) gets the same owner, auth and limits here,
// and the path that goes upstream is the one that was checked. Pure: no Fastify, no I/O.

export interface RequestTarget {
  /** The decoded path segments, without empty ones. */
  segments: string[];
  /** What to send upstream: the canonical path (the raw one when it already was) and the raw query. */
  url: string;
}

/** Characters a path segment may carry unencoded (RFC 3986 pchar); anything else is sent percent-encoded. */
const NOT_PCHAR = /[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu;
/** Left after one decoding, these would decode again somewhere down the line (`%2561` → `%61` → `a`). */
const STILL_ENCODED = /%[0-9A-Fa-f]{2}/;

/**
 * The target of a request (`/path?query`), or undefined when its meaning depends on who reads it: not an
 * origin-form path, a fragment, a backslash, a `.` or `..` segment, an encoded `/` or `\`, a broken or
 * double percent-encoding. Those are refused rather than guessed at.
 */
export function readRequestTarget(rawUrl: string): RequestTarget | undefined {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (path[0] !== '/' || path.includes('#') || path.includes('\\')) return undefined;

  const raw = path.split('/');
  const segments: string[] = [];
  const forwarded: string[] = [];
  let rewritten = false;
  for (let i = 1; i < raw.length; i++) {
    const rawSegment = raw[i]!;
    if (rawSegment === '') {
      // `//` or a trailing slash (the root `/` aside): dropped here, so dropped upstream too.
      if (raw.length > 2) rewritten = true;
      continue;
    }
    let segment = rawSegment;
    if (rawSegment.includes('%')) {
      try {
        segment = decodeURIComponent(rawSegment);
      } catch {
        return undefined; // `%zz`, a lone `%`, bytes that are not UTF-8
      }
      if (segment.includes('/') || segment.includes('\\') || STILL_ENCODED.test(segment)) return undefined;
      rewritten = true;
    }
    if (segment === '.' || segment === '..') return undefined;
    segments.push(segment);
    forwarded.push(segment === rawSegment ? rawSegment : segment.replace(NOT_PCHAR, encodeURIComponent));
  }
  if (!rewritten) return { segments, url: rawUrl };
  return { segments, url: `/${forwarded.join('/')}${queryAt === -1 ? '' : rawUrl.slice(queryAt)}` };
}
