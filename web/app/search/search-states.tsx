// The results page when there is nothing to list: no search yet, a search that has expired (or never
// was), a search that found nothing, and a page number past the last page.
import { Link } from 'react-router';
import { Callout } from '~/ui/callout';
import { SearchForm, type SearchFormInitial } from './search-form';

export function NoSearch() {
  return (
    <section className="search-state" aria-labelledby="search-title">
      <h1 id="search-title">Find a hotel</h1>
      <p className="muted">Tell us where and when, and we will show you every stay with rooms for you.</p>
      <SearchForm labelledBy="search-title" />
    </section>
  );
}

export function ExpiredSearch({ message }: { message: string }) {
  return (
    <section className="search-state" aria-labelledby="search-title">
      <h1 id="search-title">Search again</h1>
      <Callout tone="info">{message}</Callout>
      <SearchForm labelledBy="search-title" />
    </section>
  );
}

export function EmptyResults({ initial }: { initial: SearchFormInitial }) {
  return (
    <section className="search-state empty-results" aria-labelledby="empty-title">
      <h2 id="empty-title">No hotels match this search</h2>
      <p className="muted">Try other dates, fewer guests per room, or a nearby city.</p>
      <SearchForm labelledBy="empty-title" initial={initial} />
    </section>
  );
}

export function PastLastPage({ lastPageHref }: { lastPageHref: string }) {
  return (
    <section className="search-state" aria-labelledby="past-title">
      <h2 id="past-title">There are no more hotels</h2>
      <p>
        This page is past the end of the results. <Link to={lastPageHref}>Go to the last page</Link>
      </p>
    </section>
  );
}
