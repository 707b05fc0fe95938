// The gateway's shared cache: answers of public routes that say they may be kept by anyone (`Cache-Control:
// public, max-age=60`, as destination autocomplete does) are answered again from memory until they go stale,
// without waiting behind the service's other work. undici's cache interceptor decides what may be stored and for
// how long (RFC 9111, shared: no `private`, `no-store` or `Set-Cookie`; `Vary` honoured) and serves the kept
// answers; this is where it keeps them. undici's own MemoryCacheStore (7.30) never evicts an entry that is the
// only one at its path, so a stream of distinct queries would grow it without end: here an LRU bounded in bytes.
import { Writable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { interceptors, type Dispatcher } from 'undici';

type CacheStore = NonNullable<interceptors.CacheInterceptorOpts['store']>;
type CacheKey = Parameters<CacheStore['get']>[0];
type CacheValue = Parameters<CacheStore['createWriteStream']>[1];

interface Kept extends CacheValue {
  body: Buffer[];
  cacheControlDirectives: NonNullable<CacheValue['cacheControlDirectives']>;
}

/** What an entry costs besides its body: its key, headers and bookkeeping, roughly. */
const ENTRY_OVERHEAD_BYTES = 512;

export interface SharedCacheOptions {
  /** All kept answers together, bodies and an estimate of their headers. */
  maxBytes: number;
  /** A larger answer is passed on, not kept. */
  maxEntryBytes: number;
}

/** The bounded store of kept answers. One answer per method and address: a `Vary` mismatch is a miss. */
export function sharedCacheStore({ maxBytes, maxEntryBytes }: SharedCacheOptions): CacheStore {
  const kept = new LRUCache<string, Kept>({ maxSize: maxBytes, maxEntrySize: maxEntryBytes });
  const keyOf = (key: CacheKey) => `${key.method} ${key.origin}${key.path}`;
  return {
    get(key) {
      const entry = kept.get(keyOf(key));
      if (!entry || entry.deleteAt <= Date.now() || !varyMatches(key, entry)) return undefined;
      return entry;
    },
    createWriteStream(key, value) {
      const body: Buffer[] = [];
      let size = ENTRY_OVERHEAD_BYTES;
      return new Writable({
        write(chunk: Buffer, _encoding, done) {
          size += chunk.byteLength;
          // Too big to keep: stop collecting (the answer still goes to its client in full).
          if (size > maxEntryBytes) this.destroy();
          else body.push(chunk);
          done();
        },
        final(done) {
          const ttl = value.deleteAt - Date.now();
          const cacheControlDirectives = value.cacheControlDirectives ?? {};
          if (ttl > 0) kept.set(keyOf(key), { ...value, cacheControlDirectives, body }, { size, ttl });
          done();
        },
      });
    },
    delete(key) {
      // An unsafe request to an address drops what is kept for it (undici asks after a successful one).
      for (const method of ['GET', 'HEAD']) kept.delete(keyOf({ ...key, method }));
    },
  };
}

function varyMatches(key: CacheKey, entry: Kept): boolean {
  if (!entry.vary) return true;
  for (const [name, value] of Object.entries(entry.vary)) {
    const asked = key.headers?.[name];
    if (String(asked ?? '') !== String(value ?? '')) return false;
  }
  return true;
}

/** `dispatcher` with the shared cache in front, keeping answers in `store`. */
export function withSharedCache(dispatcher: Dispatcher, store: CacheStore): Dispatcher {
  return dispatcher.compose(interceptors.cache({ store, methods: ['GET'], type: 'shared' }));
}
