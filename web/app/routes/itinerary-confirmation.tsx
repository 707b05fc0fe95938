// /itinerary/{itineraryId}/confirmation: waits for the event-driven confirmation, then shows the booking.
import { CheckoutPage } from '~/checkout/checkout-page';
import { BOOKING_CONFIRMED, ConfirmationStep } from '~/checkout/confirmation-step';
import { pageMeta } from '~/checkout/itinerary-id';
import { itineraryPageData } from '~/checkout/itinerary.server';
import type { Route } from './+types/itinerary-confirmation';

export function loader({ request, params }: Route.LoaderArgs) {
  return itineraryPageData(request, params);
}

// 'Booking confirmed' only for a booking the server saw confirmed; the page itself says what it finds.
export const meta: Route.MetaFunction = ({ error, loaderData }) =>
  pageMeta(error, loaderData?.status === 'confirmed' ? BOOKING_CONFIRMED : 'Your booking');

export default function ConfirmationPage({ loaderData }: Route.ComponentProps) {
  return (
    <CheckoutPage step="confirmation" title="Confirmation" itineraryId={loaderData.itineraryId}>
      {(itinerary) => <ConfirmationStep key={itinerary.id} itinerary={itinerary} />}
    </CheckoutPage>
  );
}
