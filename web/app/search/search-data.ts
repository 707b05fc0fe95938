// What the results page's loader gives the page (types only: the loader is server code).
import type { SearchPage } from '@travelclub/contracts';
import type { ResultsQuery } from './results-query';

export interface PlaceOfSearch {
  /** The destination's id, when the search is for one (not a map box). */
  id: string | null;
  label: string;
}

export interface SearchResultsData {
  state: 'results';
  query: ResultsQuery;
  page: SearchPage;
  place: PlaceOfSearch;
  currencies: readonly string[];
}

export type SearchPageData = { state: 'none' } | { state: 'expired'; message: string } | SearchResultsData;
