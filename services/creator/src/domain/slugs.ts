// Club addresses: which are reserved, and the address a new profile gets from its public name.
import { RESERVED_CLUB_SLUGS } from '@travelclub/contracts';

/**
 * Words no creator may take: every first path segment of the web app and the gateway, every page under /user, and
 * words that would pass for the company's own pages. They live in contracts, where a test checks them against the
 * web app's route table.
 */
export const RESERVED_SLUGS = RESERVED_CLUB_SLUGS;

export const isReserved = (slug: string) => RESERVED_SLUGS.has(slug);

const SLUG_MIN = 3;
const SLUG_MAX = 30;

/** The address a name suggests: ASCII letters and digits, single hyphens, 3 to 30 characters. */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return base.length >= SLUG_MIN ? base : `club-${base || 'traveller'}`.slice(0, SLUG_MAX);
}

/** The n-th alternative to a taken address: `name-2`, `name-3`, ..., still within the length limit. */
export function alternativeSlug(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
}
