// The payment page's content: the invoice and the card form while the invoice is open; the way back to the
// guest details when there is no invoice yet (or it can no longer be paid); the confirmation once paid.
import type { Invoice, Itinerary } from '@travelclub/contracts';
import { LinkButton } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { CardForm } from './card-form';
import { CheckoutColumns } from './checkout-page';
import { formatMoney } from './format';
import { InvoiceView } from './invoice-view';
import { Loading } from './itinerary-gate';
import { NotPayable, notPayableReason } from './not-payable';
import { OrderSummary } from './order-summary';
import { PaymentError } from './payment-error';
import { messageOf } from '~/lib/api-errors';
import { useInvoice } from './queries';
import { usePayment } from './use-payment';

function PayInvoice({ invoice, itinerary }: { invoice: Invoice; itinerary: Itinerary }) {
  const payment = usePayment(invoice.id, itinerary.id);
  return (
    <>
      <InvoiceView invoice={invoice} />
      <section className="card stack" aria-labelledby="card-title">
        <h2 id="card-title">Pay by card</h2>
        {payment.error ? <PaymentError error={payment.error} itineraryId={itinerary.id} /> : null}
        <CardForm payLabel={`Pay ${formatMoney(invoice.total)}`} isPending={payment.isPending} onPay={payment.pay} />
        <p className="muted small">Your card is charged once, when you press Pay. We never keep the card number.</p>
      </section>
    </>
  );
}

function InvoiceState({ itinerary }: { itinerary: Itinerary }) {
  const query = useInvoice(itinerary.invoiceId);
  if (query.error) return <Callout tone="error">{messageOf(query.error)}</Callout>;
  const invoice = query.data;
  if (!invoice) return <Loading>Loading your invoice…</Loading>;
  if (invoice.status === 'open') return <PayInvoice invoice={invoice} itinerary={itinerary} />;
  if (invoice.status === 'paid') return <NotPayable itinerary={itinerary} reason="confirmed" />;
  return <NoInvoice itinerary={itinerary} text="This invoice can no longer be paid. Please review your itinerary." />;
}

function NoInvoice({ itinerary, text }: { itinerary: Itinerary; text: string }) {
  return (
    <div className="stack">
      <Callout tone="info">{text}</Callout>
      <LinkButton to={`/itinerary/${itinerary.id}/contact`}>Go to guest details</LinkButton>
    </div>
  );
}

export function PaymentStep({ itinerary }: { itinerary: Itinerary }) {
  const reason = notPayableReason(itinerary);
  let main;
  if (reason) main = <NotPayable itinerary={itinerary} reason={reason} />;
  else if (itinerary.status !== 'pending_payment' || !itinerary.invoiceId)
    main = <NoInvoice itinerary={itinerary} text="Please add the guest details before paying." />;
  else main = <InvoiceState itinerary={itinerary} />;
  return <CheckoutColumns main={main} summary={reason === 'empty' ? null : <OrderSummary itinerary={itinerary} />} />;
}
