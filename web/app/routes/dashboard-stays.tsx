// /dashboard/stays (inside the dashboard layout): the drafts Taylor saved for the creator to review, publish or
// dismiss. The creator's own data, so it is read in the browser.
import { DraftsPage } from '~/assistant/drafts-page';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/dashboard-stays';
import '~/assistant/assistant.css';

export const meta: Route.MetaFunction = () => [{ title: `Drafts from Taylor · ${PRODUCT}` }];

export default function DashboardStays() {
  return <DraftsPage />;
}
