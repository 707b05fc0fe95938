// /user/startSession (spec: "Session start, POST-style"): a form post with an access token (`data`) and the
// CSRF token starts the browser's session, then goes on to `returnUrl` (a path on this site only). A GET
// has nothing to do and says so.
import { data, redirect } from 'react-router';
import { pageMeta } from '~/checkout/itinerary-id';
import { safeReturnUrl } from '~/trips/return-url';
import { startSession } from '~/trips/start-session.server';
import { LinkButton } from '~/ui/button';
import { Callout } from '~/ui/callout';
import type { Route } from './+types/user-start-session';

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const returnUrl = safeReturnUrl(form.get('returnUrl') ?? new URL(request.url).searchParams.get('returnUrl'));
  const result = await startSession(request, form);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const cookie of result.cookies) headers.append('set-cookie', cookie);
  return redirect(returnUrl, { headers });
}

export const meta: Route.MetaFunction = () => pageMeta(null, 'Starting your session');

export default function StartSessionPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="stack" aria-labelledby="start-session-title">
      <h1 id="start-session-title">Starting your session</h1>
      {actionData?.error ? (
        <>
          <Callout tone="error">{actionData.error}</Callout>
          <LinkButton to="/signIn">Sign In</LinkButton>
        </>
      ) : (
        <>
          <p>There is nothing to do on this page.</p>
          <LinkButton to="/">Go Back To Home</LinkButton>
        </>
      )}
    </section>
  );
}
