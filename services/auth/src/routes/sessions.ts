// Browser sessions: an access token becomes an HttpOnly session cookie, guarded by a double-submit CSRF token
// (a cookie and the same value in the form or a header).
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { endpoints } from '@travelclub/contracts';
import type { HandlerInput, Handlers } from '@travelclub/kit';
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
