// The confirmation page's content. Payment confirms a booking a moment later (billing's event reaches the
// itinerary), so while the itinerary still awaits payment after its invoice was paid, the page reads it again
// every second and says that it is waiting; then it shows the booking, or why the hotel could not take it.
import type { Invoice, Itinerary } from '@travelclub/contracts';
import { useEffect, useState } from 'react';
import { LinkButton } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { BookingDetails } from './booking-details';
import { CheckoutColumns } from './checkout-page';
import { formatInstant, formatMoney } from './format';
import { Loading, useDocumentTitle } from './itinerary-gate';
import { NotPayable } from './not-payable';
import { OrderSummary } from './order-summary';
import { messageOf } from '~/lib/api-errors';
import { useInvoice, useItinerary } from './queries';

export const CONFIRM_POLL_MS = 1_000;
/** The page's title once the booking is confirmed, and only then. */
export const BOOKING_CONFIRMED = 'Booking confirmed';
export const WAITING_TEXT = 'Confirming your booking with the hotel…';
/** After this long the page also says that the confirmation will come by email. */
const PATIENCE_MS = 20_000;

const failed = (itinerary: Itinerary) =>
  itinerary.status === 'cancelled' && itinerary.cancellation?.reason === 'booking-failed';

function Waiting() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="waiting card" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{WAITING_TEXT}</p>
      {slow ? (
        <p className="muted small">
          This is taking longer than usual. Your payment is safe; you may leave this page, and we will email you as soon
          as the hotel confirms.
        </p>
      ) : null}
    </div>
  );
}

function BookingFailed({ invoice }: { invoice: Invoice | undefined }) {
  const refund = invoice?.refund;
  const paid = invoice?.payment?.amount;
  return (
    <div className="stack">
      <Callout tone="error">
        The hotel could not confirm your booking: the room was no longer available. We are sorry.{' '}
        {refund
          ? `We refunded ${formatMoney(refund.amount)} to your card on ${formatInstant(refund.issuedAt)}.`
          : `A full refund${paid ? ` of ${formatMoney(paid)}` : ''} is on its way to your card.`}
      </Callout>
      <LinkButton to="/">Find another room</LinkButton>
    </div>
  );
}

function NotPaidYet({ itinerary }: { itinerary: Itinerary }) {
  const paymentPage = itinerary.status === 'pending_payment' ? 'payment' : 'contact';
  return (
    <div className="stack">
      <Callout tone="info">We have not received a payment for this itinerary yet.</Callout>
      <LinkButton to={`/itinerary/${itinerary.id}/${paymentPage}`}>Continue to payment</LinkButton>
    </div>
  );
}

export function ConfirmationStep({ itinerary }: { itinerary: Itinerary }) {
  const invoiceQuery = useInvoice(itinerary.invoiceId, (invoice) =>
    failed(itinerary) && !invoice?.refund ? 2 * CONFIRM_POLL_MS : false,
  );
  const invoice = invoiceQuery.data;
  const unpaid = itinerary.status === 'draft' || invoice?.status === 'open' || invoice?.status === 'void';
  // The gate shows the itinerary; this observer of the same query reads it again while the wait lasts.
  useItinerary(itinerary.id, (latest) => (latest?.status === 'pending_payment' && !unpaid ? CONFIRM_POLL_MS : false));
  useDocumentTitle(itinerary.status === 'confirmed' ? BOOKING_CONFIRMED : null);

  if (itinerary.status === 'confirmed') return <BookingDetails itinerary={itinerary} invoice={invoice} />;
  let main;
  if (failed(itinerary)) main = <BookingFailed invoice={invoice} />;
  else if (itinerary.status === 'cancelled' || itinerary.status === 'expired')
    main = <NotPayable itinerary={itinerary} reason={itinerary.status} />;
  else if (invoiceQuery.error) main = <Callout tone="error">{messageOf(invoiceQuery.error)}</Callout>;
  else if (unpaid) main = <NotPaidYet itinerary={itinerary} />;
  else if (!invoice) main = <Loading>Loading your booking…</Loading>;
  else main = <Waiting />;
  return <CheckoutColumns main={main} summary={<OrderSummary itinerary={itinerary} />} />;
}
