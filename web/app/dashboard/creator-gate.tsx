// Who may open the dashboard's pages: creators only. A visitor without a session cookie is sent to sign in
// (and back here after); a signed-in person without the creator role is told, plainly, that the dashboard is
// for creators, and may become one on the spot (spec section 6). Every dashboard page (the layout and the
// pages outside it) goes through these two.
import type { ReactNode } from 'react';
import { redirect } from 'react-router';
import { cookieOf } from '~/lib/cookies';
import { useSession } from '~/lib/session';
import { LinkButton } from '~/ui/button';
import { BecomeCreator } from './become-creator';

/** For a dashboard page's loader: no session cookie means nobody is signed in here, so sign in first. */
export function requireSession(request: Request): null {
  if (!cookieOf(request, 'tc_session')) {
    const url = new URL(request.url);
    throw redirect(`/signIn?returnUrl=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return null;
}

export const NOT_A_CREATOR_TITLE = 'The dashboard is for creators';

/** Renders `children` for a signed-in creator, and a clear message with a way on for anybody else. */
export function CreatorGate({ children }: { children: ReactNode }) {
  const { isMember, isCreator } = useSession();
  if (!isMember) {
    return (
      <GateMessage title="Please sign in">
        <p>Your session has ended. Sign in again to open your dashboard.</p>
        <LinkButton to="/signIn?returnUrl=%2Fdashboard">Sign in</LinkButton>
      </GateMessage>
    );
  }
  if (!isCreator) {
    return (
      <GateMessage title={NOT_A_CREATOR_TITLE}>
        <p>The dashboard is where creators run their travel clubs. Your own bookings are under Your trips.</p>
        <BecomeCreator />
      </GateMessage>
    );
  }
  return <>{children}</>;
}

function GateMessage(props: { title: string; children: ReactNode }) {
  return (
    <section className="stack dash-gate" aria-labelledby="dashboard-gate-title">
      <h1 id="dashboard-gate-title">{props.title}</h1>
      {props.children}
    </section>
  );
}
