// A browser's session for an access token, as the web app's sign-in makes it: the CSRF token (its cookie and
// the value), then `POST /api/sessionLogin` for the HttpOnly session cookie. For browser tests and bench:web,
// which open signed-in pages (the dashboard) without typing a password each time.

/** A cookie's name and value, as a browser would send it back. */
export interface BrowserCookie {
  name: string;
  value: string;
}

function setCookie(res: Response, name: string): BrowserCookie | undefined {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    if (pair!.slice(0, at) === name) return { name, value: pair!.slice(at + 1) };
  }
  return undefined;
}

/** The session and CSRF cookies a signed-in browser holds for `token`. */
export async function browserSession(gateway: string, token: string): Promise<BrowserCookie[]> {
  const csrfAnswer = await fetch(`${gateway}/api/v1/auth/csrf`);
  const { csrfToken } = (await csrfAnswer.json()) as { csrfToken: string };
  const csrf = setCookie(csrfAnswer, 'tc_csrf');
  const login = await fetch(`${gateway}/api/sessionLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(csrf && { cookie: `${csrf.name}=${csrf.value}` }) },
    body: JSON.stringify({ data: token, csrf: csrfToken }),
  });
  const session = setCookie(login, 'tc_session');
  if (!login.ok || !session) throw new Error(`sessionLogin answered ${login.status}: ${await login.text()}`);
  return csrf ? [session, csrf] : [session];
}

/** The cookies as one Cookie header. */
export const cookieHeader = (cookies: BrowserCookie[]) => cookies.map((c) => `${c.name}=${c.value}`).join('; ');
