// Every path no route claims: the not-found page with a 404 status.
import { data } from 'react-router';
import type { Route } from './+types/not-found';

export function loader(_: Route.LoaderArgs) {
  throw data({ title: 'Page not found' }, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
