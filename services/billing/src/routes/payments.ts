// Paying an invoice by card, with an Idempotency-Key header: the same key and card answer the stored result.
import {
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  InvoiceIdParamsSchema,
  PaymentAnswerSchema,
  PaymentBodySchema,
} from '@travelclub/contracts';
import { appError, requestContext } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.billing;

  app.post(
    '/api/v1/invoice/:id/payment',
    {
      schema: { params: InvoiceIdParamsSchema, body: PaymentBodySchema, response: { 200: PaymentAnswerSchema } },
      preHandler: app.requireUser,
    },
    async (req) => {
      const key = IdempotencyKeySchema.safeParse(req.headers[IDEMPOTENCY_KEY_HEADER]);
      if (!key.success) throw appError('idempotency-key-required');
      return payments.pay({
        invoiceId: req.params.id,
        body: req.body,
        idempotencyKey: key.data,
        user: req.user!,
        ctx: requestContext(req),
      });
    },
  );
};
