// Support staff's desk (role/support, checked by the kit from the endpoints' access): find an account, change
// its role, end its sessions. The caller's id is the staff id every change is recorded with.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { AuthFlows } from '../flows/index.js';

type Endpoints = Pick<typeof endpoints.auth, 'findAccount' | 'changeAccountRole' | 'revokeSessions'>;

export function supportRoutes({ support }: AuthFlows): Handlers<Endpoints> {
  return {
    findAccount: ({ query, user, ctx, req }) => support.find(user, query, { ctx, log: req.log }),

    changeAccountRole: ({ params, body, user, ctx, req }) =>
      support.changeRole(user, params.id, body, { ctx, log: req.log }),

    revokeSessions: ({ params, body, user, ctx, req }) =>
      support.revokeSessions(user, params.id, body.reason, { ctx, log: req.log }),
  };
}
