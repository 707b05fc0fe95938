// /itinerary/{itineraryId}/confirmation: waits for the event-driven confirmation, then shows the booking.
import { CheckoutPage } from '~/checkout/checkout-page';
import { ConfirmationStep } from '~/checkout/confirmation-step';
import { itineraryIdOf, pageMeta } from '~/checkout/itinerary-id';
import type { Route } from './+types/itinerary-confirmation';

export function loader({ params }: Route.LoaderArgs) {
  return itineraryIdOf(params);
}

export const meta: Route.MetaFunction = ({ error }) => pageMeta(error, 'Booking confirmed');

export default function ConfirmationPage({ loaderData }: Route.ComponentProps) {
  return (
    <CheckoutPage step="confirmation" title="Confirmation" itineraryId={loaderData.itineraryId}>
      {(itinerary) => <ConfirmationStep key={itinerary.id} itinerary={itinerary} />}
    </CheckoutPage>
  );
}
