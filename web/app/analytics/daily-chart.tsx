// One chart of numbers per day, readable three ways: a sentence that sums it up, the picture (uPlot, fetched
// on demand once the page runs in the browser, never with the page itself) and a table of the same numbers
// that opens beside it. The picture is hidden from screen readers: the sentence and the table say it all.
import { useEffect, useRef, useState } from 'react';
import { formatValue, summaryOf, type ChartSpec } from './chart-data';
import { formatShortDay } from './range';

export const CHART_TEXTS = {
  table: 'Show the numbers',
  failed: 'The chart could not be drawn. The numbers are in the table below.',
} as const;

/** Draws the spec's picture into the returned element's ref; says whether drawing failed. */
function useChartPicture(spec: ChartSpec) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let handle: { destroy(): void } | null = null;
    let gone = false;
    import('./chart-engine')
      .then((engine) => {
        if (gone) return;
        handle = engine.drawChart(element, spec);
        setFailed(false);
      })
      .catch((err: unknown) => {
        console.warn('The chart module could not be loaded', err);
        if (!gone) setFailed(true);
      });
    return () => {
      gone = true;
      handle?.destroy();
    };
  }, [spec]);
  return { container, failed };
}

function ChartTable({ spec }: { spec: ChartSpec }) {
  return (
    <details className="chart-table">
      <summary>{CHART_TEXTS.table}</summary>
      <div className="chart-table-scroll">
        <table>
          <caption className="visually-hidden">{`${spec.title}, per day`}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {spec.series.map((series) => (
                <th scope="col" key={series.label}>
                  {series.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {spec.days.map((day, index) => (
              <tr key={day}>
                <th scope="row">{formatShortDay(day)}</th>
                {spec.series.map((series) => (
                  <td key={series.label}>{formatValue(spec, series.values[index] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** The chart, its summary and its table; `spec` should keep its identity while its data stays the same. */
export function DailyChart({ spec }: { spec: ChartSpec }) {
  const { container, failed } = useChartPicture(spec);
  const titleId = `${spec.id}-title`;
  return (
    <section className="chart stack" aria-labelledby={titleId}>
      <h3 id={titleId}>{spec.title}</h3>
      <p className="chart-summary">{summaryOf(spec)}</p>
      <div className="chart-picture" ref={container} aria-hidden="true" />
      {failed ? <p className="muted">{CHART_TEXTS.failed}</p> : null}
      <ChartTable spec={spec} />
    </section>
  );
}
