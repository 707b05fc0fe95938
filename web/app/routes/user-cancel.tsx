// /user/itinerary/{itineraryId}/cancel: the frozen cancellation terms, the charge and the refund stated before
// the traveller confirms, then the cancellation and its refund.
import type { ReactNode } from 'react';
import { itineraryIdOf, pageMeta } from '~/checkout/itinerary-id';
import { ItineraryGate } from '~/checkout/itinerary-gate';
import { bookedLines } from '~/checkout/order-summary';
import { formatStayDate } from '~/checkout/format';
import { CancelStep } from '~/trips/cancel-step';
import type { Route } from './+types/user-cancel';

export function loader({ params }: Route.LoaderArgs) {
  return itineraryIdOf(params);
}

export const meta: Route.MetaFunction = ({ error }) => pageMeta(error, 'Cancel your booking');

const frame = (content: ReactNode) => (
  <div className="stack cancel-page">
    <h1>Cancel your booking</h1>
    {content}
  </div>
);

export default function CancelPage({ loaderData }: Route.ComponentProps) {
  return (
    <ItineraryGate itineraryId={loaderData.itineraryId} frame={frame}>
      {(itinerary) => (
        <>
          <ul className="plain">
            {bookedLines(itinerary).map((item) => (
              <li key={item.identity}>
                <strong>{item.hotelBooking.hotelName}</strong>, {formatStayDate(item.checkInDate)} –{' '}
                {formatStayDate(item.checkOutDate)}
              </li>
            ))}
          </ul>
          <CancelStep key={itinerary.id} itinerary={itinerary} />
        </>
      )}
    </ItineraryGate>
  );
}
