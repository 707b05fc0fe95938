// Every flow of the service, made from its parts; routes get them as an argument.
import { accountFlows } from './accounts.js';
import { emailVerificationFlows } from './email-verification.js';
import { magicLinkFlows } from './magic-link.js';
import { oauthFlows } from './oauth.js';
import type { AuthParts } from './parts.js';
import { passwordResetFlows } from './password-reset.js';
import { registrationFlows } from './registration.js';
import { sessionFlows } from './sessions.js';
import { signInFlows } from './sign-in.js';
import { signUpFlows } from './sign-up.js';
import { supportFlows } from './support.js';
import { tokenFlows } from './tokens.js';

export function authFlows(parts: AuthParts) {
  const registration = registrationFlows(parts);
  const tokens = tokenFlows(parts);
  return {
    registration,
    tokens,
    signUp: signUpFlows(parts, registration, tokens),
    signIn: signInFlows(parts, registration, tokens),
    accounts: accountFlows(parts, registration, tokens),
    magicLink: magicLinkFlows(parts, registration, tokens),
    passwordReset: passwordResetFlows(parts),
    emailVerification: emailVerificationFlows(parts),
    sessions: sessionFlows(parts),
    oauth: oauthFlows(parts, registration, tokens),
    support: supportFlows(parts),
  };
}
export type AuthFlows = ReturnType<typeof authFlows>;
