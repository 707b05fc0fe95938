// A club lives at /user/{slug}: a static page under /user, or any first path segment of the web app, must be a
// reserved club address, or a creator could take its name (issue 29: /user/startSession was claimable).
import { RESERVED_CLUB_SLUGS } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import routes from '~/routes';

type Entry = { path?: string; index?: boolean; children?: Entry[] };

/** Every full path of the table, its layouts' segments joined in. */
function paths(entries: readonly Entry[], prefix: string[] = []): string[][] {
  return entries.flatMap((entry) => {
    const own = [...prefix, ...(entry.path ?? '').split('/').filter(Boolean)];
    return [own, ...paths(entry.children ?? [], own)];
  });
}

const isStatic = (segment: string | undefined): segment is string =>
  !!segment && !segment.startsWith(':') && segment !== '*';

/** The words a club address could collide with: first segments, and the segment after `user`. */
function pageWords(entries: readonly Entry[]): string[] {
  const words = new Set<string>();
  for (const [first, second] of paths(entries)) {
    if (isStatic(first)) words.add(first);
    if (first === 'user' && isStatic(second)) words.add(second);
  }
  return [...words].sort();
}

describe('reserved club addresses', () => {
  it('reserve every /user/* page and every first path segment of the web app', () => {
    const words = pageWords(routes as Entry[]);
    expect(words).toContain('startSession');
    expect(words.filter((word) => !RESERVED_CLUB_SLUGS.has(word.toLowerCase()))).toEqual([]);
  });

  it('would catch a new /user page that is not reserved', () => {
    const table: Entry[] = [
      { path: 'user', children: [{ path: 'trips' }, { path: 'wishlist' }] },
      { path: 'user/:slug', children: [{ index: true }, { path: 'stays' }] },
      { path: 'user/giftCards/:id' },
    ];
    expect(pageWords(table).filter((word) => !RESERVED_CLUB_SLUGS.has(word.toLowerCase()))).toEqual([
      'giftCards',
      'wishlist',
    ]);
  });
});
