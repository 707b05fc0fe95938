// The cancellation terms of a booking, in short: for each room its policy as quoted, and from when cancelling
// starts to cost (the frozen terms the invoice carries).
import type { CancellationTerms } from '@travelclub/contracts';
import { formatInstant, formatMoney } from './format';

type TermsLine = CancellationTerms['lines'][number];

/** "Free cancellation until …" when the first charge lies ahead, else when charges began. */
export function freeUntil(line: TermsLine, now = new Date()): string | null {
  const first = line.charges
    .filter((charge) => charge.amount.amount > 0)
    .map((charge) => charge.from)
    .sort()[0];
  if (!first) return 'Free cancellation';
  return Date.parse(first) > now.getTime() ? `Free cancellation until ${formatInstant(first)}` : null;
}

export function TermsSummary({ terms }: { terms: CancellationTerms }) {
  return (
    <ul className="plain terms">
      {terms.lines.map((line) => {
        const free = freeUntil(line);
        return (
          <li key={`${line.lineItemId}:${line.holdId}`}>
            <strong>
              {line.roomTypeName}, {line.hotelName}
            </strong>
            {free ? <span className="tag">{free}</span> : null}
            <div className="small">{line.policyText}</div>
            {line.charges.length > 0 ? (
              <ul className="small muted">
                {line.charges.map((charge) => (
                  <li key={charge.from}>
                    From {formatInstant(charge.from)}: {formatMoney(charge.amount)}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
