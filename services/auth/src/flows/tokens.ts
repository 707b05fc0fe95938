// Tokens: a fresh pair for an account that signed in, the refresh token's rotation, sign-out, the signing keys.
import type { TokenAnswer } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { accessClaims, accountView, credentialsChangedSince, type Account } from '../domain/accounts.js';
import type { AuthParts } from './parts.js';

export function tokenFlows({ accounts, refreshTokens, accessTokens }: AuthParts) {
  const accessToken = (account: Account) => accessTokens.sign(accessClaims(account));
  return {
    accessToken,
    /** The access token's lifetime in seconds. */
    expiresIn: accessTokens.ttlSeconds,
    jwks: accessTokens.jwks,

    /** A fresh access token and a new refresh-token family for the account. */
    async issue(account: Account): Promise<TokenAnswer> {
      const [access, refreshToken] = await Promise.all([accessToken(account), refreshTokens.issue(account._id)]);
      return { user: accountView(account), accessToken: access, refreshToken, expiresIn: accessTokens.ttlSeconds };
    },

    /** Swaps a refresh token for the next of its family, with a new access token. */
    async refresh(refreshToken: string): Promise<TokenAnswer> {
      const { token, prepared } = await refreshTokens.rotate(refreshToken, async ({ userId, createdAt }) => {
        // Roles are read again, so a role granted since the last token shows up now; a password changed
        // since this family began ends it.
        const account = await accounts.findById(userId);
        if (!account || credentialsChangedSince(account, createdAt)) throw appError('invalid-refresh-token');
        return { account, accessToken: await accessToken(account) };
      });
      return {
        user: accountView(prepared.account),
        accessToken: prepared.accessToken,
        refreshToken: token,
        expiresIn: accessTokens.ttlSeconds,
      };
    },

    /** Ends the refresh token's family, when one is given; the access token simply expires. */
    async signOut(refreshToken: string | undefined) {
      if (refreshToken) await refreshTokens.revokeFamilyOf(refreshToken);
    },
  };
}
export type TokenFlows = ReturnType<typeof tokenFlows>;
