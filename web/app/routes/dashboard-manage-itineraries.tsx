// /dashboard/manage-itineraries (a dashboard page outside the layout): the creator's travel packages and
// written guides. It wraps itself in the dashboard frame (gate and navigation) like the layout's children.
import { requireSession } from '~/dashboard/creator-gate';
import { DashboardFrame } from '~/dashboard/frame';
import { MANAGE_TITLE, ManageItineraries } from '~/experiences/manage-page';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/dashboard-manage-itineraries';
import '~/experiences/experiences.css';

export const meta: Route.MetaFunction = () => [{ title: `${MANAGE_TITLE} · ${PRODUCT}` }];

export const loader = ({ request }: Route.LoaderArgs) => requireSession(request);

export default function ManageItinerariesPage() {
  return (
    <DashboardFrame>
      <ManageItineraries />
    </DashboardFrame>
  );
}
