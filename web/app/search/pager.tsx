// Previous / Next and the page numbers around the current one, as links (the page number is in the URL, so
// every page can be shared, reloaded and rendered on the server).
import { Link } from 'react-router';
import { resultsHref, type ResultsQuery } from './results-query';

/** Pages to show: the first, the last, and two either side of the current one; null is a gap ("…"). */
export function pageWindow(current: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, current - 2, current - 1, current, current + 1, current + 2]);
  const numbers = [...shown].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of numbers) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && n - last > 1) out.push(n - last === 2 ? last + 1 : null);
    out.push(n);
  }
  return out;
}

export function Pager({ query, total, path }: { query: ResultsQuery; total: number; path?: string }) {
  const pages = Math.max(1, Math.ceil(total / query.take));
  if (pages <= 1) return null;
  const current = Math.min(query.page, pages);
  const href = (page: number) => resultsHref(query, { page }, path);
  return (
    <nav className="pager" aria-label="Result pages">
      {current > 1 ? (
        <Link className="pager-step" to={href(current - 1)} rel="prev">
          ‹ Previous
        </Link>
      ) : (
        <span className="pager-step" aria-disabled="true">
          ‹ Previous
        </span>
      )}
      <ol className="pager-pages">
        {pageWindow(current, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="pager-gap">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                className="pager-page"
                aria-current={n === current ? 'page' : undefined}
                aria-label={`Page ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {current < pages ? (
        <Link className="pager-step" to={href(current + 1)} rel="next">
          Next ›
        </Link>
      ) : (
        <span className="pager-step" aria-disabled="true">
          Next ›
        </span>
      )}
    </nav>
  );
}
