// /dashboard/manage-stays (spec section 2, outside the dashboard layout): the creator's recommended stays, to
// switch on or off, reorder, edit or delete (with undo). The frame gives the gate and the dashboard's navigation;
// the list is the creator's own, so it is read in the browser.
import { requireSession } from '~/dashboard/creator-gate';
import { DashboardFrame } from '~/dashboard/frame';
import { PRODUCT } from '~/lib/brand';
import { ManageStays } from '~/stays/manage-stays';
import type { Route } from './+types/dashboard-manage-stays';
import '~/stays/stays.css';

export const meta: Route.MetaFunction = () => [{ title: `Your stays · ${PRODUCT}` }];

export const loader = ({ request }: Route.LoaderArgs) => requireSession(request);

export default function ManageStaysPage() {
  return (
    <DashboardFrame title="Your recommended stays">
      <ManageStays />
    </DashboardFrame>
  );
}
