// /itinerary/{itineraryId}/contact: the first checkout step, guest details (sign-up first for an anonymous
// visitor), then the pre-check and the invoice.
import { CheckoutPage } from '~/checkout/checkout-page';
import { ContactStep } from '~/checkout/contact-step';
import { pageMeta } from '~/checkout/itinerary-id';
import { itineraryPageData } from '~/checkout/itinerary.server';
import type { Route } from './+types/itinerary-contact';

export function loader({ request, params }: Route.LoaderArgs) {
  return itineraryPageData(request, params);
}

export const meta: Route.MetaFunction = ({ error }) => pageMeta(error, 'Guest details');

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  return (
    <CheckoutPage step="contact" title="Guest details" itineraryId={loaderData.itineraryId}>
      {(itinerary) => <ContactStep key={itinerary.id} itinerary={itinerary} />}
    </CheckoutPage>
  );
}
