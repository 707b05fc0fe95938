// Every route handler of the auth service, by endpoint name (contracts' `endpoints.auth`).
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { AuthConfig } from '../config.js';
import type { AuthFlows } from '../flows/index.js';
import { accountRoutes } from './accounts.js';
import { codeRoutes } from './codes.js';
import { oauthRoutes } from './oauth.js';
import { sessionRoutes } from './sessions.js';
import { supportRoutes } from './support.js';
import { tokenRoutes } from './tokens.js';

export function authRoutes(flows: AuthFlows, config: AuthConfig): Handlers<typeof endpoints.auth> {
  return {
    ...accountRoutes(flows),
    ...tokenRoutes(flows),
    ...codeRoutes(flows),
    ...sessionRoutes(flows, config),
    ...oauthRoutes(flows, config),
    ...supportRoutes(flows),
  };
}
