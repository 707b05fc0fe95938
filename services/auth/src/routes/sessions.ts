// Browser sessions: an access token becomes an HttpOnly session cookie, guarded by a double-submit CSRF token
// (a cookie and the same value in the form or a header).
import type { CookieSerializeOptions } from '@fastify/cookie';
import { endpoints } from '@travelclub/contracts';
import { appError, type HandlerInput, type Handlers, type ServiceApp } from '@travelclub/kit';
import type { FastifyReply } from 'fastify';
import type { AuthConfig } from '../config.js';
import { accountView } from '../domain/accounts.js';
import type { AuthFlows } from '../flows/index.js';

export const SESSION_COOKIE = 'tc_session';
export const CSRF_COOKIE = 'tc_csrf';
const CSRF_HEADER = 'x-csrf-token';

type Endpoints = Pick<
  typeof endpoints.auth,
  'csrf' | 'sessionLogin' | 'sessionLoginEndpoint' | 'session' | 'sessionToken' | 'sessionLogout'
>;

const signedOut = { isAuthenticated: false, user: null };

const FORM = 'application/x-www-form-urlencoded';
const FORM_ROUTES: ReadonlySet<string> = new Set([
  endpoints.auth.sessionLogin.path,
  endpoints.auth.sessionLoginEndpoint.path,
]);

/**
 * Form bodies are read by the session login's two paths only (the spec's form post, which checks its CSRF
 * token). Every other route answers a form with 415: a plain HTML form on another site sends one without a
 * preflight, so a route that took it could be driven from there (a sign-up, a magic link, a reset mail).
 */
export function acceptSessionLoginForms(app: ServiceApp): void {
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (req, body, done) => {
    if (req.method !== 'POST' || !FORM_ROUTES.has(req.routeOptions.url ?? ''))
      return done(appError('unsupported-media-type'));
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

export function sessionRoutes({ sessions }: AuthFlows, config: AuthConfig): Handlers<Endpoints> {
  const cookieOptions = (maxAgeSeconds: number): CookieSerializeOptions => ({
    httpOnly: true,
    secure: config.COOKIE_SECURE,
    sameSite: 'lax',
    path: '/',
    maxAge: maxAgeSeconds,
  });

  // A form post: the token comes in the body (`data`), not in the Authorization header. Both paths take it.
  type LoginInput = Pick<HandlerInput<Endpoints['sessionLogin']>, 'body' | 'req'>;
  const login = async ({ body, req }: LoginInput, reply: FastifyReply) => {
    const sent = body.csrf ?? (req.headers[CSRF_HEADER] as string | undefined);
    const { sessionId, account } = await sessions.login(body.data, { cookie: req.cookies[CSRF_COOKIE], sent });
    reply.setCookie(SESSION_COOKIE, sessionId, cookieOptions(sessions.ttlSeconds));
    return { isAuthenticated: true, user: accountView(account) };
  };

  return {
    csrf: async ({ req }, reply) => {
      const csrfToken = sessions.csrfToken(req.cookies[CSRF_COOKIE]);
      reply.setCookie(CSRF_COOKIE, csrfToken, cookieOptions(24 * 3600));
      return { csrfToken };
    },

    sessionLogin: login,
    sessionLoginEndpoint: login,

    session: async ({ req }, reply) => {
      reply.header('cache-control', 'no-store');
      const account = await sessions.current(req.cookies[SESSION_COOKIE]);
      return account ? { isAuthenticated: true, user: accountView(account) } : signedOut;
    },

    sessionToken: async ({ req }, reply) => {
      reply.header('cache-control', 'no-store');
      const sent = req.headers[CSRF_HEADER];
      return sessions.token(req.cookies[SESSION_COOKIE], {
        cookie: req.cookies[CSRF_COOKIE],
        sent: typeof sent === 'string' ? sent : undefined,
      });
    },

    sessionLogout: async ({ req }, reply) => {
      await sessions.logout(req.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: '/', secure: config.COOKIE_SECURE, sameSite: 'lax', httpOnly: true });
      return signedOut;
    },
  };
}
