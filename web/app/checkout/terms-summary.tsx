// The cancellation terms of a booking, in short: for each room its policy as quoted, and what cancelling costs
// from when (the frozen terms the invoice carries). Each instant is stated once, in one format, with its zone.
import type { CancellationTerms } from '@travelclub/contracts';
import { formatDeadline, formatMoney } from './format';

type TermsLine = CancellationTerms['lines'][number];

/** The charges in time order: the one that applies `now` (if any), then those still to come. */
function schedule(line: TermsLine, now: Date) {
  const charges = [...line.charges].sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
  const started = charges.filter((charge) => Date.parse(charge.from) <= now.getTime());
  return { current: started.at(-1), upcoming: charges.filter((charge) => Date.parse(charge.from) > now.getTime()) };
}

/** Whether cancelling costs nothing now. */
export const freeNow = (line: TermsLine, now = new Date()) => (schedule(line, now).current?.amount.amount ?? 0) === 0;

/**
 * What cancelling costs, in one sentence: "Cancelling is free until Dec 22, 2026, 12:00 AM UTC, then costs
 * $156.00." or "Cancelling now costs $156.00."; null when it never costs anything.
 */
export function cancellingCosts(line: TermsLine, now = new Date()): string | null {
  const { current, upcoming } = schedule(line, now);
  const free = (current?.amount.amount ?? 0) === 0;
  if (upcoming.length === 0) return free ? null : `Cancelling now costs ${formatMoney(current!.amount)}.`;
  const [next, ...later] = upcoming;
  const start = free ? 'Cancelling is free' : `Cancelling costs ${formatMoney(current!.amount)}`;
  const then = [
    `${start} until ${formatDeadline(next!.from)}, then costs ${formatMoney(next!.amount)}`,
    ...later.map((charge) => `${formatMoney(charge.amount)} from ${formatDeadline(charge.from)}`),
  ];
  return `${then.join('; ')}.`;
}

export function TermsSummary({ terms }: { terms: CancellationTerms }) {
  return (
    <ul className="plain terms">
      {terms.lines.map((line) => {
        const costs = cancellingCosts(line);
        return (
          <li key={`${line.lineItemId}:${line.holdId}`}>
            <strong>
              {line.roomTypeName}, {line.hotelName}
            </strong>
            {freeNow(line) ? <span className="tag">Free cancellation</span> : null}
            <div className="small">{line.policyText}</div>
            {costs ? <div className="small muted">{costs}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
