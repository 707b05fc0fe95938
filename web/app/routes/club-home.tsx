// /user/{slug}, the club's home tab: subscribe by email, the recommended stays, trips and itineraries (the club
// body the dashboard's preview shows too). Its action is the subscribe box's (a form POST: double opt-in).
import { ClubView } from '~/club/club-view';
import { subscribeAction } from '~/club/subscribe.server';
import { useClub } from '~/club/use-club';
import type { Route } from './+types/club-home';

export const action = ({ request }: Route.ActionArgs) => subscribeAction(request);

export default function ClubHome() {
  return <ClubView club={useClub()} />;
}
