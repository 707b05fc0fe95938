// /signUp (spec section 2): the sign-up card; with `?invite` the creator variant, which signs up a creator.
// While sign-up is switched off (isSignUpEnabled) the page says so and points to sign-in.
import { useLocation } from 'react-router';
import { AuthCard, SwitchPrompt } from '~/auth/parts';
import { signUpPageData } from '~/auth/page-data.server';
import { ALREADY_SIGNED_IN, CREATOR_PITCH, CREATOR_TITLE, SIGN_IN_PROMPT, SIGN_UP_CLOSED } from '~/auth/copy';
import { SignUpForm } from '~/auth/sign-up-form';
import { useAfterSignIn } from '~/auth/use-after-sign-in';
import { PRODUCT } from '~/lib/brand';
import { Callout } from '~/ui/callout';
import type { Route } from './+types/sign-up';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.asCreator ? 'Start your club' : 'Sign up'} · ${PRODUCT}` },
];

/**
 * A creator who signs up with a magic link comes back to the dashboard, whose gate offers them the creator
 * role at once (a mailed link signs up a plain account); a returnUrl they were given wins.
 */
const creatorReturnUrl = (returnUrl: string) => (returnUrl === '/' ? '/dashboard' : returnUrl);

export const loader = ({ request }: Route.LoaderArgs) => signUpPageData(request);

export default function SignUpPage({ loaderData }: Route.ComponentProps) {
  const { returnUrl, asCreator, loggedOut, isSignUpEnabled } = loaderData;
  const location = useLocation();
  const { go, autoSignIn } = useAfterSignIn(returnUrl, loggedOut);
  // Back to sign-in with the same search params (returnUrl, invite).
  const signIn = { to: `/signIn${location.search}` };
  return (
    <AuthCard title={asCreator ? CREATOR_TITLE : 'Sign Up'} lead={asCreator ? CREATOR_PITCH : undefined}>
      {!isSignUpEnabled ? (
        <>
          <Callout tone="info">{SIGN_UP_CLOSED}</Callout>
          <SwitchPrompt text={SIGN_IN_PROMPT} {...signIn} />
        </>
      ) : autoSignIn ? (
        <p role="status">{ALREADY_SIGNED_IN}</p>
      ) : (
        <SignUpForm
          role={asCreator ? 'creator' : 'consumer'}
          returnUrl={asCreator ? creatorReturnUrl(returnUrl) : returnUrl}
          signIn={signIn}
          onSignedIn={go}
        />
      )}
    </AuthCard>
  );
}
