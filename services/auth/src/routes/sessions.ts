// Browser sessions: an access token becomes an HttpOnly session cookie, guarded by a double-submit
// CSRF token (a cookie and the same value in the form).
import { CsrfAnswerSchema, SessionAnswerSchema, SessionLoginBodySchema } from '@travelclub/contracts';
import { AppError, appError } from '@travelclub/kit';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountView, credentialsChangedSince } from '../domain/accounts.js';
import { randomSecret, sameSecret } from '../domain/secrets.js';

export const SESSION_COOKIE = 'tc_session';
export const CSRF_COOKIE = 'tc_csrf';
const CSRF_HEADER = 'x-csrf-token';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, sessions, config } = app.auth;
  const cookieOptions = (maxAgeSeconds: number): CookieSerializeOptions => ({
    httpOnly: true,
    secure: config.COOKIE_SECURE,
    sameSite: 'lax',
    path: '/',
    maxAge: maxAgeSeconds,
  });

  app.get('/api/v1/auth/csrf', { schema: { response: { 200: CsrfAnswerSchema } } }, async (req, reply) => {
    // One token per browser: keep the one it has, so two open tabs do not undo each other.
    const existing = req.cookies[CSRF_COOKIE];
    const csrfToken = existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : randomSecret();
    reply.setCookie(CSRF_COOKIE, csrfToken, cookieOptions(24 * 3600));
    return { csrfToken };
  });

  const sessionLogin = async (req: FastifyRequest<{ Body: { data: string; csrf?: string } }>, reply: FastifyReply) => {
    const cookie = req.cookies[CSRF_COOKIE];
    const sent = req.body.csrf ?? (req.headers[CSRF_HEADER] as string | undefined);
    if (!cookie || !sent || !sameSecret(cookie, sent)) throw appError('csrf-missing');
    req.headers.authorization = `Bearer ${req.body.data}`;
    try {
      await app.requireUser.call(app, req, reply);
    } catch (err) {
      throw new AppError('session-failure', undefined, { cause: err });
    }
    const account = await accounts.findById(req.user!.id);
    if (!account) throw appError('session-failure');
    const sessionId = await sessions.open(account._id);
    reply.setCookie(SESSION_COOKIE, sessionId, cookieOptions(Math.floor(sessions.ttlMs / 1000)));
    return { isAuthenticated: true, user: accountView(account) };
  };
  const loginRoute = { schema: { body: SessionLoginBodySchema, response: { 200: SessionAnswerSchema } } };
  app.post('/api/sessionLogin', loginRoute, sessionLogin);
  app.post('/api/sessionlogin/endpoint', loginRoute, sessionLogin);

  app.get('/api/v1/auth/session', { schema: { response: { 200: SessionAnswerSchema } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const sessionId = req.cookies[SESSION_COOKIE];
    const session = sessionId ? await sessions.find(sessionId) : null;
    const account = session ? await accounts.findById(session.userId) : null;
    return account && !credentialsChangedSince(account, session!.createdAt)
      ? { isAuthenticated: true, user: accountView(account) }
      : { isAuthenticated: false, user: null };
  });

  app.post('/api/v1/auth/sessionLogout', { schema: { response: { 200: SessionAnswerSchema } } }, async (req, reply) => {
    const sessionId = req.cookies[SESSION_COOKIE];
    if (sessionId) await sessions.close(sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/', secure: config.COOKIE_SECURE, sameSite: 'lax', httpOnly: true });
    return { isAuthenticated: false, user: null };
  });
};
