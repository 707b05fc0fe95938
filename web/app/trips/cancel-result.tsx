// After cancelling: the itinerary is cancelled, and the refund is on its way. Billing issues it a moment later
// (it hears of the cancellation by event), so the invoice is read again until it shows the refund.
import type { Itinerary, Money } from '@travelclub/contracts';
import { formatInstant, formatMoney } from '~/checkout/format';
import { useInvoice } from '~/checkout/queries';
import { LinkButton } from '~/ui/button';

const REFUND_POLL_MS = 2_000;

export function CancelResult({ itinerary, expectedRefund }: { itinerary: Itinerary; expectedRefund: Money | null }) {
  const invoice = useInvoice(itinerary.invoiceId, (latest) =>
    expectedRefund && expectedRefund.amount > 0 && !latest?.refund ? REFUND_POLL_MS : false,
  ).data;
  const refund = invoice?.refund;
  let refundText: string;
  if (refund)
    refundText = `We refunded ${formatMoney(refund.amount)} to your card on ${formatInstant(refund.issuedAt)}.`;
  else if (expectedRefund && expectedRefund.amount > 0)
    refundText = `Your refund of ${formatMoney(expectedRefund)} is on its way to the card you paid with. Banks usually take 5 to 10 working days to show it.`;
  else if (!expectedRefund && invoice?.payment) refundText = 'Any refund due goes back to the card you paid with.';
  else refundText = 'There is nothing to refund.';
  return (
    <div className="stack">
      <div className="callout" data-tone="success" role="status">
        <strong>Your booking is cancelled</strong>
        <span>
          {itinerary.cancellation ? `Cancelled on ${formatInstant(itinerary.cancellation.at)}. ` : ''}
          {refundText}
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
