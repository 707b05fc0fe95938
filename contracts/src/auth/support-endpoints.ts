// Support staff's routes on the auth service (role/support), for the travelclub command line: find an account,
// grant or revoke a traveller's or creator's role, end every session of an account. Each change is recorded on
// the account with the staff id.
import { accessOf, endpoint, type Endpoint } from '../endpoint.js';
import {
  SupportAccountParamsSchema,
  SupportAccountQuerySchema,
  SupportAccountSchema,
  SupportRevokeSessionsAnswerSchema,
  SupportRevokeSessionsBodySchema,
  SupportAccountRoleBodySchema,
} from './support-api.js';

const BASE = '/api/v1/support/users';

const { support } = accessOf('auth');

export const authSupportEndpoints = {
  findAccount: endpoint(support, 'GET', BASE, {
    query: SupportAccountQuerySchema,
    responses: { 200: SupportAccountSchema },
    errors: ['unauthenticated', 'forbidden', 'account-not-found'],
    summary: 'An account by email or id, with its sessions and the changes staff made to it',
  }),
  // Role claims change at the account's next token refresh (its current access token keeps the old ones).
  changeAccountRole: endpoint(support, 'POST', `${BASE}/:id/roles`, {
    params: SupportAccountParamsSchema,
    body: SupportAccountRoleBodySchema,
    responses: { 200: SupportAccountSchema },
    errors: ['unauthenticated', 'forbidden', 'account-not-found', 'role-not-grantable', 'own-account'],
    summary: "Grants or revokes an account's customer or creator role",
  }),
  revokeSessions: endpoint(support, 'POST', `${BASE}/:id/revokeSessions`, {
    params: SupportAccountParamsSchema,
    body: SupportRevokeSessionsBodySchema,
    responses: { 200: SupportRevokeSessionsAnswerSchema },
    errors: ['unauthenticated', 'forbidden', 'account-not-found', 'own-account'],
    summary: 'Ends every refresh token and browser session of an account',
  }),
} as const satisfies Record<string, Endpoint>;
