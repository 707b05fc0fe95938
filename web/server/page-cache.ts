// A few seconds' cache of public pages, for visitors who bring none of our cookies: a creator's followers open
// the club from a link in bio, all at once, and a page rendered once serves them all (bench:web's club home).
// A page opts in with `Cache-Control: public, s-maxage=N`; only GETs without the session or CSRF cookie are
// served from it (the page would otherwise carry that visitor's token or session). A shared page cannot keep
// its per-answer nonce, so its content policy names the SHA-256 of each inline script it holds instead: still
// no other inline script runs. Concurrent misses of one address wait for one render. A shared page holds no
// trace: each answer's own goes in its `Server-Timing` header (handler.ts), so the browsers it serves continue as
// many traces, not the first visitor's, and the page is the same bytes for every visitor: it is compressed once
// for each encoding asked for, not once per answer.
// Once a page's time is over it is still kept, for REUSE_MINUTES: the next visitor's request runs the loaders
// again, and when their data is the data the page was rendered from (the app's entry compares fingerprints:
// app/lib/page-reuse.server.ts), the kept page, compressed as it was, serves another round instead of a render.
// Before that, when every call the kept render made was answered by its ETag, those calls alone are asked again
// with their tags (`revalidate`): all unchanged, in the same hour, and the kept page serves another round without
// any loader or React Router running ('revalidated').
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { businessCounter } from '@travelclub/kit/metrics';
import { LRUCache } from 'lru-cache';
import { hourOf, sharedSeconds, type PageReuse, type RecordedCall } from '../app/lib/page-reuse.server.js';
import { compressed, type Encoding } from './fetch-bridge.js';

/** How long a page whose time is over is kept to be reused if its data has not changed. */
const REUSE_MINUTES = 10;
/** The kept pages' bytes (uncompressed, and as compressed), at most: the least recently asked go first. */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** The body compressed, by encoding, once asked for. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** How long it is shared each time (its `s-maxage`), and until when this time. */
  seconds: number;
  freshUntil: number;
  /** The fingerprint of the data it was rendered from (none: it is never reused after its time). */
  fingerprint?: string;
  /** The calls its data came from, and the hour it was made in: asked again to keep it another round. */
  calls?: readonly RecordedCall[];
  hour: string;
}

/** The cookies a page's server data depends on (the root loader reads them). */
const PERSONAL_COOKIES = /(?:^|;\s*)(tc_session|tc_csrf)=/;

/** Whether `req` may be answered with the page another visitor got. */
export function isShareable(req: IncomingMessage): boolean {
  return req.method === 'GET' && !PERSONAL_COOKIES.test(String(req.headers.cookie ?? ''));
}

/**
 * A page rendered for one visitor (with their cookies) never goes out marked for sharing, whatever its route
 * allows anonymous visitors: no cache between here and the browser may give it to anybody else.
 */
export function personal(response: Response): Response {
  if (sharedSeconds(response.headers.get('cache-control')) > 0)
    response.headers.set('cache-control', 'private, no-store');
  return response;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The page's content policy with its nonce replaced by the hashes of the inline scripts in `html`. */
export function policyByHashes(policy: string, html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes!) || !text) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  }
  return policy.replace(/\s*'nonce-[^']*'/g, '').replace(/script-src ([^;]*)/, (_, sources: string) => {
    return ['script-src', sources.trim(), ...hashes].filter(Boolean).join(' ');
  });
}

async function toCached(response: Response, seconds: number, reuse: PageReuse, hour: string): Promise<CachedPage> {
  const body = new Uint8Array(await response.arrayBuffer());
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (name === 'content-security-policy') continue;
    headers.push([name, value]);
  }
  const policy = response.headers.get('content-security-policy');
  if (policy) headers.push(['content-security-policy', policyByHashes(policy, new TextDecoder().decode(body))]);
  const freshUntil = Date.now() + seconds * 1000;
  const { fingerprint, calls } = reuse;
  return {
    status: response.status,
    headers,
    body,
    encoded: {},
    seconds,
    freshUntil,
    fingerprint,
    calls,
    hour,
  };
}

/** The kept page as an answer, already compressed in `encoding` when given (compressed once per encoding). */
async function toResponse(page: CachedPage, encoding?: Encoding | null) {
  if (encoding) {
    const body = await (page.encoded[encoding] ??= compressed(page.body, encoding));
    const headers = new Headers(page.headers.filter(([name]) => name !== 'content-length'));
    headers.set('content-encoding', encoding);
    headers.append('vary', 'accept-encoding');
    return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
      status: page.status,
      headers,
    });
  }
  return new Response(page.body, { status: page.status, headers: new Headers(page.headers) });
}

const sharedPages = businessCounter({
  name: 'web_shared_pages_total',
  help: "Requests for pages visitors without a session share: answered from the cache ('hit'), with the kept page once its calls' answers came back unchanged ('revalidated') or the loaders found its data unchanged ('reused'), or rendered and kept ('rendered')",
  labelNames: ['outcome'],
});

/** The bytes a kept page holds: its body, and at most as much again compressed. */
const sizeOf = (page: CachedPage) => 2 * page.body.byteLength + 1024;

/**
 * Whether the kept page's calls still answer what it was made from: unknown (false) for a page never to be reused,
 * without calls, of another hour, or whose check failed.
 */
async function stillCurrent(kept: CachedPage, revalidate: PageCacheOptions['revalidate']): Promise<boolean> {
  if (!kept.fingerprint || !kept.calls?.length || kept.hour !== hourOf() || !revalidate) return false;
  return revalidate(kept.calls).catch(() => false);
}

export interface PageCacheOptions {
  maxBytes?: number;
  reuseMs?: number;
  /** Whether a kept page's calls answer as they did (the app's `unchangedAnswers`); none: never asked. */
  revalidate?: (calls: readonly RecordedCall[]) => Promise<boolean>;
}

export function createPageCache(options: PageCacheOptions = {}) {
  const reuseMs = options.reuseMs ?? REUSE_MINUTES * 60_000;
  const pages = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes ?? PAGE_CACHE_BYTES,
    sizeCalculation: sizeOf,
  });
  const rendering = new Map<string, Promise<CachedPage | null>>();
  /** The kept page's time begins again: it is shared for another round and kept for reuse after that. */
  const keepAgain = (key: string, kept: CachedPage, outcome: 'revalidated' | 'reused') => {
    sharedPages.inc({ outcome });
    kept.freshUntil = Date.now() + kept.seconds * 1000;
    pages.set(key, kept, { ttl: kept.seconds * 1000 + reuseMs });
    return kept;
  };

  /**
   * The page at `key` from the cache while its time lasts, else rendered (and kept when it says it may be), or
   * the kept page again when its calls or its render found its data unchanged. `render` is given what the entry
   * needs for that (`PageReuse`); `encoding`: what its browser takes compressed.
   */
  async function serve(
    key: string,
    render: (reuse: PageReuse) => Promise<Response>,
    encoding?: Encoding | null,
  ): Promise<Response> {
    const kept = pages.get(key);
    if (kept && kept.freshUntil > Date.now()) {
      sharedPages.inc({ outcome: 'hit' });
      return toResponse(kept, encoding);
    }
    const pending = rendering.get(key);
    if (pending) {
      const shared = await pending;
      if (shared) {
        sharedPages.inc({ outcome: 'hit' });
        return toResponse(shared, encoding);
      }
      return render({});
    }
    let settle: (page: CachedPage | null) => void = () => undefined;
    rendering.set(key, new Promise((resolve) => (settle = resolve)));
    try {
      if (kept && (await stillCurrent(kept, options.revalidate))) {
        settle(keepAgain(key, kept, 'revalidated'));
        return toResponse(kept, encoding);
      }
      const reuse: PageReuse = { previous: kept?.fingerprint };
      // The hour its data is read in: a render across the turn of an hour is of the hour before.
      const hour = hourOf();
      const response = await render(reuse);
      // Its calls as they were when it was made: a call still under way after it is not its data's.
      reuse.calls &&= [...reuse.calls];
      if (kept && reuse.unchanged) {
        // Its data is the same; the calls it came from (and their tags) are this render's now.
        Object.assign(kept, { calls: reuse.calls, hour });
        settle(keepAgain(key, kept, 'reused'));
        return toResponse(kept, encoding);
      }
      const seconds = response.status === 200 ? sharedSeconds(response.headers.get('cache-control')) : 0;
      if (seconds === 0) {
        pages.delete(key);
        settle(null);
        return response;
      }
      sharedPages.inc({ outcome: 'rendered' });
      const page = await toCached(response, seconds, reuse, hour);
      pages.set(key, page, { ttl: seconds * 1000 + (page.fingerprint ? reuseMs : 0) });
      settle(page);
      return toResponse(page, encoding);
    } catch (err) {
      settle(null);
      throw err;
    } finally {
      rendering.delete(key);
    }
  }
  return { serve };
}
export type PageCache = ReturnType<typeof createPageCache>;
