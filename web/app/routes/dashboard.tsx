// /dashboard (spec section 2): where creators land after signing in. A placeholder until the creator
// dashboard is built (the web app's part 2); travellers are told it is for creators, and a visitor without
// a session is sent to sign in first.
import { redirect } from 'react-router';
import { isCreator } from '~/auth/return-url';
import { cookieOf } from '~/lib/api.server';
import { PRODUCT } from '~/lib/brand';
import { useSession } from '~/lib/session';
import { LinkButton } from '~/ui/button';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: `Dashboard · ${PRODUCT}` }];

export function loader({ request }: Route.LoaderArgs) {
  // No session cookie: nobody is signed in here (the root loader reads who is, when there is one).
  if (!cookieOf(request, 'tc_session')) throw redirect('/signIn?returnUrl=%2Fdashboard');
  return null;
}

export default function DashboardPage() {
  const { isMember, user } = useSession();
  if (!isMember) {
    return (
      <Placeholder title="Please sign in" link={{ to: '/signIn?returnUrl=%2Fdashboard', label: 'Sign in' }}>
        Your session has ended. Sign in again to open your dashboard.
      </Placeholder>
    );
  }
  if (!isCreator(user)) {
    return (
      <Placeholder title="The dashboard is for creators" link={{ to: '/', label: 'Go Back To Home' }}>
        The dashboard is where creators run their travel clubs. Your own bookings are under Your trips.
      </Placeholder>
    );
  }
  return (
    <Placeholder title={`Welcome, ${user?.publicName ?? 'creator'}`} link={{ to: '/', label: 'Go Back To Home' }}>
      Your club&apos;s dashboard is on its way: soon you will manage your stays and itineraries, see your income and
      analytics, and chat with Taylor, your AI travel assistant, right here.
    </Placeholder>
  );
}

function Placeholder(props: { title: string; link: { to: string; label: string }; children: string | string[] }) {
  return (
    <section className="stack dashboard-placeholder" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{props.title}</h1>
      <p>{props.children}</p>
      <LinkButton to={props.link.to}>{props.link.label}</LinkButton>
    </section>
  );
}
