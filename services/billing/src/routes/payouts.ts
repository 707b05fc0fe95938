// A creator's commissions: balances per currency and the ledger entries, newest first.
import { PayoutAnswerSchema } from '@travelclub/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payouts } = app.billing;

  app.get(
    '/api/v1/userProfile/my/payout',
    { schema: { response: { 200: PayoutAnswerSchema } }, preHandler: app.requireUser },
    async (req) => payouts.of(req.user!),
  );
};
