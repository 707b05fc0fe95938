// A shared page's render, reused while its data is the same. The web server's page cache (web/server/page-cache.ts)
// keeps a page for visitors without a session for its route's few seconds; once they are over, the next visitor's
// request runs every loader again (fresh data, as each visit must have) and hands the entry the fingerprint of the
// data the kept page was rendered from. When this request's data has the same fingerprint, the page it would render
// is the kept one: the entry renders nothing and the cache sends the kept page again. Anything else renders as ever.
import { createHash } from 'node:crypto';
import { createContext, type StaticHandlerContext } from 'react-router';

/** What the page cache and the entry tell each other about one shared render. */
export interface PageReuse {
  /** The fingerprint of the data the kept page was rendered from, if a page is kept. */
  previous?: string;
  /** This request's, set by the entry when its page may be reused at all. */
  fingerprint?: string;
  /** Set by the entry when `fingerprint` is `previous`: it rendered nothing. */
  unchanged?: boolean;
}

/** The request's `PageReuse`, given by the web server only for requests whose page may be shared. */
export const pageReuseContext = createContext<PageReuse | null>(null);

/** Values JSON cannot tell apart (a promise, a map or a set each write `{}`): data holding one is not fingerprinted. */
const opaque = (value: unknown) =>
  value instanceof Promise || value instanceof Map || value instanceof Set || typeof value === 'function';

/**
 * What a page's markup follows from: its address, its loaders' data and the hour (a page may show dates counted
 * from today). None for a page that is not a plain success (an error, an action's answer) or whose data JSON
 * cannot write whole: it always renders.
 */
export function dataFingerprint(url: string, context: StaticHandlerContext, now = new Date()): string | undefined {
  if (context.statusCode !== 200 || context.errors || context.actionData) return undefined;
  let whole = true;
  const json = JSON.stringify(context.loaderData, (_key, value: unknown) => {
    if (opaque(value)) whole = false;
    return value;
  });
  if (!whole) return undefined;
  return createHash('sha256')
    .update(`${url}\n${now.toISOString().slice(0, 13)}\n${json}`)
    .digest('base64url');
}
