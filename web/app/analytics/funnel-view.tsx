// The funnel's totals for the chosen days: each step's count with its share of the step before, then the
// income per currency, and the figures beside the funnel (booking value, cancellations, subscribers).
import type { CreatorCounters } from '@travelclub/contracts';
import { formatAmounts, formatCount, funnelOf, incomeOf } from './funnel';

export const FUNNEL_TEXTS = {
  income: 'Income',
  noIncome: 'None yet',
  reversed: (amounts: string) => `After ${amounts} taken back by refunds`,
  nothingYet: 'Nothing was counted in these days. Share your club link to bring visitors in.',
  bookingValue: 'Booking value',
  noBookingValue: 'None yet',
  cancellations: 'Cancellations',
  subscribers: 'Subscribers (change)',
} as const;

/** "+3", "−2", "0": subscribers are a change, so a range may lose some. */
export function formatChange(change: number): string {
  if (change > 0) return `+${formatCount(change)}`;
  if (change < 0) return `−${formatCount(-change)}`;
  return '0';
}

function IncomeStep({ totals }: { totals: CreatorCounters }) {
  const income = formatAmounts(incomeOf(totals));
  const reversed = Object.values(totals.commissionReversed).some((amount) => amount !== 0)
    ? formatAmounts(totals.commissionReversed)
    : null;
  return (
    <li className="funnel-step funnel-income">
      <span className="funnel-label">{FUNNEL_TEXTS.income}</span>
      <span className="funnel-count">{income ?? FUNNEL_TEXTS.noIncome}</span>
      {reversed ? <span className="funnel-rate">{FUNNEL_TEXTS.reversed(reversed)}</span> : null}
    </li>
  );
}

/** Whether these days counted anything at all: a booking counts, even on days that counted no page view. */
const countedAnything = (totals: CreatorCounters) =>
  funnelOf(totals).some((step) => step.count > 0) || Object.values(incomeOf(totals)).some((amount) => amount !== 0);

export function FunnelView({ totals }: { totals: CreatorCounters }) {
  return (
    <div className="stack">
      <ol className="funnel">
        {funnelOf(totals).map((step) => (
          <li key={step.key} className="funnel-step">
            <span className="funnel-label">{step.label}</span>
            <span className="funnel-count">{formatCount(step.count)}</span>
            {step.rateText ? <span className="funnel-rate">{step.rateText}</span> : null}
          </li>
        ))}
        <IncomeStep totals={totals} />
      </ol>
      {countedAnything(totals) ? null : <p className="muted">{FUNNEL_TEXTS.nothingYet}</p>}
    </div>
  );
}

export function SideFigures({ totals }: { totals: CreatorCounters }) {
  return (
    <dl className="side-figures">
      <div>
        <dt>{FUNNEL_TEXTS.bookingValue}</dt>
        <dd>{formatAmounts(totals.grossBookingValue) ?? FUNNEL_TEXTS.noBookingValue}</dd>
      </div>
      <div>
        <dt>{FUNNEL_TEXTS.cancellations}</dt>
        <dd>{formatCount(totals.cancellations)}</dd>
      </div>
      <div>
        <dt>{FUNNEL_TEXTS.subscribers}</dt>
        <dd>{formatChange(totals.subscribers)}</dd>
      </div>
    </dl>
  );
}
