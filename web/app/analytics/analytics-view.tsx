// The analytics page's content: the range (in the address), the funnel's totals for it and the charts per
// day. Nothing is asked of the API while the address holds days it would refuse: the reason is shown instead.
import type { CreatorCountersAnswer } from '@travelclub/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { conversionsChart, incomeCharts, trafficChart } from './chart-data';
import { DailyChart } from './daily-chart';
import { currenciesOf } from './funnel';
import { FunnelView, SideFigures } from './funnel-view';
import { QueryState } from './load-state';
import { useRangeCounters } from './queries';
import { describeRange, selectionOf, type DayRange } from './range';
import { RangeControls } from './range-controls';

export const ANALYTICS_TEXTS = {
  showing: (range: DayRange) => `Showing ${describeRange(range)}`,
  fixRange: 'Choose other days above to see your numbers.',
  funnel: 'Funnel',
  beside: 'Also in these days',
  perDay: 'Per day',
  loading: 'Loading your numbers…',
} as const;

function Report({ answer }: { answer: CreatorCountersAnswer }) {
  const charts = useMemo(() => {
    const currencies = currenciesOf([answer.totals.commission, answer.totals.commissionReversed]);
    return [trafficChart(answer.days), conversionsChart(answer.days), ...incomeCharts(answer.days, currencies)];
  }, [answer]);
  return (
    <>
      <section className="stack" aria-labelledby="analytics-funnel">
        <h2 id="analytics-funnel">{ANALYTICS_TEXTS.funnel}</h2>
        <FunnelView totals={answer.totals} />
      </section>
      <section className="stack" aria-labelledby="analytics-beside">
        <h2 id="analytics-beside">{ANALYTICS_TEXTS.beside}</h2>
        <SideFigures totals={answer.totals} />
      </section>
      <section className="stack" aria-labelledby="analytics-per-day">
        <h2 id="analytics-per-day">{ANALYTICS_TEXTS.perDay}</h2>
        <div className="charts">
          {charts.map((spec) => (
            <DailyChart key={spec.id} spec={spec} />
          ))}
        </div>
      </section>
    </>
  );
}

function Counters({ range }: { range: DayRange }) {
  const query = useRangeCounters(range);
  return (
    <QueryState query={query} what="your analytics" loading={ANALYTICS_TEXTS.loading}>
      {(answer) => <Report answer={answer} />}
    </QueryState>
  );
}

export function AnalyticsView() {
  const [params] = useSearchParams();
  const selection = useMemo(() => selectionOf(params), [params]);
  const range = selection.kind === 'invalid' ? null : selection.range;
  return (
    <div className="analytics stack">
      <RangeControls selection={selection} />
      {range ? (
        <>
          <p className="range-now" role="status">
            {ANALYTICS_TEXTS.showing(range)}
          </p>
          <Counters range={range} />
        </>
      ) : (
        <p className="muted">{ANALYTICS_TEXTS.fixRange}</p>
      )}
    </div>
  );
}
