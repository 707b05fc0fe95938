// Browser sessions: an access token becomes a session (the cookie is the route's), guarded by a double-submit
// CSRF token; a session is read, renewed into an access token, and ended. A password changed since a session
// began ends it.
import type { TokenAnswer } from '@travelclub/contracts';
import { AppError, appError } from '@travelclub/kit';
import { accessClaims, accountView, credentialsChangedSince, type Account } from '../domain/accounts.js';
import { randomSecret, sameSecret } from '../domain/secrets.js';
import type { AuthParts } from './parts.js';

export function sessionFlows({ accounts, sessions, verifyToken, accessTokens }: AuthParts) {
  const sameCsrf = (csrf: CsrfPair) => !!csrf.cookie && !!csrf.sent && sameSecret(csrf.cookie, csrf.sent);
  const current = async (sessionId: string | undefined): Promise<Account | null> => {
    const session = sessionId ? await sessions.find(sessionId) : null;
    const account = session ? await accounts.findById(session.userId) : null;
    return account && session && !credentialsChangedSince(account, session.createdAt) ? account : null;
  };
  return {
    /** How long a session lasts, in seconds. */
    ttlSeconds: Math.floor(sessions.ttlMs / 1000),

    /** One CSRF token per browser: keep the one it has, so two open tabs do not undo each other. */
    csrfToken: (existing: string | undefined) =>
      existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : randomSecret(),

    /**
     * Opens a session for the holder of the access token. The CSRF token sent (form or header) must be the
     * browser's cookie; a token that does not verify is a session failure.
     */
    async login(accessToken: string, csrf: CsrfPair) {
      if (!sameCsrf(csrf)) throw appError('csrf-missing');
      const user = await verifyToken(accessToken).catch((err: unknown) => {
        throw new AppError('session-failure', undefined, { cause: err });
      });
      const account = await accounts.findById(user.id);
      if (!account) throw appError('session-failure');
      return { sessionId: await sessions.open(account._id), account };
    },

    /** The account of a live session, or null. */
    current,

    /**
     * A fresh access token for a live session's account: how the web app, which keeps tokens in memory only,
     * gets one back after a reload. The CSRF header keeps other sites from minting tokens with the cookie;
     * no refresh token is issued, the session cookie is the browser's long-lived credential.
     */
    async token(sessionId: string | undefined, csrf: CsrfPair): Promise<Omit<TokenAnswer, 'refreshToken'>> {
      if (!sameCsrf(csrf)) throw appError('csrf-missing');
      const account = await current(sessionId);
      if (!account) throw appError('unauthenticated');
      const accessToken = await accessTokens.sign(accessClaims(account));
      return { user: accountView(account), accessToken, expiresIn: accessTokens.ttlSeconds };
    },

    async logout(sessionId: string | undefined): Promise<void> {
      if (sessionId) await sessions.close(sessionId);
    },
  };
}

/** The CSRF token the browser's cookie holds and the one it sent (form field or header). */
interface CsrfPair {
  cookie: string | undefined;
  sent: string | undefined;
}
