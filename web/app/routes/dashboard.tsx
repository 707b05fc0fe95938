// /dashboard (spec section 2): the creators' dashboard layout, where creators land after signing in. Its
// children render inside it; visitors without a session sign in first, others are told it is for creators.
import { Outlet } from 'react-router';
import { CreatorGate, requireSession } from '~/dashboard/creator-gate';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: `Dashboard · ${PRODUCT}` }];

export const loader = ({ request }: Route.LoaderArgs) => requireSession(request);

export default function DashboardLayout() {
  return (
    <CreatorGate>
      <Outlet />
    </CreatorGate>
  );
}
