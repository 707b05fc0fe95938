// /resetPassword (spec section 2): the page of the mailed action links, with mode, oobCode, apiKey,
// continueUrl and lang. mode=resetPassword asks for the new password (the reset mail's link);
// mode=verifyEmail verifies the address; mode=signIn is a sign-in link, used on /continueSignIn.
import { redirect } from 'react-router';
import { AuthCard } from '~/auth/parts';
import { LINK_NOT_VALID } from '~/auth/copy';
import { EmailVerification } from '~/auth/email-verification';
import { actionPageData, signInLinkTarget } from '~/auth/page-data.server';
import { ResetPasswordForm } from '~/auth/reset-password-form';
import { PRODUCT } from '~/lib/brand';
import { Callout } from '~/ui/callout';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.mode === 'verifyEmail' ? 'Verify your email' : 'Reset your password'} · ${PRODUCT}` },
];

export function loader({ request }: Route.LoaderArgs) {
  const page = actionPageData(request);
  if (page.mode === 'signIn') throw redirect(signInLinkTarget(page.oobCode, page.continueUrl));
  return page;
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { mode, oobCode, continueUrl } = loaderData;
  if (mode === 'verifyEmail') {
    return (
      <AuthCard title="Verify your email">
        <EmailVerification oobCode={oobCode} continueUrl={continueUrl} />
      </AuthCard>
    );
  }
  const signInHref = `/signIn?${new URLSearchParams({ returnUrl: continueUrl })}`;
  return (
    <AuthCard title="Choose a new password">
      {mode === 'resetPassword' && oobCode ? (
        <ResetPasswordForm oobCode={oobCode} signInHref={signInHref} />
      ) : (
        <Callout tone="error">{LINK_NOT_VALID}</Callout>
      )}
    </AuthCard>
  );
}
