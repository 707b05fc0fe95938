// What the flows are made from (app.ts makes each part; a test may hand in its own), and what each call
// brings along.
import type { CausalContext, Logger, MailLimits, TokenVerifier } from '@travelclub/kit';
import type { OAuthProviders } from '../clients/oauth-providers.js';
import type { AuthConfig } from '../config.js';
import type { AccessTokenIssuer } from '../domain/access-tokens.js';
import type { PasswordHasher } from '../domain/passwords.js';
import type { AccountStore } from '../store/accounts.js';
import type { CodeStore } from '../store/codes.js';
import type { RefreshTokenStore } from '../store/refresh-tokens.js';
import type { SessionStore } from '../store/sessions.js';
import type { SignInLimits } from '../store/sign-in-limits.js';
import type { AuthMailer } from './mails.js';

export interface AuthParts {
  config: AuthConfig;
  accounts: AccountStore;
  refreshTokens: RefreshTokenStore;
  codes: CodeStore;
  sessions: SessionStore;
  signInLimits: SignInLimits;
  mailLimits: MailLimits;
  accessTokens: AccessTokenIssuer;
  /** Checks an access token against the service's own keys. */
  verifyToken: TokenVerifier;
  passwords: PasswordHasher;
  mailer: AuthMailer;
  providers: OAuthProviders;
}

/** A request's ids (for the events it causes) and its logger. */
export interface Call {
  ctx: CausalContext;
  log: Logger;
}
