// The auth service's HTTP bodies and answers: sign-up, sign-in, tokens, sessions, one-time codes, providers.
import { z } from 'zod';
import { IdSchema, InstantSchema } from '../common.js';
import { RoleSchema, SignInPayloadSchema, SignUpFormSchema, SignUpRoleSchema } from '../entities.js';
import { EmailSchema, PasswordSchema } from '../validation.js';

/** The account as the auth service shows it to its holder. */
export const AccountViewSchema = z.object({
  id: IdSchema,
  /** Anonymous visitors have none until they sign up. */
  email: z.string().nullable(),
  publicName: z.string().nullable(),
  roles: z.array(RoleSchema),
  isAnonymous: z.boolean(),
  /** Created within the new-user window (spec section 4: 5 minutes). */
  isNew: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: InstantSchema,
});
export type AccountView = z.infer<typeof AccountViewSchema>;

/** Every answer that issues tokens. `expiresIn` is the access token's lifetime in seconds. */
export const TokenAnswerSchema = z.object({
  user: AccountViewSchema,
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().positive(),
});
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;
/** A role change answers a new access token at once (the refresh token stays). */
export const RoleChangeAnswerSchema = z.object({
  user: AccountViewSchema,
  accessToken: z.string(),
  expiresIn: z.number(),
});

export const SignUpBodySchema = SignUpFormSchema;
export const SignInBodySchema = SignInPayloadSchema;

/** Refresh tokens are opaque: `<family id>.<secret>`, never parsed by clients. */
export const RefreshTokenSchema = z.string().min(1).max(512);
export const RefreshBodySchema = z.strictObject({ refreshToken: RefreshTokenSchema });
/** Sign-out revokes the refresh token's family when one is given; the access token simply expires. */
export const SignOutBodySchema = z.strictObject({ refreshToken: RefreshTokenSchema.optional() });

const SITE = 'https://travelclub.invalid';
/**
 * A path on our own site (`/trips?x=1`), anything else could send a visitor away with a code. It is resolved
 * as a browser would (`/..//evil.test` becomes `//evil.test`) and kept only when it stays on this site.
 */
export const ReturnUrlSchema = z
  .string()
  .max(2_000, { abort: true })
  .regex(/^\/(?![/\\])\S*$/, 'Must be a path on this site')
  .transform((value, ctx) => {
    const url = new URL(value, SITE);
    if (url.origin !== SITE || /^[/\\]{2}/.test(url.pathname)) {
      ctx.addIssue({ code: 'custom', message: 'Must be a path on this site' });
      return z.NEVER;
    }
    return `${url.pathname}${url.search}${url.hash}`;
  })
  .default('/');

export const EmailOnlyBodySchema = z.strictObject({ email: EmailSchema });
export const PasswordResetRequestBodySchema = EmailOnlyBodySchema;
/** The one-time codes we mail are url-safe random strings. */
export const OneTimeCodeSchema = z
  .string()
  .min(1)
  .max(200, { abort: true })
  .regex(/^[A-Za-z0-9_-]+$/);
export const PasswordResetConfirmBodySchema = z.strictObject({
  mode: z.literal('resetPassword'),
  oobCode: OneTimeCodeSchema,
  newPassword: PasswordSchema,
});
export const MagicLinkBodySchema = z.strictObject({ email: EmailSchema, returnUrl: ReturnUrlSchema });
export const CodeBodySchema = z.strictObject({ code: OneTimeCodeSchema });
export const VerifyEmailBodySchema = z.strictObject({ email: EmailSchema.optional(), code: OneTimeCodeSchema });
export const MessageAnswerSchema = z.object({ message: z.string() });
/** A magic link signs in and says where the visitor was going. */
export const MagicLinkAnswerSchema = TokenAnswerSchema.extend({ returnUrl: z.string() });
export const VerifyEmailAnswerSchema = z.object({ user: AccountViewSchema });
export const AcceptedAnswerSchema = z.object({ accepted: z.literal(true) });

export const CsrfAnswerSchema = z.object({ csrfToken: z.string() });
/** `POST /api/sessionLogin` is a form post: `data` holds the access token, `csrf` the double-submit token. */
export const SessionLoginBodySchema = z.object({
  data: z.string().min(1).max(8_000),
  csrf: z.string().max(200).optional(),
});
export const SessionAnswerSchema = z.object({ isAuthenticated: z.boolean(), user: AccountViewSchema.nullable() });
/** A fresh access token for the browser's session (its HttpOnly cookie): the web app keeps tokens in memory only. */
export const SessionTokenAnswerSchema = z.object({
  user: AccountViewSchema,
  accessToken: z.string(),
  expiresIn: z.number().int().positive(),
});

export const RoleChangeBodySchema = z.strictObject({
  role: z.union([SignUpRoleSchema, RoleSchema.exclude(['role/support'])]),
});

export const OAuthProviderSchema = z.enum(['google', 'facebook']);
export type OAuthProvider = z.infer<typeof OAuthProviderSchema>;
export const OAuthStartQuerySchema = z.strictObject({
  returnUrl: ReturnUrlSchema,
  creator: z.enum(['0', '1']).optional(),
});
export const OAuthCallbackQuerySchema = z.object({
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(2_000).optional(),
  error: z.string().max(200).optional(),
});
export const ProviderParamsSchema = z.strictObject({ provider: OAuthProviderSchema });
/** The provider start asked for JSON (a script carrying the visitor's token): where to send the browser. */
export const OAuthStartAnswerSchema = z.object({ url: z.string() });
export const OAuthProvidersAnswerSchema = z.object({ providers: z.array(z.string()) });

/** Public signing keys (RFC 7517). */
export const JwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });
