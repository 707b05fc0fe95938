// /user/startSession's work on the server (spec: "Session start, POST-style"): the form's access token (`data`)
// and CSRF token go to the auth service's sessionLogin with the visitor's cookies (the double-submit CSRF
// cookie), and the session cookie it sets is handed back to the browser. The typed client gives answers, not
// headers, so this one call is a plain fetch on the endpoint's path.
import { endpoints } from '@travelclub/contracts';
import { webConfig } from '~/lib/config.server';

/** Spec section 8, "Session failure". */
export const SESSION_FAILURE =
  'Failed to initiate your session. Please try clearing your cookies and signing in again.';

export type SessionStart = { ok: true; cookies: string[] } | { ok: false; status: number; message: string };

interface Envelope {
  error?: { message?: unknown };
}

export async function startSession(request: Request, form: FormData): Promise<SessionStart> {
  const token = form.get('data');
  const csrf = form.get('csrf');
  const base = webConfig.serviceUrl('auth');
  if (typeof token !== 'string' || !token || token.length > 8_000 || !base)
    return { ok: false, status: base ? 400 : 503, message: SESSION_FAILURE };
  const body = new URLSearchParams({ data: token });
  if (typeof csrf === 'string' && csrf) body.set('csrf', csrf);
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/x-www-form-urlencoded',
  };
  for (const name of ['cookie', 'x-forwarded-for', 'x-correlation-id']) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  try {
    const res = await fetch(`${base.replace(/\/+$/, '')}${endpoints.auth.sessionLogin.path}`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(webConfig.callTimeoutMs),
    });
    if (res.ok) return { ok: true, cookies: res.headers.getSetCookie() };
    const message = ((await res.json().catch(() => null)) as Envelope | null)?.error?.message;
    return { ok: false, status: res.status, message: typeof message === 'string' ? message : SESSION_FAILURE };
  } catch {
    return { ok: false, status: 503, message: SESSION_FAILURE };
  }
}
