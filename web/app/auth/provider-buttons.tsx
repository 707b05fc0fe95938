// 'Continue with Google' and 'Continue with Facebook' (spec section 2). Each is a link to the auth service's
// start; with scripts on, the start is asked for by a call that carries an anonymous visitor's token (their
// new account is then an upgrade of theirs, cart kept) and a provider that is not configured is answered in
// the form's Error callout instead of a bare page. Inside in-app browsers Google is replaced (see below).
import type { MouseEvent } from 'react';
import type { OAuthProvider } from '@travelclub/contracts';
import { fillPath, linkPaths } from '@travelclub/contracts/paths';
import { providerStartUrl } from './actions';
import { errorText } from './errors';
import { chromeIntentUrl, type InAppPlatform } from './in-app-browser';
import { IN_APP_HELP_ALT, IN_APP_HELP_IMAGE, InAppOverlay } from './in-app-overlay';

export const PROVIDER_LABELS: Record<OAuthProvider, string> = {
  google: 'Continue with Google',
  facebook: 'Continue with Facebook',
};

/** The provider comes back to /auth-redirect, which exchanges its one-time code and goes on to `returnUrl`. */
export function providerReturnUrl(returnUrl: string, asCreator: boolean): string {
  const query = new URLSearchParams({ returnUrl, ...(asCreator ? { creator: '1' } : {}) });
  return `/auth-redirect?${query}`;
}

export function providerStartHref(provider: OAuthProvider, returnUrl: string, asCreator: boolean): string {
  const query = new URLSearchParams({
    returnUrl: providerReturnUrl(returnUrl, asCreator),
    ...(asCreator ? { creator: '1' } : {}),
  });
  return `${fillPath(linkPaths.oauthStart, { provider })}?${query}`;
}

export interface ProviderButtonsProps {
  returnUrl: string;
  asCreator: boolean;
  /** The in-app browser the page is in, if any. */
  inApp: InAppPlatform | null;
  /** This page's full address, for the Android intent link. */
  pageUrl: string;
  onError: (text: string) => void;
}

export function ProviderButtons(props: ProviderButtonsProps) {
  const { returnUrl, asCreator, onError } = props;
  const start = async (event: MouseEvent<HTMLAnchorElement>, provider: OAuthProvider) => {
    event.preventDefault();
    try {
      window.location.assign(await providerStartUrl(provider, providerReturnUrl(returnUrl, asCreator), asCreator));
    } catch (err) {
      onError(errorText(err));
    }
  };
  const link = (provider: OAuthProvider) => (
    <a
      className="button"
      data-variant="secondary"
      data-full-width
      href={providerStartHref(provider, returnUrl, asCreator)}
      onClick={(event) => void start(event, provider)}
    >
      {PROVIDER_LABELS[provider]}
    </a>
  );
  return (
    <div className="auth-providers">
      {props.inApp ? <InAppGoogle platform={props.inApp} pageUrl={props.pageUrl} /> : link('google')}
      {link('facebook')}
    </div>
  );
}

/** Google inside an in-app browser: Chrome by an intent link on Android; elsewhere, how to get out. */
function InAppGoogle({ platform, pageUrl }: { platform: InAppPlatform; pageUrl: string }) {
  if (platform === 'android') {
    return (
      <>
        <a className="button" data-variant="secondary" data-full-width href={chromeIntentUrl(pageUrl)}>
          {PROVIDER_LABELS.google}
        </a>
        <p className="auth-provider-note">Opens this page in Chrome, where Google sign-in works.</p>
      </>
    );
  }
  return (
    <>
      <p className="auth-provider-note">Please open this page in your default browser to sign in with Google</p>
      <img className="auth-provider-help" src={IN_APP_HELP_IMAGE} alt={IN_APP_HELP_ALT} width={240} height={160} />
      {platform === 'ios' ? <InAppOverlay /> : null}
    </>
  );
}
