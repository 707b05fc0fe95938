// Stored searches in Redis: the criteria under a random id, kept while travellers come back to them
// (each read extends the time). Results are computed on read, so they follow availability as it changes.
import { SearchCriteriaSchema, type SearchCriteria } from '@travelclub/contracts';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export type SearchStore = ReturnType<typeof searchStore>;

export function searchStore(redis: Redis, prefix: string, ttlSeconds: number) {
  const key = (id: string) => `${prefix}:${id}`;
  return {
    async create(criteria: SearchCriteria): Promise<{ searchId: string; expiresAt: string }> {
      const searchId = randomBytes(12).toString('base64url');
      await redis.set(key(searchId), JSON.stringify(criteria), 'EX', ttlSeconds);
      return { searchId, expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString() };
    },
    /** The criteria, or null once expired. Criteria stored before a rule changed are checked again. */
    async get(searchId: string): Promise<SearchCriteria | null> {
      const raw = await redis.getex(key(searchId), 'EX', ttlSeconds);
      if (!raw) return null;
      const parsed = SearchCriteriaSchema.safeParse(JSON.parse(raw));
      // A stored stay whose check-in has since passed is as good as gone.
      return parsed.success ? parsed.data : null;
    },
  };
}
