// The home page's index check (spec section 2, route table): when the check fails the visitor goes to
// /signIn, unless the failure carries its own redirect target, which then wins.
import { redirect } from 'react-router';

export const SIGN_IN_PATH = '/signIn';

/** A thrown redirect (a Response with a 3xx status and a Location): a failure that says where to go. */
export function redirectTargetOf(failure: unknown): Response | null {
  if (!(failure instanceof Response)) return null;
  const isRedirect = failure.status >= 300 && failure.status < 400 && failure.headers.has('location');
  return isRedirect ? failure : null;
}

/** What the loader throws when its check fails: the failure's own redirect, else a redirect to sign-in. */
export function indexCheckFailure(failure: unknown): Response {
  return redirectTargetOf(failure) ?? redirect(SIGN_IN_PATH);
}

/** Runs the index check: its answer, or the redirect its failure calls for (thrown, as loaders do). */
export async function indexCheck<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (failure) {
    throw indexCheckFailure(failure);
  }
}
