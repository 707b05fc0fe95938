// /auth-redirect (spec section 2): where sign-ins come back. The auth service sends a Google or Facebook
// sign-in here as `/auth-redirect?returnUrl=…[&creator=1]&authCode=…` (the sign-in form asks for that
// return), and mails its email verification link here as `?mode=verifyEmail&oobCode=…`. The other action
// modes go to their pages; without a code the visitor simply goes on to the returnUrl.
import { redirect } from 'react-router';
import { exchangeProviderCode } from '~/auth/actions';
import { CodeSignIn } from '~/auth/code-sign-in';
import { LINK_NOT_VALID } from '~/auth/copy';
import { EmailVerification } from '~/auth/email-verification';
import { actionPageData, signInLinkTarget } from '~/auth/page-data.server';
import { AuthCard } from '~/auth/parts';
import { safeReturnUrl } from '~/auth/return-url';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/auth-redirect';

export const meta: Route.MetaFunction = () => [{ title: `Signing in · ${PRODUCT}` }];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = url.searchParams;
  const action = actionPageData(request);
  if (action.mode === 'resetPassword') throw redirect(`/resetPassword${url.search}`);
  if (action.mode === 'signIn') throw redirect(signInLinkTarget(action.oobCode, action.continueUrl));
  const returnUrl = safeReturnUrl(query.get('returnUrl'));
  const authCode = query.get('authCode') || null;
  if (action.mode !== 'verifyEmail' && !authCode) throw redirect(returnUrl);
  return { ...action, returnUrl, authCode, asCreator: query.get('creator') === '1' };
}

export default function AuthRedirectPage({ loaderData }: Route.ComponentProps) {
  const { authCode, returnUrl, asCreator } = loaderData;
  if (loaderData.mode === 'verifyEmail') {
    return (
      <AuthCard title="Verify your email">
        <EmailVerification oobCode={loaderData.oobCode} continueUrl={loaderData.continueUrl} />
      </AuthCard>
    );
  }
  const use = async () => ({ user: await exchangeProviderCode(authCode ?? '', asCreator), returnUrl });
  const signInHref = `/signIn?${new URLSearchParams({ returnUrl, ...(asCreator ? { invite: '' } : {}) })}`;
  return (
    <CodeSignIn
      codeKey={authCode && `provider:${authCode}`}
      use={use}
      missing={LINK_NOT_VALID}
      signInHref={signInHref}
    />
  );
}
