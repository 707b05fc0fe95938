// A page of a stored search: where and when, the search to change, the result options, how many hotels
// (announced when it changes), the hotels as cards and the pager.
import { Link } from 'react-router';
import { MapIcon } from '~/ui/icons';
import { HotelCard } from './hotel-card';
import { nightsBetween, plural, stayLine } from './format';
import { Pager } from './pager';
import { resultsHref } from './results-query';
import { ResultsToolbar } from './results-toolbar';
import type { SearchResultsData } from './search-data';
import { SearchForm, type SearchFormInitial } from './search-form';
import { EmptyResults, PastLastPage } from './search-states';

/** The first card is above the fold on every screen: its picture loads with the page. */
const EAGER_CARDS = 1;

export function formInitialOf({ page, place }: SearchResultsData): SearchFormInitial {
  const { checkIn, checkOut, guests, rooms } = page.criteria;
  return { destination: place.id ? { id: place.id, label: place.label } : null, checkIn, checkOut, guests, rooms };
}

function countLine({ page }: SearchResultsData): string {
  const found = plural(page.total, 'hotel');
  if (page.hotels.length === 0) return found;
  return `${found} · showing ${page.skip + 1}–${page.skip + page.hotels.length}`;
}

export function SearchResults({ data }: { data: SearchResultsData }) {
  const { page, query, place } = data;
  const searchId = page.searchId ?? query.searchId ?? undefined;
  const nights = nightsBetween(page.criteria.checkIn, page.criteria.checkOut);
  const pages = Math.max(1, Math.ceil(page.total / query.take));
  const initial = formInitialOf(data);
  return (
    <div className="results-page">
      <header className="results-header">
        <h1 id="results-title">Hotels in {place.label}</h1>
        <p className="muted">{stayLine(page.criteria)}</p>
        {page.total > 0 ? (
          <div className="results-actions">
            <details className="change-search">
              <summary>Change search</summary>
              <SearchForm initial={initial} creator={query.creator} />
            </details>
            <Link className="map-link" to={resultsHref(query, {}, '/mapsearch')}>
              <MapIcon />
              Show on map
            </Link>
          </div>
        ) : null}
      </header>
      {page.total === 0 ? (
        <EmptyResults initial={initial} />
      ) : (
        <>
          <ResultsToolbar query={query} currency={page.criteria.currency} currencies={data.currencies} />
          <p className="results-count" role="status" aria-live="polite">
            {countLine(data)}
          </p>
          {page.hotels.length === 0 ? (
            <PastLastPage lastPageHref={resultsHref(query, { page: pages })} />
          ) : (
            <ol className="results-list" aria-labelledby="results-title">
              {page.hotels.map((hotel, i) => (
                <li key={hotel.id}>
                  <HotelCard
                    hotel={hotel}
                    searchId={searchId}
                    creator={query.creator}
                    nights={nights}
                    eager={i < EAGER_CARDS}
                    headingLevel={2}
                  />
                </li>
              ))}
            </ol>
          )}
          <Pager query={query} total={page.total} />
        </>
      )}
    </div>
  );
}
