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

/** What an entry costs besides its body, key, headers and varying headers: bookkeeping, roughly. */
const ENTRY_OVERHEAD_BYTES = 512;

/** The characters of a header record's names and values. */
const headerBytes = (headers: Record<string, string | string[] | null> | undefined) => {
  let bytes = 0;
  for (const [name, value] of Object.entries(headers ?? {}))
    bytes += name.length + (Array.isArray(value) ? value.join('').length : (value?.length ?? 0));
  return bytes;
};

export interface SharedCacheOptions {
  /** All kept answers together: bodies, keys, headers and an estimate of the bookkeeping. */
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
      const id = keyOf(key);
      const body: Buffer[] = [];
      // The key counts too: its query is whatever a client typed, up to the request line's limit.
      let size = ENTRY_OVERHEAD_BYTES + id.length + headerBytes(value.headers) + headerBytes(value.vary);
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
          if (ttl > 0) kept.set(id, { ...value, cacheControlDirectives, body }, { size, ttl });
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
    // A header sent empty is not a header missing, nor is a repeated header one joined by commas.
    if (JSON.stringify(key.headers?.[name] ?? null) !== JSON.stringify(value ?? null)) return false;
  }
  return true;
}

/** `dispatcher` with the shared cache in front, keeping answers in `store`. */
export function withSharedCache(dispatcher: Dispatcher, store: CacheStore): Dispatcher {
  return dispatcher.compose(interceptors.cache({ store, methods: ['GET'], type: 'shared' }));
}
