// The results page's URL: `searchId`, `page` (from 1), `take` (hotels per page), `currency` and `creator` (the
// club the search started from). Read and written here, in one place, for the loader, the pager and the toolbar.

export const PAGE_SIZES = [15, 30, 50] as const;
/** Spec section 9: a hotel list takes 15 by default. */
export const DEFAULT_TAKE = 15;
/** The catalog's furthest `skip` (contracts' catalogLimits.maxSkip). */
export const MAX_SKIP = 10_000;

export interface ResultsQuery {
  searchId: string | null;
  page: number;
  take: number;
  currency: string | null;
  /** The club's slug: kept on every link of the results, so a hotel opened from them is attributed to it. */
  creator?: string;
}

const CLUB_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function whole(value: string | null, fallback: number): number {
  const n = value === null ? NaN : Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

function clubOf(value: string | null): string | undefined {
  return value && value.length <= 64 && CLUB_SLUG.test(value) ? value : undefined;
}

export function readResultsQuery(params: URLSearchParams): ResultsQuery {
  const take = whole(params.get('take'), DEFAULT_TAKE);
  const currency = params.get('currency')?.toUpperCase() ?? null;
  return {
    searchId: params.get('searchId') || null,
    take: (PAGE_SIZES as readonly number[]).includes(take) ? take : DEFAULT_TAKE,
    page: Math.min(whole(params.get('page'), 1), Math.floor(MAX_SKIP / DEFAULT_TAKE) + 1),
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
    creator: clubOf(params.get('creator')),
  };
}

/** The URL of the same results with some parts changed; defaults are left out to keep links short. */
export function resultsHref(query: ResultsQuery, change: Partial<ResultsQuery> = {}, path = '/search'): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.searchId) params.set('searchId', next.searchId);
  if (next.page > 1) params.set('page', String(next.page));
  if (next.take !== DEFAULT_TAKE) params.set('take', String(next.take));
  if (next.currency) params.set('currency', next.currency);
  if (next.creator) params.set('creator', next.creator);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const skipOf = (query: ResultsQuery) => Math.min((query.page - 1) * query.take, MAX_SKIP);
