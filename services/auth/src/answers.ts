// What auth routes answer: tokens for an account, and which catalogue code a bad form gets.
import {
  validationMessages,
  type AccessTokenClaims,
  type ErrorCode,
  type ErrorDetail,
  type TokenAnswer,
} from '@travelclub/contracts';
import type { AuthParts } from './app.js';
import { accountView } from './domain/accounts.js';
import type { Account } from './store/accounts.js';

export const accessClaims = (account: Account): AccessTokenClaims => ({
  sub: account._id,
  roles: account.roles,
  isAnonymous: account.isAnonymous,
  ...(account.email ? { email: account.email } : {}),
});

/** A fresh access token and a new refresh-token family for the account. */
export async function tokenAnswer(parts: AuthParts, account: Account): Promise<TokenAnswer> {
  const [accessToken, refreshToken] = await Promise.all([
    parts.accessTokens.sign(accessClaims(account)),
    parts.refreshTokens.issue(account._id),
  ]);
  return { user: accountView(account), accessToken, refreshToken, expiresIn: parts.accessTokens.ttlSeconds };
}

const emailIssue = (details: ErrorDetail[]) => details.find((d) => d.path === 'email');
const weakPassword = (details: ErrorDetail[]) =>
  details.some((d) => /^(new)?password$/i.test(d.path) && d.message === validationMessages.passwordTooShort);

/** Sign-in and sign-up: a bad email is `invalid-email`, a short password `weak-password`. */
export function credentialsCode(details: ErrorDetail[]): ErrorCode | undefined {
  if (emailIssue(details)) return 'invalid-email';
  if (weakPassword(details)) return 'weak-password';
  return undefined;
}

/** Forms that ask for an email only (magic link, reset): a missing one is `missing-email`. */
export function emailFormCode(details: ErrorDetail[]): ErrorCode | undefined {
  const issue = emailIssue(details);
  if (issue) return issue.message === validationMessages.emailRequired ? 'missing-email' : 'invalid-email';
  return weakPassword(details) ? 'weak-password' : undefined;
}
