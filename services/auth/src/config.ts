// The auth service's settings: the kit's, plus keys, token lifetimes, cookies, limits and sign-in providers.
import { BaseConfigSchema, flagSetting, portSetting, positiveIntSetting } from '@travelclub/kit';
import { z } from 'zod';

export const AuthConfigSchema = BaseConfigSchema.extend({
  PORT: portSetting(3001),
  NODE_ENV: z.string().default('development'),
  /** PKCS#8 PEM of the RS256 signing key. Without it a key is generated at start (not in production). */
  JWT_SIGNING_KEY: z.string().optional(),
  JWT_KEY_ID: z.string().min(1).optional(),
  ACCESS_TOKEN_TTL_S: positiveIntSetting(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: positiveIntSetting(30),
  SESSION_TTL_DAYS: positiveIntSetting(14),
  /**
   * How long the refresh token just rotated away still gets the same new pair (two tabs refreshing at
   * once); after it, its use is reuse and revokes the family. 0 turns the grace off.
   */
  REFRESH_REUSE_GRACE_S: z.coerce.number().int().min(0).max(60).default(10),
  /** Browser cookies carry Secure unless this is off (plain-http local runs). */
  COOKIE_SECURE: flagSetting(true),
  /** The public origin of the web app; mailed links and provider redirects start here. */
  WEB_URL: z.url().default('http://localhost:8080'),
  SIGN_UP_ENABLED: flagSetting(true),
  /** Sign-in attempts per IP per minute, and per email per 15 minutes. */
  SIGNIN_MAX_PER_IP: positiveIntSetting(30),
  SIGNIN_MAX_PER_EMAIL: positiveIntSetting(10),
  /** Mails (magic link, reset, verification, also the one sign-up sends) one address may get per hour. */
  MAILS_PER_ADDRESS_PER_HOUR: positiveIntSetting(5),
  /** The same mails about one account per hour. */
  MAILS_PER_ACCOUNT_PER_HOUR: positiveIntSetting(5),
  RATE_LIMIT_PREFIX: z.string().default('auth:rl'),
  /** argon2id cost; the defaults are OWASP's (19 MiB, 2 passes, 1 lane). */
  ARGON2_MEMORY_KIB: positiveIntSetting(19_456),
  ARGON2_TIME_COST: positiveIntSetting(2),
  ARGON2_PARALLELISM: positiveIntSetting(1),
  /** A support-staff account made (or updated) at start, for the admin tools. */
  SUPPORT_EMAIL: z.string().optional(),
  SUPPORT_PASSWORD: z.string().min(12).optional(),
  /** Google: an OpenID Connect issuer (discovery), client id and secret. Without them Google is off. */
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Facebook: plain OAuth 2 endpoints, client id and secret. Without them Facebook is off. */
  FACEBOOK_AUTHORIZATION_URL: z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.url().default('https://graph.facebook.com/me?fields=id,name,email'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  /** Where providers send the browser back: `<base>/api/v1/auth/oauth/<provider>/callback`. */
  OAUTH_CALLBACK_BASE: z.url().optional(),
  /** Plain-http providers (a local OIDC server in tests); never in production. */
  OAUTH_ALLOW_HTTP: flagSetting(false),
})
  .refine((c) => c.NODE_ENV !== 'production' || c.JWT_SIGNING_KEY, {
    message: 'JWT_SIGNING_KEY is required in production',
    path: ['JWT_SIGNING_KEY'],
  })
  .refine((c) => !c.SUPPORT_EMAIL === !c.SUPPORT_PASSWORD, {
    message: 'SUPPORT_EMAIL and SUPPORT_PASSWORD go together',
    path: ['SUPPORT_PASSWORD'],
  });
export type AuthConfig = z.infer<typeof AuthConfigSchema>;
