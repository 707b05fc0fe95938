// The income page's content: what billing owes the creator per currency (payable, pending, paid out), their
// income per day from the club's counters (the analytics page's chart), and every commission and reversal
// behind the figures. Currencies are never added together: each has its own figures and its own chart.
import type { CreatorCountersAnswer, PayoutAnswer } from '@travelclub/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { formatInstant, formatMoney } from '~/checkout/format';
import { LinkButton } from '~/ui/button';
import { incomeCharts } from './chart-data';
import { DailyChart } from './daily-chart';
import { currenciesOf, formatRate } from './funnel';
import { QueryState } from './load-state';
import { useRangeCounters, usePayout } from './queries';
import { describeRange, formatDay, selectionOf, utcToday, type DayRange } from './range';
import { RangeControls } from './range-controls';

export const INCOME_TEXTS = {
  loading: 'Loading your income…',
  empty: 'No bookings yet: share your club link so your followers can book their stays from it.',
  openClub: 'Open your club',
  claimLink: 'Choose your club link',
  rate: (rate: number) => `You earn ${formatRate(rate)} of every booking made through your club.`,
  balances: 'Balance',
  balance: 'Payable',
  balanceHint: 'Earned on stays that are over.',
  pending: 'Pending',
  pendingHint: 'Earned on stays still to come: a cancellation may take it back.',
  paid: 'Paid out',
  overTime: 'Income over time',
  showing: (range: DayRange) => `Showing ${describeRange(range)}`,
  loadingChart: 'Loading your income per day…',
  fixRange: 'Choose other days above to see your income per day.',
  entries: 'Payout entries',
  entriesHint: 'Each booking’s commission, and what a refund took back. It becomes payable once the stay is over.',
  commission: 'Commission',
  reversal: 'Taken back by a refund',
  booking: (id: string) => `Booking ${id}`,
  payableSince: (day: string) => `Payable since ${formatDay(day)}`,
  pendingUntil: (day: string) => `Pending: payable from ${formatDay(day)}`,
} as const;

const currencyNames = new Intl.DisplayNames('en-US', { type: 'currency' });
const currencyName = (code: string) => `${currencyNames.of(code) ?? code} (${code})`;

function NoIncome({ slug }: { slug: string | null }) {
  const club = slug ? `/user/${slug}` : null;
  return (
    <section className="card stack income-empty" aria-label="No income yet">
      <p>{INCOME_TEXTS.empty}</p>
      {club ? <p className="club-address">{new URL(club, window.location.origin).href}</p> : null}
      <LinkButton to={club ?? '/dashboard/club-settings'}>
        {club ? INCOME_TEXTS.openClub : INCOME_TEXTS.claimLink}
      </LinkButton>
    </section>
  );
}

function Balances({ balances }: { balances: PayoutAnswer['balances'] }) {
  const row = (label: string, amount: number, currency: string, hint?: string) => (
    <div>
      <dt>{label}</dt>
      <dd>
        <span className="money">{formatMoney({ amount, currency })}</span>
        {hint ? <span className="field-hint">{hint}</span> : null}
      </dd>
    </div>
  );
  return (
    <section className="stack" aria-labelledby="income-balances">
      <h2 id="income-balances">{INCOME_TEXTS.balances}</h2>
      <div className="balances">
        {balances.map((b) => (
          <section key={b.currency} className="card balance" aria-labelledby={`balance-${b.currency}`}>
            <h3 id={`balance-${b.currency}`}>{currencyName(b.currency)}</h3>
            <dl>
              {row(INCOME_TEXTS.balance, b.balance, b.currency, INCOME_TEXTS.balanceHint)}
              {row(INCOME_TEXTS.pending, b.pending, b.currency, INCOME_TEXTS.pendingHint)}
              {row(INCOME_TEXTS.paid, b.paid, b.currency)}
            </dl>
          </section>
        ))}
      </div>
    </section>
  );
}

/** One chart per currency: the payout's currencies, and any other the counters of these days name. */
function IncomeChartList({ answer, currencies }: { answer: CreatorCountersAnswer; currencies: string[] }) {
  const charts = useMemo(() => {
    const known = Object.fromEntries(currencies.map((currency) => [currency, 0]));
    const all = currenciesOf([answer.totals.commission, answer.totals.commissionReversed, known]);
    return incomeCharts(answer.days, all);
  }, [answer, currencies]);
  return (
    <div className="charts">
      {charts.map((spec) => (
        <DailyChart key={spec.id} spec={spec} />
      ))}
    </div>
  );
}

function IncomeCharts({ range, currencies }: { range: DayRange; currencies: string[] }) {
  const query = useRangeCounters(range);
  return (
    <QueryState query={query} what="your income" loading={INCOME_TEXTS.loadingChart}>
      {(answer) => <IncomeChartList answer={answer} currencies={currencies} />}
    </QueryState>
  );
}

function IncomeOverTime({ currencies }: { currencies: string[] }) {
  const [params] = useSearchParams();
  const selection = useMemo(() => selectionOf(params), [params]);
  const range = selection.kind === 'invalid' ? null : selection.range;
  return (
    <section className="stack" aria-labelledby="income-over-time">
      <h2 id="income-over-time">{INCOME_TEXTS.overTime}</h2>
      <RangeControls selection={selection} />
      {range ? (
        <>
          <p className="range-now" role="status">
            {INCOME_TEXTS.showing(range)}
          </p>
          <IncomeCharts range={range} currencies={currencies} />
        </>
      ) : (
        <p className="muted">{INCOME_TEXTS.fixRange}</p>
      )}
    </section>
  );
}

function Entries({ entries }: { entries: PayoutAnswer['entries'] }) {
  const today = utcToday();
  return (
    <section className="stack" aria-labelledby="income-entries">
      <h2 id="income-entries">{INCOME_TEXTS.entries}</h2>
      <p className="muted">{INCOME_TEXTS.entriesHint}</p>
      <ul className="payout-entries">
        {entries.map((entry) => (
          <li key={`${entry.invoiceId}-${entry.kind}`} className="payout-entry" data-kind={entry.kind}>
            <span className="payout-what">
              {entry.kind === 'commission' ? INCOME_TEXTS.commission : INCOME_TEXTS.reversal}
            </span>
            <span className="money">{formatMoney(entry.amount)}</span>
            <span className="muted">{formatInstant(entry.at)}</span>
            <span className="muted">{INCOME_TEXTS.booking(entry.itineraryId)}</span>
            <span className="payout-when">
              {entry.availableFrom <= today
                ? INCOME_TEXTS.payableSince(entry.availableFrom)
                : INCOME_TEXTS.pendingUntil(entry.availableFrom)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function IncomeReport({ payout }: { payout: PayoutAnswer }) {
  const currencies = useMemo(() => payout.balances.map((b) => b.currency), [payout]);
  return (
    <div className="income stack">
      <p>{INCOME_TEXTS.rate(payout.commissionRate)}</p>
      <Balances balances={payout.balances} />
      <IncomeOverTime currencies={currencies} />
      <Entries entries={payout.entries} />
    </div>
  );
}

export function IncomeView() {
  const query = usePayout();
  return (
    <QueryState query={query} what="your income" loading={INCOME_TEXTS.loading}>
      {(payout) =>
        payout.balances.length === 0 && payout.entries.length === 0 ? (
          <NoIncome slug={payout.creator} />
        ) : (
          <IncomeReport payout={payout} />
        )
      }
    </QueryState>
  );
}
