// /itinerary/{itineraryId}/contact: the first checkout step, guest details (sign-up first for an anonymous
// visitor), then the pre-check and the invoice.
import { CheckoutPage } from '~/checkout/checkout-page';
import { ContactStep } from '~/checkout/contact-step';
import { itineraryIdOf, pageMeta } from '~/checkout/itinerary-id';
import type { Route } from './+types/itinerary-contact';

export function loader({ params }: Route.LoaderArgs) {
  return itineraryIdOf(params);
}

export const meta: Route.MetaFunction = ({ error }) => pageMeta(error, 'Guest details');

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  return (
    <CheckoutPage step="contact" title="Guest details" itineraryId={loaderData.itineraryId}>
      {(itinerary) => <ContactStep key={itinerary.id} itinerary={itinerary} />}
    </CheckoutPage>
  );
}
