// buildApp: the auth service (accounts, tokens, sessions, one-time codes, providers). It never listens.
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import {
  createJwtVerifier,
  createService,
  mailLimits,
  serviceOutbox,
  serviceQueue,
  startOutboxRelay,
  type MailLimits,
  type ServiceApp,
} from '@travelclub/kit';
import { createAccessTokenIssuer, type AccessTokenIssuer } from './access-tokens.js';
import type { AuthConfig } from './config.js';
import { passwordHasher, type PasswordHasher } from './domain/passwords.js';
import { authMailer, type AuthMailer } from './mail.js';
import { oauthProviders, type OAuthProviders } from './oauth-providers.js';
import { accountRoutes } from './routes/accounts.js';
import { codeRoutes } from './routes/codes.js';
import { oauthRoutes } from './routes/oauth.js';
import { sessionRoutes } from './routes/sessions.js';
import { tokenRoutes } from './routes/tokens.js';
import { signInLimits, type SignInLimits } from './sign-in-limits.js';
import { accountStore, type AccountStore } from './store/accounts.js';
import { codeStore, type CodeStore } from './store/codes.js';
import { refreshTokenStore, type RefreshTokenStore } from './store/refresh-tokens.js';
import { sessionStore, type SessionStore } from './store/sessions.js';

export interface AuthParts {
  config: AuthConfig;
  accounts: AccountStore;
  refreshTokens: RefreshTokenStore;
  codes: CodeStore;
  sessions: SessionStore;
  accessTokens: AccessTokenIssuer;
  passwords: PasswordHasher;
  mailer: AuthMailer;
  limits: SignInLimits;
  mailLimits: MailLimits;
  providers: OAuthProviders;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthParts;
  }
}

export type AuthApp = ServiceApp;

export async function buildApp(config: AuthConfig): Promise<AuthApp> {
  const accessTokens = await createAccessTokenIssuer({
    signingKeyPem: config.JWT_SIGNING_KEY,
    keyId: config.JWT_KEY_ID,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    ttlSeconds: config.ACCESS_TOKEN_TTL_S,
  });
  // Auth checks its own tokens against its own keys, exactly as other services do through the JWKS.
  const verifyToken = createJwtVerifier({
    jwks: accessTokens.jwks,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
  });
  const app = await createService({ name: 'auth', config, verifyToken });
  const log = app.log;
  if (accessTokens.generated)
    log.warn('JWT_SIGNING_KEY is not set: using a key generated at start; tokens end with this process');

  try {
    await app.register(cookie);
    await app.register(formbody, { bodyLimit: 16 * 1024 });

    const outbox = serviceOutbox(app);
    const accounts = await accountStore(app.mongo, outbox);
    const codes = await codeStore(app.mongo);
    const parts: AuthParts = {
      config,
      accounts,
      refreshTokens: await refreshTokenStore(app.mongo, {
        ttlDays: config.REFRESH_TOKEN_TTL_DAYS,
        reuseGraceMs: config.REFRESH_REUSE_GRACE_S * 1000,
        log,
      }),
      codes,
      sessions: await sessionStore(app.mongo, config.SESSION_TTL_DAYS * 86_400_000),
      accessTokens,
      passwords: passwordHasher({
        memoryCost: config.ARGON2_MEMORY_KIB,
        timeCost: config.ARGON2_TIME_COST,
        parallelism: config.ARGON2_PARALLELISM,
      }),
      mailer: authMailer(serviceQueue(app, 'emails'), config.WEB_URL, codes),
      limits: signInLimits(app.redis, {
        prefix: config.RATE_LIMIT_PREFIX,
        perIpPerMinute: config.SIGNIN_MAX_PER_IP,
        perEmailPer15Minutes: config.SIGNIN_MAX_PER_EMAIL,
      }),
      mailLimits: mailLimits(app.redis, {
        prefix: config.RATE_LIMIT_PREFIX,
        perAddress: config.MAILS_PER_ADDRESS_PER_HOUR,
        perAccount: config.MAILS_PER_ACCOUNT_PER_HOUR,
      }),
      providers: oauthProviders(config, log),
    };
    app.decorate('auth', parts);
    await startOutboxRelay(app, outbox);

    if (config.SUPPORT_EMAIL && config.SUPPORT_PASSWORD) {
      const staff = await accounts.ensureStaff(
        config.SUPPORT_EMAIL,
        await parts.passwords.hash(config.SUPPORT_PASSWORD),
        {
          correlationId: 'startup',
          causationId: 'startup',
        },
      );
      log.info({ userId: staff._id }, 'support account ready');
    }

    await app.register(accountRoutes);
    await app.register(tokenRoutes);
    await app.register(codeRoutes);
    await app.register(sessionRoutes);
    await app.register(oauthRoutes);
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}
