// /user/trips: the traveller's upcoming, past and cancelled trips (read in the browser: they are theirs).
import { pageMeta } from '~/checkout/itinerary-id';
import { TripsView } from '~/trips/trips-view';
import type { Route } from './+types/user-trips';

export const meta: Route.MetaFunction = () => pageMeta(null, 'Your trips');

export default function TripsPage() {
  return (
    <div className="stack">
      <h1>Your trips</h1>
      <TripsView />
    </div>
  );
}
