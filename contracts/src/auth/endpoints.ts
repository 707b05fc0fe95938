// The auth service's endpoints: sign-up and sign-in, tokens, mailed one-time codes, browser sessions and
// sign-in providers. Paths keep the spec's names (`/api/v1/authentication/...`, `/api/sessionLogin`).
import { z } from 'zod';
import {
  AcceptedAnswerSchema,
  AccountViewSchema,
  CodeBodySchema,
  CsrfAnswerSchema,
  JwksSchema,
  MagicLinkAnswerSchema,
  MagicLinkBodySchema,
  MessageAnswerSchema,
  OAuthCallbackQuerySchema,
  OAuthProvidersAnswerSchema,
  OAuthStartAnswerSchema,
  OAuthStartQuerySchema,
  PasswordResetConfirmBodySchema,
  PasswordResetRequestBodySchema,
  ProviderParamsSchema,
  RefreshBodySchema,
  RoleChangeAnswerSchema,
  RoleChangeBodySchema,
  SessionAnswerSchema,
  SessionLoginBodySchema,
  SessionTokenAnswerSchema,
  SignInBodySchema,
  SignOutBodySchema,
  SignUpBodySchema,
  TokenAnswerSchema,
  VerifyEmailAnswerSchema,
  VerifyEmailBodySchema,
} from './api.js';
import { accessOf, endpoint } from '../endpoint.js';
import { linkPaths } from '../paths.js';

const { open, openOrUser, signedIn } = accessOf('auth');
/** A redirect: no body, the `Location` header says where. */
const Redirect = z.unknown();

/** `POST /api/sessionLogin` (a form post) and its second path: the access token in the body, not a header. */
const sessionLogin = <const P extends string>(path: P) =>
  endpoint(open, 'POST', path, {
    body: SessionLoginBodySchema,
    responses: { 200: SessionAnswerSchema },
    errors: ['csrf-missing', 'session-failure'],
  });

export const authEndpoints = {
  // Accounts: sign-up (with an anonymous visitor's token, an upgrade in place), sign-in, the caller, roles.
  signUp: endpoint(openOrUser, 'POST', '/api/v1/auth/signUp', {
    limit: 'tight',
    body: SignUpBodySchema,
    responses: { 201: TokenAnswerSchema },
    errors: ['invalid-email', 'weak-password', 'sign-up-disabled', 'email-already-in-use'],
  }),
  // An anonymous visitor's token, when sent along, hands their cart to the account signed in to.
  signIn: endpoint(openOrUser, 'POST', '/api/v1/auth/signIn', {
    limit: 'tight',
    body: SignInBodySchema,
    responses: { 200: TokenAnswerSchema },
    errors: [
      'invalid-email',
      'weak-password',
      'too-many-sign-in-attempts',
      'user-not-found',
      'wrong-password',
      'account-exists-with-different-credential',
    ],
  }),
  anonymous: endpoint(open, 'POST', '/api/v1/auth/anonymous', {
    limit: 'tight',
    responses: { 201: TokenAnswerSchema },
    errors: [],
  }),
  me: endpoint(signedIn, 'GET', '/api/v1/auth/me', {
    responses: { 200: AccountViewSchema },
    errors: ['unauthenticated'],
  }),
  changeRole: endpoint(signedIn, 'PUT', '/api/v1/userProfile/role', {
    body: RoleChangeBodySchema,
    responses: { 200: RoleChangeAnswerSchema },
    errors: ['unauthenticated', 'forbidden', 'role-revoked'],
  }),

  // Tokens: refresh rotation, sign-out, the public signing keys.
  refreshToken: endpoint(open, 'POST', '/api/v1/auth/token/refresh', {
    body: RefreshBodySchema,
    responses: { 200: TokenAnswerSchema },
    errors: ['invalid-refresh-token'],
  }),
  signOut: endpoint(open, 'POST', '/api/v1/auth/signOut', {
    body: SignOutBodySchema.optional(),
    responses: { 200: AcceptedAnswerSchema },
    errors: [],
  }),
  jwks: endpoint(open, 'GET', '/.well-known/jwks.json', {
    responses: { 200: JwksSchema },
    errors: [],
    cacheSeconds: 300,
  }),

  // Mailed one-time codes: magic link, password reset, email verification.
  magicLink: endpoint(open, 'POST', '/api/v1/authentication/magicLink', {
    limit: 'tight',
    body: MagicLinkBodySchema,
    responses: { 200: MessageAnswerSchema },
    errors: ['missing-email', 'invalid-email', 'too-many-requests'],
  }),
  consumeMagicLink: endpoint(openOrUser, 'POST', '/api/v1/auth/magicLink/consume', {
    limit: 'tight',
    body: CodeBodySchema,
    responses: { 200: MagicLinkAnswerSchema },
    errors: ['invalid-action-code', 'sign-up-disabled', 'email-already-in-use'],
  }),
  requestPasswordReset: endpoint(open, 'POST', '/api/v1/auth/passwordReset/request', {
    limit: 'tight',
    body: PasswordResetRequestBodySchema,
    responses: { 202: AcceptedAnswerSchema },
    errors: ['missing-email', 'invalid-email'],
  }),
  confirmPasswordReset: endpoint(open, 'POST', '/api/v1/auth/passwordReset/confirm', {
    limit: 'tight',
    body: PasswordResetConfirmBodySchema,
    responses: { 200: MessageAnswerSchema },
    errors: ['weak-password', 'invalid-action-code'],
  }),
  requestEmailVerification: endpoint(signedIn, 'POST', '/api/v1/authentication/requestEmailVerification', {
    responses: { 202: AcceptedAnswerSchema },
    errors: ['unauthenticated', 'missing-email', 'too-many-requests'],
  }),
  verifyEmail: endpoint(open, 'POST', '/api/v1/authentication/verifyEmail', {
    body: VerifyEmailBodySchema,
    responses: { 200: VerifyEmailAnswerSchema },
    errors: ['invalid-email', 'invalid-action-code'],
  }),

  // Browser sessions: the CSRF token, the session cookie made from an access token, reading and ending it.
  csrf: endpoint(open, 'GET', '/api/v1/auth/csrf', { responses: { 200: CsrfAnswerSchema }, errors: [] }),
  sessionLogin: sessionLogin('/api/sessionLogin'),
  sessionLoginEndpoint: sessionLogin('/api/sessionlogin/endpoint'),
  session: endpoint(open, 'GET', '/api/v1/auth/session', { responses: { 200: SessionAnswerSchema }, errors: [] }),
  /** The web app's way to an access token after a reload: the session cookie plus the CSRF header. */
  sessionToken: endpoint(open, 'POST', '/api/v1/auth/session/token', {
    responses: { 200: SessionTokenAnswerSchema },
    errors: ['csrf-missing', 'unauthenticated'],
  }),
  sessionLogout: endpoint(open, 'POST', '/api/v1/auth/sessionLogout', {
    responses: { 200: SessionAnswerSchema },
    errors: [],
  }),

  // Sign-in providers: start (a redirect, or JSON when asked), the provider's callback (always a redirect to
  // the web app), the exchange of its one-time result code for tokens, and which providers are on.
  oauthStart: endpoint(openOrUser, 'GET', linkPaths.oauthStart, {
    params: ProviderParamsSchema,
    query: OAuthStartQuerySchema,
    responses: { 200: OAuthStartAnswerSchema, 302: Redirect },
    errors: ['provider-not-configured'],
  }),
  oauthCallback: endpoint(open, 'GET', '/api/v1/auth/oauth/:provider/callback', {
    params: ProviderParamsSchema,
    query: OAuthCallbackQuerySchema,
    responses: { 302: Redirect },
    errors: [],
  }),
  oauthExchange: endpoint(open, 'POST', '/api/v1/auth/oauth/exchange', {
    body: CodeBodySchema,
    responses: { 200: TokenAnswerSchema },
    errors: ['invalid-provider-details'],
  }),
  oauthProviders: endpoint(open, 'GET', '/api/v1/auth/oauth/providers', {
    responses: { 200: OAuthProvidersAnswerSchema },
    errors: [],
  }),
};
