// /itinerary/{itineraryId}/payment: the invoice and the sandbox card form; one Idempotency-Key per attempt.
import { CheckoutPage } from '~/checkout/checkout-page';
import { pageMeta } from '~/checkout/itinerary-id';
import { itineraryPageData } from '~/checkout/itinerary.server';
import { PaymentStep } from '~/checkout/payment-step';
import type { Route } from './+types/itinerary-payment';

export function loader({ request, params }: Route.LoaderArgs) {
  return itineraryPageData(request, params);
}

export const meta: Route.MetaFunction = ({ error }) => pageMeta(error, 'Payment information');

export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  return (
    <CheckoutPage step="payment" title="Payment" itineraryId={loaderData.itineraryId}>
      {(itinerary) => <PaymentStep key={itinerary.id} itinerary={itinerary} />}
    </CheckoutPage>
  );
}
