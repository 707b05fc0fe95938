// Stored searches in Redis: the criteria under a random id, kept while travellers come back to them
// (each read extends the time). Results are computed on read, so they follow availability as it changes.
// Creating one needs no account, and Redis also holds rate limits and queues, so they are capped: per
// client (a user, or an address without a token) and in total. Over a cap the least recently used goes.
import { SearchCriteriaSchema, SearchIdSchema, type SearchCriteria } from '@travelclub/contracts';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '@travelclub/kit';

export interface SearchStoreOptions {
  /** Key prefix of everything stored searches keep in Redis. */
  prefix: string;
  /** A search lives this long after it was last created or read. */
  ttlSeconds: number;
  /** Live searches one client may have. */
  perClient: number;
  /** Live searches of all clients together. */
  total: number;
  log?: Pick<Logger, 'warn'>;
}

/** Who a search counts against: `user:<id>` for a signed-in caller (anonymous visitors too), else `ip:<address>`. */
export type SearchClient = `user:${string}` | `ip:${string}`;

/** What a search key holds. Searches stored before the caps were plain criteria, and are read as such. */
interface StoredSearch {
  client: SearchClient;
  criteria: SearchCriteria;
}

// Both scripts take the time from Redis, so instances whose clocks differ agree on every expiry. Sorted
// sets score each search id by its expiry in microseconds (milliseconds would tie within a burst, and the
// least recently used would be a coin toss): one set of every live search, one per client (which expires
// with the client's newest search). Evicted or expired, a search leaves both.
const NOW_US = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])`;

/** KEYS: the new search, all live searches, the client's. ARGV: id, value, ttl ms, per client, total, search key prefix, client set prefix. */
const CREATE_SEARCH = `${NOW_US}
local id, value, ttl = ARGV[1], ARGV[2], tonumber(ARGV[3])
local expires = now + ttl * 1000
local perClient, total = tonumber(ARGV[4]), tonumber(ARGV[5])
local searchPrefix, clientPrefix = ARGV[6], ARGV[7]
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local own, others = 0, 0
while redis.call('ZCARD', KEYS[3]) >= perClient do
  local oldest = redis.call('ZPOPMIN', KEYS[3])[1]
  redis.call('DEL', searchPrefix .. oldest)
  redis.call('ZREM', KEYS[2], oldest)
  own = own + 1
end
while redis.call('ZCARD', KEYS[2]) >= total do
  local oldest = redis.call('ZPOPMIN', KEYS[2])[1]
  local raw = redis.call('GET', searchPrefix .. oldest)
  if raw then
    local ok, stored = pcall(cjson.decode, raw)
    if ok and type(stored) == 'table' and type(stored.client) == 'string' then
      redis.call('ZREM', clientPrefix .. stored.client, oldest)
    end
    redis.call('DEL', searchPrefix .. oldest)
  end
  others = others + 1
end
redis.call('SET', KEYS[1], value, 'PX', ttl)
redis.call('ZADD', KEYS[2], expires, id)
redis.call('ZADD', KEYS[3], expires, id)
redis.call('PEXPIRE', KEYS[3], ttl)
return { own, others }`;

/** KEYS: the search, all live searches. ARGV: id, ttl ms, client set prefix. Answers the stored value, extended. */
const READ_SEARCH = `local raw = redis.call('GET', KEYS[1])
if not raw then return false end
${NOW_US}
local id, ttl = ARGV[1], tonumber(ARGV[2])
local expires = now + ttl * 1000
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('ZADD', KEYS[2], expires, id)
local ok, stored = pcall(cjson.decode, raw)
if ok and type(stored) == 'table' and type(stored.client) == 'string' then
  local clientKey = ARGV[3] .. stored.client
  redis.call('ZADD', clientKey, expires, id)
  redis.call('PEXPIRE', clientKey, ttl)
end
return raw`;

interface SearchScripts {
  createStoredSearch(...args: (string | number)[]): Promise<[number, number]>;
  readStoredSearch(...args: (string | number)[]): Promise<string | null>;
}

/** Evictions by the total cap are worth an operator's look, but not a log line per request. */
const WARN_EVERY_MS = 60_000;

export type SearchStore = ReturnType<typeof searchStore>;

export function searchStore(redis: Redis, { prefix, ttlSeconds, perClient, total, log }: SearchStoreOptions) {
  // Sent once, then called by digest (EVALSHA).
  redis.defineCommand('createStoredSearch', { numberOfKeys: 3, lua: CREATE_SEARCH });
  redis.defineCommand('readStoredSearch', { numberOfKeys: 2, lua: READ_SEARCH });
  const scripts = redis as unknown as SearchScripts;
  const ttlMs = ttlSeconds * 1000;
  const searchPrefix = `${prefix}:`;
  const key = (id: string) => `${searchPrefix}${id}`;
  const liveKey = `${prefix}:live`;
  const clientPrefix = `${prefix}:client:`;
  let lastWarned = 0;

  return {
    /** Stores the criteria for `client`, making room under the caps by dropping least recently used searches. */
    async create(
      criteria: SearchCriteria,
      client: SearchClient,
    ): Promise<{ searchId: string; expiresAt: string; evicted: { own: number; others: number } }> {
      const searchId = randomBytes(12).toString('base64url');
      const value = JSON.stringify({ client, criteria } satisfies StoredSearch);
      const [own, others] = await scripts.createStoredSearch(
        key(searchId),
        liveKey,
        `${clientPrefix}${client}`,
        searchId,
        value,
        ttlMs,
        perClient,
        total,
        searchPrefix,
        clientPrefix,
      );
      if (others > 0 && Date.now() - lastWarned > WARN_EVERY_MS) {
        lastWarned = Date.now();
        log?.warn({ total, evicted: others }, 'stored searches are at their total cap; the least recently used go');
      }
      return {
        searchId,
        expiresAt: new Date(Date.now() + ttlMs).toISOString(),
        evicted: { own, others },
      };
    },

    /**
     * The criteria, or null once expired or evicted, or for an id no search can have (never looked up).
     * Criteria stored before a rule changed are checked again.
     */
    async get(searchId: string): Promise<SearchCriteria | null> {
      if (!SearchIdSchema.safeParse(searchId).success) return null;
      const raw = await scripts.readStoredSearch(key(searchId), liveKey, searchId, ttlMs, clientPrefix);
      if (!raw) return null;
      const stored = JSON.parse(raw) as StoredSearch | SearchCriteria;
      const parsed = SearchCriteriaSchema.safeParse('criteria' in stored ? stored.criteria : stored);
      // A stored stay whose check-in has since passed is as good as gone.
      return parsed.success ? parsed.data : null;
    },
  };
}
