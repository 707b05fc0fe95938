// The "Signing you in" page of a one-time code in the browser (the magic link's, or a provider's result code):
// the code is used once, the tokens adopted, and the visitor sent on (creators to /dashboard, spec section 4); a
// refusal shows in the red 'Error' callout with a way back to sign-in.
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AccountView } from '@travelclub/contracts';
import { Callout } from '~/ui/callout';
import { AuthCard } from './parts';
import { destinationAfterSignIn } from './return-url';
import { useOneTimeCode } from './use-one-time-code';

export interface CodeSignInProps {
  /** The code's key for this page (null: the link has no code). */
  codeKey: string | null;
  use: () => Promise<{ user: AccountView; returnUrl: string }>;
  missing: string;
  signInHref: string;
}

export function CodeSignIn(props: CodeSignInProps) {
  return (
    <AuthCard title="Signing you in">
      <CodeSignInState {...props} />
    </AuthCard>
  );
}

function CodeSignInState({ codeKey, use, missing, signInHref }: CodeSignInProps) {
  const state = useOneTimeCode(codeKey, use, missing);
  const navigate = useNavigate();
  const done = state.status === 'done' ? state.value : null;
  useEffect(() => {
    if (done) void navigate(destinationAfterSignIn(done.user, done.returnUrl), { replace: true });
  }, [done, navigate]);

  if (state.status === 'failed') {
    return (
      <div className="stack">
        <Callout tone="error">{state.error}</Callout>
        <Link className="button" data-variant="primary" to={signInHref}>
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <p role="status" className="auth-status">
      <span className="spinner" aria-hidden="true" />
      {state.status === 'done' ? 'You are signed in. Taking you on…' : 'Signing you in…'}
    </p>
  );
}
