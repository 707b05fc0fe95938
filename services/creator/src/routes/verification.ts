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
      const requests = await verification.list(user, query.status, query.limit, req.log);
      return { requests: requests.map(staffVerificationView) };
    },

    decideVerification: async ({ params, body, user, ctx, req }) =>
      staffVerificationView(await verification.decide(user, params.id, body, ctx, req.log)),
  };
}
