// What an access token says about its holder, as every service reads it.
import { z } from 'zod';
import { IdSchema } from './common.js';
import { RoleSchema } from './entities.js';

/** Claims of the RS256 access tokens the auth service signs (besides iss, iat, exp). */
export const AccessTokenClaimsSchema = z.object({
  sub: IdSchema,
  roles: z.array(RoleSchema),
  isAnonymous: z.boolean(),
  email: z.string().optional(),
  /** Whether the account's email address is proven (a mailed link, a magic link or a provider's word). */
  emailVerified: z.boolean().optional(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaimsSchema>;

/** The signed-in caller as a service sees it after verifying the token: the claims, `sub` as `id`. */
export const AuthUserSchema = AccessTokenClaimsSchema.omit({ sub: true }).extend({ id: IdSchema });
export type AuthUser = z.infer<typeof AuthUserSchema>;
