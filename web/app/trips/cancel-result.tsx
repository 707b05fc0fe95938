// After cancelling: the itinerary is cancelled, and the refund is on its way. Billing issues it a moment later
// (it hears of the cancellation by event), so the invoice is read again until it shows the refund.
import type { Invoice, Itinerary, Money } from '@travelclub/contracts';
import { formatInstant, formatMoney } from '~/checkout/format';
import { useInvoice } from '~/checkout/queries';
import { LinkButton } from '~/ui/button';

const REFUND_POLL_MS = 2_000;

/** What became of the money: refunded (by billing), on its way, nothing due, or nothing paid. */
export function refundSentence(invoice: Invoice | undefined, expected: Money | null): string {
  const refund = invoice?.refund;
  if (refund && refund.amount.amount > 0)
    return `We refunded ${formatMoney(refund.amount)} to your card on ${formatInstant(refund.issuedAt)}.`;
  if (!invoice?.payment && !(expected && expected.amount > 0))
    return 'Nothing was paid, so there is nothing to refund.';
  if (refund || (expected && expected.amount === 0)) return 'Nothing is refunded under the cancellation terms.';
  if (expected)
    return `Your refund of ${formatMoney(expected)} is on its way to the card you paid with. Banks usually take 5 to 10 working days to show it.`;
  return 'Any refund due goes back to the card you paid with.';
}

export function CancelResult({ itinerary, expectedRefund }: { itinerary: Itinerary; expectedRefund: Money | null }) {
  const invoice = useInvoice(itinerary.invoiceId, (latest) =>
    expectedRefund && expectedRefund.amount > 0 && !latest?.refund ? REFUND_POLL_MS : false,
  ).data;
  return (
    <div className="stack">
      <div className="callout" data-tone="success" role="status">
        <strong>Your booking is cancelled</strong>
        <span>
          {itinerary.cancellation ? `Cancelled on ${formatInstant(itinerary.cancellation.at)}. ` : ''}
          {refundSentence(invoice, expectedRefund)}
        </span>
      </div>
      <div className="actions">
        <LinkButton to="/user/trips">Your trips</LinkButton>
        <LinkButton to="/" variant="secondary">
          Find a hotel
        </LinkButton>
      </div>
    </div>
  );
}
