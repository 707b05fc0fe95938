// /signIn (spec section 2): the sign-in card. Its loader reads the returnUrl (default '/'), `invite`, a
// provider's error and the user agent; a person already signed in goes straight on, unless they come from
// /logout (spec section 4).
import { useLocation } from 'react-router';
import { ALREADY_SIGNED_IN } from '~/auth/copy';
import { AuthCard } from '~/auth/parts';
import { signUpHref } from '~/auth/return-url';
import { signInPageData } from '~/auth/page-data.server';
import { SignInForm } from '~/auth/sign-in-form';
import { useAfterSignIn } from '~/auth/use-after-sign-in';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/sign-in';

export const meta: Route.MetaFunction = () => [{ title: `Sign in · ${PRODUCT}` }];

export const loader = ({ request }: Route.LoaderArgs) => signInPageData(request);

export default function SignInPage({ loaderData }: Route.ComponentProps) {
  const { returnUrl, asCreator, loggedOut, isSignUpEnabled } = loaderData;
  const location = useLocation();
  const { go, autoSignIn } = useAfterSignIn(returnUrl, loggedOut);
  return (
    <AuthCard title={`Welcome Back to ${PRODUCT}!`}>
      {autoSignIn ? (
        <p role="status">{ALREADY_SIGNED_IN}</p>
      ) : (
        <SignInForm
          returnUrl={returnUrl}
          asCreator={asCreator}
          inApp={loaderData.inApp}
          pageUrl={loaderData.pageUrl}
          initialError={loaderData.authError}
          signUp={isSignUpEnabled ? { to: signUpHref(location.search, returnUrl) } : null}
          onSignedIn={go}
        />
      )}
    </AuthCard>
  );
}
