// Which catalogue code a bad form gets, where it is not `validation-failed`: sign-in and sign-up answer
// `invalid-email` or `weak-password`, the forms that ask for an email `missing-email` or `invalid-email`.
import { endpoints, validationMessages, type Endpoint, type ErrorCode, type ErrorDetail } from '@travelclub/contracts';
import type { ServiceApp } from '@travelclub/kit';

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

const { auth } = endpoints;
const codeOf: [Endpoint, typeof credentialsCode][] = [
  [auth.signUp, credentialsCode],
  [auth.signIn, credentialsCode],
  [auth.magicLink, emailFormCode],
  [auth.requestPasswordReset, emailFormCode],
  [auth.confirmPasswordReset, emailFormCode],
  [auth.verifyEmail, emailFormCode],
];

/** Gives the forms above their codes: the kit's error handler asks a route's `validationCode`. */
export function useFormErrorCodes(app: ServiceApp): void {
  app.addHook('onRoute', (route) => {
    const found = codeOf.find(([e]) => e.path === route.url && e.method === route.method);
    if (found) route.config = { ...route.config, validationCode: found[1] };
  });
}
