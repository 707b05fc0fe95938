// /logout (spec section 2): ends the session (the cookie on the server, the token in memory), marks this tab
// signed out and goes to the sign-in page with `?loggedOut=1`, where no automatic sign-in happens (spec
// section 4). Done in the browser, where the token lives.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '~/auth/actions';
import { AuthCard } from '~/auth/parts';
import { markSignedOut } from '~/auth/signed-out';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/logout';

export const meta: Route.MetaFunction = () => [{ title: `Signing out · ${PRODUCT}` }];

const SIGNED_OUT_TARGET = '/signIn?loggedOut=1';

let signingOut: Promise<void> | null = null;

export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    markSignedOut();
    // One sign-out, even when React runs this effect twice.
    // A failed call (offline) still ends the token in memory; the sign-in page follows either way.
    signingOut ??= signOut()
      .catch(() => undefined)
      .finally(() => {
        signingOut = null;
      });
    void signingOut.then(() => live && navigate(SIGNED_OUT_TARGET, { replace: true }));
    return () => {
      live = false;
    };
  }, [navigate]);
  return (
    <AuthCard title="Signing you out">
      <p role="status" className="auth-status">
        <span className="spinner" aria-hidden="true" />
        Signing you out…
      </p>
    </AuthCard>
  );
}
