// The search form's rules (spec section 5: a destination is required) and the catalog's stay rules they
// mirror, with the same messages and limits as the contracts.
import { catalogLimits } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { checkDates, checkSearch, messages, searchLimits, type SearchDraft } from '~/search/search-rules';
import { DEFAULT_TAKE, MAX_SKIP, readResultsQuery, resultsHref, skipOf } from '~/search/results-query';
import { pageWindow } from '~/search/pager';
import { formatMoney, minorDigits, stayLine } from '~/search/format';

const today = '2030-01-10';
const draft = (overrides: Partial<SearchDraft> = {}): SearchDraft => ({
  destinationId: 'city-1',
  checkIn: '2030-01-12',
  checkOut: '2030-01-14',
  guests: 2,
  rooms: 1,
  ...overrides,
});

describe('the search rules', () => {
  it('use the catalog limits of the contracts', () => {
    expect(searchLimits).toEqual({
      maxNights: catalogLimits.maxNights,
      maxDaysAhead: catalogLimits.maxDaysAhead,
      maxRooms: catalogLimits.maxRooms,
      maxGuestsPerRoom: catalogLimits.maxGuestsPerRoom,
    });
    expect(DEFAULT_TAKE).toBe(catalogLimits.listTake);
    expect(MAX_SKIP).toBe(catalogLimits.maxSkip);
  });

  it("require a destination: 'Destination is required'", () => {
    expect(checkSearch(draft({ destinationId: null }), today)).toEqual({ destination: 'Destination is required' });
    expect(checkSearch(draft(), today)).toEqual({});
  });

  it.each([
    [null, null, messages.dates],
    ['2030-01-12', null, messages.dates],
    ['2030-01-09', '2030-01-11', 'Check-in is in the past'],
    ['2030-01-12', '2030-01-12', 'Check-out must be after check-in'],
    ['2030-01-12', '2030-01-11', 'Check-out must be after check-in'],
    ['2030-01-12', '2030-02-12', 'A stay is at most 30 nights'],
    ['2031-05-26', '2031-05-27', 'Check-in is at most 500 days ahead'],
  ])('refuse check-in %s and check-out %s: %s', (checkIn, checkOut, message) => {
    expect(checkDates(checkIn, checkOut, today)).toBe(message);
  });

  it.each([
    ['2030-01-10', '2030-01-11'],
    ['2030-01-12', '2030-02-11'],
    ['2031-05-25', '2031-05-26'],
  ])('accept check-in %s and check-out %s (today, one night, the limits)', (checkIn, checkOut) => {
    expect(checkDates(checkIn, checkOut, today)).toBeUndefined();
  });

  it('refuse more guests than the rooms take, and rooms nobody sleeps in', () => {
    expect(checkSearch(draft({ guests: 7, rooms: 1 }), today)).toEqual({ guests: messages.crowded });
    expect(checkSearch(draft({ guests: 12, rooms: 2 }), today)).toEqual({});
    expect(checkSearch(draft({ guests: 2, rooms: 3 }), today)).toEqual({
      rooms: 'Every room needs at least one guest',
    });
  });
});

describe("the results page's URL", () => {
  const params = (search: string) => new URLSearchParams(search);

  it('reads the search, the page, hotels per page and a currency, with defaults for bad values', () => {
    expect(readResultsQuery(params('searchId=abc12345&page=3&take=30&currency=eur'))).toEqual({
      searchId: 'abc12345',
      page: 3,
      take: 30,
      currency: 'EUR',
    });
    expect(readResultsQuery(params('page=-1&take=7&currency=euro'))).toEqual({
      searchId: null,
      page: 1,
      take: 15,
      currency: null,
    });
  });

  it('writes links without the defaults, and never skips past the catalog limit', () => {
    const query = readResultsQuery(params('searchId=abc12345&currency=EUR'));
    expect(resultsHref(query, { page: 2 })).toBe('/search?searchId=abc12345&page=2&currency=EUR');
    expect(resultsHref(query, { page: 1, take: 50 }, '/mapsearch')).toBe(
      '/mapsearch?searchId=abc12345&take=50&currency=EUR',
    );
    expect(skipOf({ ...query, page: 3 })).toBe(30);
    expect(skipOf({ ...query, page: 9999, take: 50 })).toBe(MAX_SKIP);
  });

  it('shows the first, the last and two pages either side of the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, null, 20]);
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    // A gap of one page shows the page rather than "…".
    expect(pageWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 20]);
  });
});

describe('prices and stays', () => {
  it('turn minor units into the currency’s major units', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(formatMoney({ amount: 45_650, currency: 'EUR' })).toBe('€456.50');
    expect(formatMoney({ amount: 120_000, currency: 'USD' })).toBe('$1,200.00');
    expect(formatMoney({ amount: 12_000, currency: 'JPY' })).toBe('¥12,000');
  });

  it('say the dates, nights, guests and rooms on one line', () => {
    expect(stayLine({ checkIn: '2030-06-12', checkOut: '2030-06-15', guests: 2, rooms: 1 })).toBe(
      'Wed, Jun 12 – Sat, Jun 15 · 3 nights · 2 guests · 1 room',
    );
  });
});
