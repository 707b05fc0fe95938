// The email verification link's page (`mode=verifyEmail&oobCode=…`, mailed to /auth-redirect; the
// /resetPassword action page takes it too): the code is used once, then the outcome in a callout.
import { Link } from 'react-router';
import { PRODUCT } from '~/lib/brand';
import { Callout } from '~/ui/callout';
import { verifyEmail } from './actions';
import { EMAIL_VERIFIED, LINK_NOT_VALID } from './copy';
import { useOneTimeCode } from './use-one-time-code';

export function EmailVerification({ oobCode, continueUrl }: { oobCode: string | null; continueUrl: string }) {
  const state = useOneTimeCode(oobCode && `verifyEmail:${oobCode}`, () => verifyEmail(oobCode ?? ''), LINK_NOT_VALID);
  if (state.status === 'pending') return <p role="status">Verifying your email address…</p>;
  return (
    <div className="stack">
      {state.status === 'done' ? (
        <Callout tone="success">{EMAIL_VERIFIED}</Callout>
      ) : (
        <Callout tone="error">{state.error}</Callout>
      )}
      <p>
        <Link to={continueUrl}>Continue to {PRODUCT}</Link>
      </p>
    </div>
  );
}
