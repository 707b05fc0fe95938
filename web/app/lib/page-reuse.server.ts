// A shared page's render, reused while its data is the same. The web server's page cache (web/server/page-cache.ts)
// keeps a page for visitors without a session for its route's few seconds; once they are over, the next visitor's
// request runs every loader again (fresh data, as each visit must have) and hands the entry the fingerprint of the
// data the kept page was rendered from. When this request's data has the same fingerprint, the page it would render
// is the kept one: the entry renders nothing and the cache sends the kept page again. Anything else renders as ever.
// Cheaper still, when every call the render made was answered with an answer kept by its ETag: the page cache asks
// those calls again with their tags, and all answered 304 (in the same hour) means the same data, without running
// React Router at all (`RecordedCall`, lib/api.server.ts).
import { isShareable } from '@travelclub/contracts';
import { createHash } from 'node:crypto';
import { createContext, type StaticHandlerContext } from 'react-router';

/** A call a shared render made: to which service, what, and the ETag its answer was kept by (none: not kept). */
export interface RecordedCall {
  baseUrl: string;
  url: string;
  etag: string | undefined;
}

/** What the page cache and the entry tell each other about one shared render. */
export interface PageReuse {
  /** The calls this render's loaders made, recorded by the web server as they are answered. */
  calls?: RecordedCall[];
  /** The fingerprint of the data the kept page was rendered from, if a page is kept. */
  previous?: string;
  /** This request's, set by the entry when its page may be reused at all. */
  fingerprint?: string;
  /** Set by the entry when `fingerprint` is `previous`: it rendered nothing. */
  unchanged?: boolean;
}

/** The request's `PageReuse`, given by the web server only for requests whose page may be shared. */
export const pageReuseContext = createContext<PageReuse | null>(null);

/** How long an answer may be shared: its `s-maxage` when it is `public`, else 0. */
export function sharedSeconds(cacheControl: string | null): number {
  if (!isShareable(cacheControl)) return 0;
  const match = /\bs-maxage=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

/** The hour a page is rendered in: a page may show dates counted from today, so its data is the hour's. */
export const hourOf = (now = new Date()) => now.toISOString().slice(0, 13);

/**
 * Values whose JSON says less than the page shows: a promise, map, set, error or any other class's instance
 * writes `{}`, a non-finite number `null`; a function or symbol is left out, and a bigint cannot be written.
 */
function opaque(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype !== Object.prototype && prototype !== null;
}

/**
 * What a page's markup follows from: its address, its loaders' data and the hour (a page may show dates counted
 * from today). None for a page that is not a plain success (an error, an action's answer) or whose data JSON
 * cannot write whole: it always renders.
 */
export function dataFingerprint(url: string, context: StaticHandlerContext, now = new Date()): string | undefined {
  if (context.statusCode !== 200 || context.errors || context.actionData) return undefined;
  let whole = true;
  let json: string;
  try {
    json = JSON.stringify(context.loaderData, (_key, value: unknown) => {
      if (opaque(value)) whole = false;
      return value;
    });
  } catch {
    // A cycle: not data a page is made from twice the same way.
    return undefined;
  }
  if (!whole) return undefined;
  return createHash('sha256')
    .update(`${url}\n${hourOf(now)}\n${json}`)
    .digest('base64url');
}

/**
 * Records this request's fingerprint on `reuse` (none: its page always renders); true when it is the kept
 * page's, so the page is not rendered again.
 */
export function unchangedSince(reuse: PageReuse, fingerprint: string | undefined): boolean {
  reuse.fingerprint = fingerprint;
  reuse.unchanged = reuse.fingerprint !== undefined && reuse.fingerprint === reuse.previous;
  return reuse.unchanged;
}
