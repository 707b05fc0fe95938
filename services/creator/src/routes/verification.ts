// Creators' verification: thin handlers over the verification flows. Creators ask; support staff list and decide.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import { staffVerificationView, verificationView } from '../domain/verification.js';
import type { VerificationFlows } from '../flows/verification.js';

type VerificationEndpoints = Pick<
  typeof endpoints.creator,
  'requestVerification' | 'listVerifications' | 'decideVerification'
>;

export function verificationRoutes(verification: VerificationFlows): Handlers<VerificationEndpoints> {
  return {
    requestVerification: async ({ body, user }, reply) => {
      const { record, created } = await verification.request(user.id, body ?? {});
      return reply.code(created ? 201 : 200).send(verificationView(record));
    },

    listVerifications: async ({ query, user, req }) => {
      const { requests, handles } = await verification.list(user, query, req.log);
      return { requests: requests.map((r) => staffVerificationView(r, handles.get(r.userId))) };
    },

    decideVerification: async ({ params, body, user, ctx, req }) => {
      const { record, handle } = await verification.decide(user, params.id, body, ctx, req.log);
      return staffVerificationView(record, handle);
    },
  };
}
