// /continueSignIn (spec section 2): where the magic link comes back, `/continueSignIn?code=…` as the auth
// service mails it (a returnUrl may come along). The code is used in the browser, so the visitor's
// anonymous account (their cart) is upgraded when the link signs them up.
import { consumeMagicLink } from '~/auth/actions';
import { CodeSignIn } from '~/auth/code-sign-in';
import { SIGN_IN_LINK_INCOMPLETE } from '~/auth/copy';
import { safeReturnUrl } from '~/auth/return-url';
import { PRODUCT } from '~/lib/brand';
import type { Route } from './+types/continue-sign-in';

export const meta: Route.MetaFunction = () => [{ title: `Signing in · ${PRODUCT}` }];

export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const returnUrl = query.get('returnUrl');
  return { code: query.get('code') || null, returnUrl: returnUrl ? safeReturnUrl(returnUrl) : null };
}

export default function ContinueSignInPage({ loaderData }: Route.ComponentProps) {
  const { code, returnUrl } = loaderData;
  const use = async () => {
    const answer = await consumeMagicLink(code ?? '');
    // The link's own returnUrl (kept by the service when it was asked for) unless the page was given one.
    return { user: answer.user, returnUrl: returnUrl ?? answer.returnUrl };
  };
  return (
    <CodeSignIn
      codeKey={code && `magicLink:${code}`}
      use={use}
      missing={SIGN_IN_LINK_INCOMPLETE}
      signInHref="/signIn"
    />
  );
}
