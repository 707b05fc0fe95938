// /dashboard (spec section 2): the creators' dashboard layout, where creators land after signing in. Its
// children render inside the dashboard frame (navigation and page area); visitors without a session sign in
// first, others are told it is for creators and may become one. A child's 404 (an unknown College guide) or
// failure is shown inside the frame, so the creator keeps their navigation.
import { isRouteErrorResponse, Outlet } from 'react-router';
import { requireSession } from '~/dashboard/creator-gate';
import { DashboardFrame } from '~/dashboard/frame';
import { PRODUCT } from '~/lib/brand';
import { LinkButton } from '~/ui/button';
import { NotFound } from '~/ui/not-found';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: `Dashboard · ${PRODUCT}` }];

export const loader = ({ request }: Route.LoaderArgs) => requireSession(request);

export default function DashboardLayout() {
  return (
    <DashboardFrame>
      <Outlet />
    </DashboardFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    const title = (error.data as { title?: unknown } | undefined)?.title;
    return (
      <DashboardFrame>
        <NotFound title={typeof title === 'string' ? title : undefined} returnTo="/dashboard" />
      </DashboardFrame>
    );
  }
  return (
    <DashboardFrame title="Something went wrong">
      <p>An unexpected error occurred, please try again later.</p>
      <LinkButton to="/dashboard">Go Back To Home</LinkButton>
    </DashboardFrame>
  );
}
