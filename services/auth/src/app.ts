// buildApp: the auth service (accounts, tokens, sessions, one-time codes, providers). It never listens.
import cookie from '@fastify/cookie';
import { endpoints } from '@travelclub/contracts';
import {
  buildService,
  createJwtVerifier,
  mailLimits,
  registerEndpoints,
  serviceQueue,
  type Outbox,
  type ServiceApp,
} from '@travelclub/kit';
import { oauthProviders } from './clients/oauth-providers.js';
import type { AuthConfig } from './config.js';
import { createAccessTokenIssuer } from './domain/access-tokens.js';
import { passwordHasher } from './domain/passwords.js';
import { authFlows } from './flows/index.js';
import { authMailer } from './flows/mails.js';
import type { AuthParts } from './flows/parts.js';
import { ensureSupportAccount } from './flows/staff.js';
import { useFormErrorCodes } from './routes/form-errors.js';
import { authRoutes } from './routes/index.js';
import { acceptSessionLoginForms } from './routes/sessions.js';
import { accountStore } from './store/accounts.js';
import { codeStore } from './store/codes.js';
import { refreshTokenStore } from './store/refresh-tokens.js';
import { sessionStore } from './store/sessions.js';
import { signInLimits } from './store/sign-in-limits.js';

export type AuthApp = ServiceApp;
export type { AuthParts };

/** The stores and helpers the flows are made from, from the settings. */
async function makeParts(
  app: ServiceApp,
  config: AuthConfig,
  outbox: Outbox,
  keys: Pick<AuthParts, 'accessTokens' | 'verifyToken'>,
): Promise<AuthParts> {
  const codes = await codeStore(app.mongo);
  return {
    ...keys,
    config,
    accounts: await accountStore(app.mongo, outbox),
    refreshTokens: await refreshTokenStore(app.mongo, {
      ttlDays: config.REFRESH_TOKEN_TTL_DAYS,
      reuseGraceMs: config.REFRESH_REUSE_GRACE_S * 1000,
      log: app.log,
    }),
    codes,
    sessions: await sessionStore(app.mongo, config.SESSION_TTL_DAYS * 86_400_000),
    signInLimits: signInLimits(app.redis, {
      prefix: config.RATE_LIMIT_PREFIX,
      perIpPerMinute: config.SIGNIN_MAX_PER_IP,
      perEmailPer15Minutes: config.SIGNIN_MAX_PER_EMAIL,
    }),
    mailLimits: mailLimits(app.redis, {
      prefix: config.RATE_LIMIT_PREFIX,
      perAddress: config.MAILS_PER_ADDRESS_PER_HOUR,
      perAccount: config.MAILS_PER_ACCOUNT_PER_HOUR,
    }),
    passwords: passwordHasher({
      memoryCost: config.ARGON2_MEMORY_KIB,
      timeCost: config.ARGON2_TIME_COST,
      parallelism: config.ARGON2_PARALLELISM,
    }),
    mailer: authMailer(serviceQueue(app, 'emails'), config.WEB_URL, codes),
    providers: oauthProviders(config, app.log),
  };
}

/** Builds the service; parts in `replace` are used instead of those made from the settings (tests). */
export async function buildApp(config: AuthConfig, replace: Partial<AuthParts> = {}): Promise<AuthApp> {
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
  return buildService({ name: 'auth', config, verifyToken }, async (app, outbox) => {
    if (accessTokens.generated)
      app.log.warn('JWT_SIGNING_KEY is not set: using a key generated at start; tokens end with this process');
    await app.register(cookie);
    acceptSessionLoginForms(app);

    const parts = { ...(await makeParts(app, config, outbox, { accessTokens, verifyToken })), ...replace };
    await outbox.start();
    const flows = authFlows(parts);

    if (config.SUPPORT_EMAIL && config.SUPPORT_PASSWORD) {
      const staff = await ensureSupportAccount(
        parts,
        flows.registration,
        config.SUPPORT_EMAIL,
        config.SUPPORT_PASSWORD,
      );
      app.log.info({ userId: staff._id }, 'support account ready');
    }

    useFormErrorCodes(app);
    registerEndpoints(app, endpoints.auth, authRoutes(flows, config));
    return app;
  });
}
