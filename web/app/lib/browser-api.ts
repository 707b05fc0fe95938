// The browser's side of the API: the typed client from contracts (every answer parsed by its schema) and the
// signed-in state. Access tokens live in this module's memory only; after a reload a new one comes from the
// session cookie (HttpOnly) through `POST /api/v1/auth/session/token`. This module carries zod, so pages
// load it on demand (`loadApi()` in session.tsx), never in their first bundle. Every call continues the page's
// trace (its `traceparent` header: trace-context.ts).
import {
  ApiError,
  createApiClient,
  endpoints,
  pathOf,
  queryString,
  refusal,
  type AccountView,
  type CallInput,
  type Endpoint,
  type ResultOf,
} from '@travelclub/contracts';
import { traceHeaders } from './trace-context';

export { ApiError, endpoints };
export type { AccountView };

export interface SessionState {
  isAuthenticated: boolean;
  user: AccountView | null;
}

/** A token answer of the auth service: sign-in, sign-up, anonymous, magic link, provider exchange. */
export interface IssuedTokens {
  user: AccountView;
  accessToken: string;
  expiresIn: number;
}

/** Tokens are renewed this long before they expire, so a call never leaves with one about to lapse. */
const RENEW_EARLY_MS = 30_000;

const client = createApiClient({ baseUrl: '', credentials: 'same-origin', headers: traceHeaders });
let access: { token: string; expiresAt: number } | null = null;
let csrfToken: string | null = null;
let hasSession = false;
let renewing: Promise<string | null> | null = null;
const listeners = new Set<(state: SessionState) => void>();

/** What the server knew when it rendered the page: whether a session cookie is live, and the CSRF token. */
export function initSession(initial: { isAuthenticated: boolean; csrfToken: string | null }) {
  hasSession = initial.isAuthenticated;
  csrfToken ??= initial.csrfToken;
}

export function onSessionChange(listener: (state: SessionState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announce(state: SessionState) {
  for (const listener of listeners) listener(state);
}

/** The double-submit token: from the page, else asked for (which also sets its cookie). */
export async function csrf(): Promise<string> {
  if (!csrfToken) {
    try {
      csrfToken = (await client.call(endpoints.auth.csrf, {})).csrfToken;
    } catch {
      console.warn('No CSRF token could be had; going on with an empty one');
      return '';
    }
  }
  return csrfToken;
}

/** A live access token, renewed from the session cookie when needed; null when nobody is signed in. */
export async function accessToken(): Promise<string | null> {
  if (access && access.expiresAt - RENEW_EARLY_MS > Date.now()) return access.token;
  if (!hasSession) return null;
  renewing ??= (async () => {
    try {
      const answer = await client.call(endpoints.auth.sessionToken, {}, { headers: { 'x-csrf-token': await csrf() } });
      remember(answer);
      return answer.accessToken;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500 || err.status === 0) throw err;
      // The session is over (expired, signed out elsewhere, password changed): signed out here too.
      access = null;
      hasSession = false;
      announce({ isAuthenticated: false, user: null });
      return null;
    } finally {
      renewing = null;
    }
  })();
  return renewing;
}

/**
 * A new access token from the session even though the current one is live: its claims may be out of date (an
 * email address verified since, which Taylor's model turns ask for).
 */
export async function renewAccessToken(): Promise<string | null> {
  access = null;
  return accessToken();
}

function remember(answer: IssuedTokens) {
  access = { token: answer.accessToken, expiresAt: Date.now() + answer.expiresIn * 1000 };
}

export interface BrowserCallOptions {
  signal?: AbortSignal;
  /** Headers for this call only (an Idempotency-Key). */
  headers?: Record<string, string>;
}

/**
 * Calls an endpoint with the current token, if any. A token refused (401 `unauthenticated`) gets one
 * re-authentication (a token from the session) and one retry, never more (spec section 4). Other 401s (a wrong
 * password) are answers, not a stale token: retrying those would count one sign-in attempt twice.
 */
export async function call<E extends Endpoint>(
  e: E,
  input: CallInput<E>,
  options: BrowserCallOptions = {},
): Promise<ResultOf<E>> {
  const token = await accessToken();
  const withToken = (bearer: string | null) => ({
    signal: options.signal,
    headers: { ...options.headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
  });
  try {
    return await client.call(e, input, withToken(token));
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'unauthenticated' || !token) throw err;
    access = null;
    const renewed = await accessToken();
    if (!renewed) throw err;
    return client.call(e, input, withToken(renewed));
  }
}

export interface UploadOptions {
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/** One multipart request through XMLHttpRequest: fetch cannot tell how much of a body has gone out. */
function sendForm(method: string, url: string, form: FormData, token: string | null, options: UploadOptions) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(traceHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // Not JSON (a proxy's page): kept as text, the refusal says the status.
      }
      resolve({ status: xhr.status, body });
    };
    const failed = (why: string) => () => reject(new ApiError(0, undefined, `${method} ${url} ${why}`));
    xhr.onerror = failed('failed');
    xhr.onabort = failed('was cancelled');
    xhr.ontimeout = failed('timed out');
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Sends photos (a multipart form) to an upload endpoint with the current token, reporting progress; the answer
 * is parsed by the endpoint's schema like any call's. A refused token gets the one renewal `call` gives.
 */
export async function upload<E extends Endpoint>(
  e: E,
  input: CallInput<E>,
  form: FormData,
  options: UploadOptions = {},
): Promise<ResultOf<E>> {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const url = `${pathOf(e, params)}${queryString(query)}`;
  let token = await accessToken();
  let answer = await sendForm(e.method, url, form, token, options);
  if (answer.status === 401 && token && refusal(401, answer.body).code === 'unauthenticated') {
    access = null;
    token = await accessToken();
    if (token) answer = await sendForm(e.method, url, form, token, options);
  }
  if (answer.status < 200 || answer.status >= 300) throw refusal(answer.status, answer.body);
  const parsed = e.responses[answer.status]?.safeParse(answer.body);
  if (!parsed?.success)
    throw new ApiError(answer.status, undefined, `${e.method} ${e.path} answered an unexpected body`);
  return parsed.data as ResultOf<E>;
}

/** Like `call`, but a visitor nobody has signed in yet first gets an anonymous account, silently. */
export async function callAsUser<E extends Endpoint>(e: E, input: CallInput<E>): Promise<ResultOf<E>> {
  if (!(await accessToken())) await adopt(await client.call(endpoints.auth.anonymous, {}));
  return call(e, input);
}

/** Makes freshly issued tokens this browser's: the token in memory, the session cookie for reloads. */
export async function adopt(answer: IssuedTokens): Promise<void> {
  remember(answer);
  try {
    await client.call(endpoints.auth.sessionLogin, { body: { data: answer.accessToken, csrf: await csrf() } });
  } catch (err) {
    // The CSRF cookie may have been lost (cookies cleared): one more try with a fresh token.
    if (!(err instanceof ApiError) || err.code !== 'csrf-missing') throw err;
    csrfToken = null;
    await client.call(endpoints.auth.sessionLogin, { body: { data: answer.accessToken, csrf: await csrf() } });
  }
  hasSession = true;
  announce({ isAuthenticated: true, user: answer.user });
}

/** Ends the browser's session; the token in memory goes with it. */
export async function signOut(): Promise<void> {
  access = null;
  hasSession = false;
  await client.call(endpoints.auth.sessionLogout, {}).catch(() => undefined);
  announce({ isAuthenticated: false, user: null });
}

/** Who is signed in now, read from the session (null when nobody). */
export async function currentUser(): Promise<AccountView | null> {
  const token = await accessToken();
  if (!token) return null;
  return call(endpoints.auth.me, {});
}
