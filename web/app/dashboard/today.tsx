// Today's counters on the dashboard home (UTC days, as the counters are kept): club page views, visitors, new
// subscribers, itineraries started, bookings and income, with a plain word when nothing has happened yet. Today is
// still being counted, so the card reads again every few seconds while it is in view.
import type { AmountsByCurrency, CreatorCounters, CreatorCountersAnswer } from '@travelclub/contracts';
import { Link } from 'react-router';
import { formatMoney } from '~/search/format';
import { useCounters, todayUtc } from './queries';
import { LoadError, Loading } from './status';

export const QUIET_DAY = 'Nothing yet today. Share your link to bring your first visitors in.';
/** How often today's figures are read again while the dashboard is in view: a visit shows within seconds. */
export const TODAY_REFRESH_MS = 5_000;

/** Income: commission earned less commission taken back by refunds, per currency, never converted. */
export function incomeOf(counters: Pick<CreatorCounters, 'commission' | 'commissionReversed'>): AmountsByCurrency {
  const net: AmountsByCurrency = {};
  for (const [currency, amount] of Object.entries(counters.commission)) net[currency] = amount;
  for (const [currency, amount] of Object.entries(counters.commissionReversed))
    net[currency] = (net[currency] ?? 0) - amount;
  return net;
}

function incomeText(income: AmountsByCurrency, currency: string): string {
  const lines = Object.entries(income).filter(([, amount]) => amount !== 0);
  if (lines.length === 0) return formatMoney({ amount: 0, currency });
  return lines.map(([code, amount]) => formatMoney({ amount, currency: code })).join(' · ');
}

const isQuiet = (c: CreatorCounters) =>
  c.pageViews === 0 && c.uniqueVisitors === 0 && c.subscribers === 0 && c.itinerariesStarted === 0 && c.bookings === 0;

/** Subscribers are a change (confirmed less those who left): "+2", "−1", "0". */
const subscriberChange = (n: number) =>
  n > 0 ? `+${n.toLocaleString('en-US')}` : n < 0 ? `−${(-n).toLocaleString('en-US')}` : '0';

export function TodayCounters(props: { currency: string; initial?: { day: string; counters: CreatorCountersAnswer } }) {
  const { currency, initial } = props;
  const today = todayUtc();
  const counters = useCounters(today, today, initial?.day === today ? initial.counters : undefined, TODAY_REFRESH_MS);
  return (
    <section className="dash-card stack" aria-labelledby="today-title">
      <div className="dash-card-head">
        <h2 id="today-title">Today</h2>
        <Link to="/dashboard/analytics">See analytics</Link>
      </div>
      {counters.isPending ? (
        <Loading text="Counting today…" />
      ) : counters.isError ? (
        <LoadError error={counters.error} retry={() => void counters.refetch()} />
      ) : (
        <TodayFigures totals={counters.data.totals} currency={currency} />
      )}
    </section>
  );
}

function TodayFigures({ totals, currency }: { totals: CreatorCounters; currency: string }) {
  const figures: [string, string][] = [
    ['Page views', totals.pageViews.toLocaleString('en-US')],
    ['Visitors', totals.uniqueVisitors.toLocaleString('en-US')],
    ['Subscribers', subscriberChange(totals.subscribers)],
    ['Itineraries', totals.itinerariesStarted.toLocaleString('en-US')],
    ['Bookings', totals.bookings.toLocaleString('en-US')],
    ['Income', incomeText(incomeOf(totals), currency)],
  ];
  return (
    <>
      <dl className="dash-figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {isQuiet(totals) ? <p className="muted">{QUIET_DAY}</p> : null}
    </>
  );
}
