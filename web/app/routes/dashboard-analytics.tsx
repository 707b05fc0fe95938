// /dashboard/analytics (spec section 2, outside the dashboard layout): the club's funnel, page views →
// visitors → searches → itineraries → bookings → income, for a range of days, with charts per day. The
// figures are the creator's own, so they are read in the browser; the chart library comes with the charts.
import { AnalyticsView } from '~/analytics/analytics-view';
import { requireSession } from '~/dashboard/creator-gate';
import { DashboardFrame } from '~/dashboard/frame';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/dashboard-analytics';
import '~/analytics/analytics.css';

export const ANALYTICS_TITLE = 'Analytics';

export const meta: Route.MetaFunction = () => [{ title: `${ANALYTICS_TITLE} · ${PRODUCT}` }];

export const loader = ({ request }: Route.LoaderArgs) => requireSession(request);

export default function AnalyticsPage() {
  return (
    <DashboardFrame title={ANALYTICS_TITLE}>
      <AnalyticsView />
    </DashboardFrame>
  );
}
