// Refresh-token rotation, sign-out, and the public signing keys.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { AuthFlows } from '../flows/index.js';

type Endpoints = Pick<typeof endpoints.auth, 'refreshToken' | 'signOut' | 'jwks'>;

export function tokenRoutes({ tokens }: AuthFlows): Handlers<Endpoints> {
  return {
    refreshToken: ({ body }) => tokens.refresh(body.refreshToken),

    signOut: async ({ body }) => {
      await tokens.signOut(body?.refreshToken);
      return { accepted: true as const };
    },

    jwks: async () => tokens.jwks as { keys: Record<string, unknown>[] },
  };
}
