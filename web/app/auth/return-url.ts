// Where a visitor goes after signing in (spec section 4): creators to their dashboard, everybody else back to
// the page they came from, a path on this site only (default '/'), so a link can never send them away.

const SITE = 'https://travelclub.invalid';

/** `value` when it is a path on this site, else '/'. */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || /^\/[/\\]/.test(value) || /\s/.test(value)) return '/';
  try {
    const url = new URL(value, SITE);
    if (url.origin !== SITE || /^[/\\]{2}/.test(url.pathname)) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

export function isCreator(user: { roles: readonly string[] } | null | undefined): boolean {
  return Boolean(user?.roles.includes('role/creator'));
}

/** Pages a signed-in person must not be sent back to: /logout would end the session just made. */
const AUTH_PAGES = new Set(['/signIn', '/signUp', '/logout', '/forgotPassword', '/resetPassword', '/continueSignIn']);

export function destinationAfterSignIn(user: { roles: readonly string[] }, returnUrl: string): string {
  if (isCreator(user)) return '/dashboard';
  const safe = safeReturnUrl(returnUrl);
  return AUTH_PAGES.has(new URL(safe, SITE).pathname) ? '/' : safe;
}

/**
 * The provider sign-in comes back to `/auth-redirect?returnUrl=…&authCode=…`; a failure sends the visitor
 * to the sign-in page with that wrapped URL as its returnUrl, which is unwrapped here.
 */
export function unwrapReturnUrl(value: string | null | undefined): string {
  const safe = safeReturnUrl(value);
  const url = new URL(safe, SITE);
  return url.pathname === '/auth-redirect' ? safeReturnUrl(url.searchParams.get('returnUrl')) : safe;
}

/** "Don't have an account? Sign up" keeps the page's search params (invite, ...) and sets the returnUrl. */
export function signUpHref(search: string, returnUrl: string): string {
  const query = new URLSearchParams(search);
  // A provider's error and the logout mark belong to the sign-in page.
  query.delete('authError');
  query.delete('loggedOut');
  query.set('returnUrl', returnUrl);
  return `/signUp?${query}`;
}

/** The path and query of the current page, as a returnUrl. */
export const hereOf = (location: { pathname: string; search: string }) => `${location.pathname}${location.search}`;
