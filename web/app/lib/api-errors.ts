// How the web app reads a refusal, in one place: its status, its catalogue code (typed by the contracts' error
// codes), what to tell the visitor, and the one retry rule of every query. No value of the contracts is imported
// (only the code's type): `ApiError` lives in the browser API module, loaded on demand, so a refusal is
// recognised by its fields.
import type { ErrorCode } from '@travelclub/contracts';

/** The HTTP status of a refusal (0: no answer came), undefined for anything that is not an API error. */
export function statusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The catalogue code of a refusal ('card-declined', 'hold-expired', ...). */
export function codeOf(err: unknown): ErrorCode | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? (code as ErrorCode) : undefined;
}

export const isNotFound = (err: unknown) => statusOf(err) === 404;
/**
 * A read's answer, or null when there is nothing there: a 404 (spec section 7), and with `invalidToo` a
 * parameter the service will not even look up (`validation-failed`: an address or id no record can have).
 */
export async function orNull<T>(promise: Promise<T>, { invalidToo = false } = {}): Promise<T | null> {
  try {
    return await promise;
  } catch (err) {
    if (isNotFound(err) || (invalidToo && codeOf(err) === 'validation-failed')) return null;
    throw err;
  }
}

/** No token, or one nobody could renew: the visitor must sign in. */
export const isSignedOut = (err: unknown) => statusOf(err) === 401;

const OFFLINE = 'We could not reach TravelClub. Check your connection and try again.';
const UNEXPECTED = 'An unexpected error occurred, please try again later.';

/** What to tell the visitor: the API's own message (it carries the spec's text), or a plain fallback. */
export function messageOf(err: unknown): string {
  const status = statusOf(err);
  if (status === 0) return OFFLINE;
  if (status !== undefined && err instanceof Error && err.message) return err.message;
  return UNEXPECTED;
}

/**
 * Every query's retry rule: a refusal (4xx) is an answer, and asking again would only repeat it; a hiccup (no
 * answer, a 5xx, anything that is not an API error) gets one more try.
 */
export const retryHiccup = (failures: number, err: unknown) => {
  const status = statusOf(err);
  return failures < 1 && (status === undefined || status === 0 || status >= 500);
};
