// The results page's data, read on the server: a page of the stored search, the destination's name for the
// heading, and the currencies to choose from. A `currency` unlike the search's makes the same search again
// in that currency (a stored search quotes one currency) and redirects to it.
import { ApiError, endpoints, SearchIdSchema, supportedCurrencies, type SearchPage } from '@travelclub/contracts';
import { redirect } from 'react-router';
import { serverCall } from '~/lib/api.server';
import { countryName } from './format';
import { readResultsQuery, resultsHref, skipOf } from './results-query';
import type { PlaceOfSearch, SearchPageData } from './search-data';

export type { SearchPageData };

const EXPIRED = 'This search has expired. Please search again.';

/** The place's name: the catalog's label for a destination, or what the first hotel says, or the map's. */
async function placeOf(request: Request, page: SearchPage): Promise<PlaceOfSearch> {
  const id = page.criteria.destination ?? null;
  if (!id) return { id: null, label: 'the map area' };
  try {
    const list = await serverCall(request, endpoints.catalog.listHotels, { body: { destination: id, take: 1 } });
    return { id, label: list.destination.label };
  } catch {
    const first = page.hotels[0]?.address;
    return { id, label: first ? `${first.city}, ${countryName(first.countryCode)}` : 'your destination' };
  }
}

/** The same search, in another currency: a new stored search (its id goes in the URL). */
async function inCurrency(request: Request, page: SearchPage, currency: string): Promise<string | null> {
  const { destination, boundingBox, checkIn, checkOut, guests, rooms } = page.criteria;
  try {
    const body = { destination, boundingBox, checkIn, checkOut, guests, rooms, currency };
    return (await serverCall(request, endpoints.catalog.createSearch, { body })).searchId;
  } catch {
    // The old search can no longer be made again (its dates have passed): it stays in its own currency.
    return null;
  }
}

export async function loadSearchPage(request: Request): Promise<SearchPageData> {
  const url = new URL(request.url);
  const query = readResultsQuery(url.searchParams);
  if (!query.searchId) return { state: 'none' };
  // An id no search can have is never looked up: it is a search that is gone.
  if (!SearchIdSchema.safeParse(query.searchId).success) return { state: 'expired', message: EXPIRED };
  let page: SearchPage;
  try {
    page = await serverCall(request, endpoints.catalog.searchPage, {
      params: { id: query.searchId },
      query: { take: query.take, skip: skipOf(query) },
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { state: 'expired', message: EXPIRED };
    throw err;
  }
  const currencies: readonly string[] = supportedCurrencies;
  if (query.currency && query.currency !== page.criteria.currency && currencies.includes(query.currency)) {
    const searchId = await inCurrency(request, page, query.currency);
    // Back to the page that asked (the list or the map), with the new search.
    if (searchId) throw redirect(resultsHref(query, { searchId }, url.pathname));
  }
  return { state: 'results', query, page, place: await placeOf(request, page), currencies };
}
