// What the auth pages load first (spec section 2, "Each loads its own data first"), on the server: their
// search params read and made safe, the sign-up switch, a provider sign-in's error in the spec's words, and
// whether the page is inside an app's own browser (from the request's user agent, so the server renders
// the right Google button).
import { errorCatalogue, type ErrorCode } from '@travelclub/contracts';
import { webConfig } from '~/lib/config.server';
import { detectInAppBrowser } from './in-app-browser';
import { safeReturnUrl, unwrapReturnUrl } from './return-url';

/** A provider sign-in that failed comes back as `/signIn?authError=<code>`; any other code reads as this. */
const PROVIDER_FAILED: ErrorCode = 'invalid-provider-details';

function authErrorText(code: string | null): string | null {
  if (!code) return null;
  const known = Object.hasOwn(errorCatalogue, code) ? (code as ErrorCode) : PROVIDER_FAILED;
  return errorCatalogue[known].message;
}

function common(request: Request) {
  const url = new URL(request.url);
  const query = url.searchParams;
  return {
    returnUrl: unwrapReturnUrl(query.get('returnUrl')),
    /** `?invite` switches on creator sign-up (spec section 2). */
    asCreator: query.has('invite'),
    /** Arriving from /logout: no automatic sign-in (spec section 4). */
    loggedOut: query.get('loggedOut') === '1',
    isSignUpEnabled: webConfig.isSignUpEnabled,
    inApp: detectInAppBrowser(request.headers.get('user-agent')),
    /** This page's public address (the Android intent link opens it in Chrome). */
    pageUrl: `${webConfig.publicUrl}${url.pathname}${url.search}`,
  };
}

export function signInPageData(request: Request) {
  const authError = new URL(request.url).searchParams.get('authError');
  return { ...common(request), authError: authErrorText(authError) };
}

export function signUpPageData(request: Request) {
  return common(request);
}

export type ActionMode = 'resetPassword' | 'verifyEmail' | 'signIn';
const MODES: readonly string[] = ['resetPassword', 'verifyEmail', 'signIn'];

/** A continueUrl may be a full address on our own site (as mailed) or a path; anything else goes home. */
function continuePath(value: string | null): string {
  if (!value) return '/';
  if (value.startsWith('/')) return safeReturnUrl(value);
  try {
    const url = new URL(value);
    return url.origin === new URL(webConfig.publicUrl).origin ? safeReturnUrl(`${url.pathname}${url.search}`) : '/';
  } catch {
    return '/';
  }
}

/**
 * The mailed action links (spec section 2, /resetPassword): mode, oobCode, apiKey, continueUrl, lang. The
 * apiKey and lang are read and kept for links that carry them; the service needs neither, and the site
 * speaks English only.
 */
export function actionPageData(request: Request) {
  const query = new URL(request.url).searchParams;
  const mode = query.get('mode');
  return {
    mode: mode && MODES.includes(mode) ? (mode as ActionMode) : null,
    oobCode: query.get('oobCode') || null,
    apiKey: query.get('apiKey'),
    continueUrl: continuePath(query.get('continueUrl')),
    lang: query.get('lang') ?? 'en',
  };
}

/** Where a sign-in action link (`mode=signIn`) is used: the magic link's page. */
export function signInLinkTarget(oobCode: string | null, continueUrl: string): string {
  const query = new URLSearchParams(oobCode ? { code: oobCode } : {});
  if (continueUrl !== '/') query.set('returnUrl', continueUrl);
  return `/continueSignIn?${query}`;
}
