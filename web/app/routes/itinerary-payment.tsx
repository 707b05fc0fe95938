// /itinerary/{itineraryId}/payment: the invoice and the sandbox card form; one Idempotency-Key per attempt.
import { CheckoutPage } from '~/checkout/checkout-page';
import { itineraryIdOf, pageMeta } from '~/checkout/itinerary-id';
import { PaymentStep } from '~/checkout/payment-step';
import type { Route } from './+types/itinerary-payment';

export function loader({ params }: Route.LoaderArgs) {
  return itineraryIdOf(params);
}

export const meta: Route.MetaFunction = ({ error }) => pageMeta(error, 'Payment information');

export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  return (
    <CheckoutPage step="payment" title="Payment" itineraryId={loaderData.itineraryId}>
      {(itinerary) => <PaymentStep key={itinerary.id} itinerary={itinerary} />}
    </CheckoutPage>
  );
}
