// Paying an invoice by card, with an Idempotency-Key header: the same key and card answer the stored result.
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema, type endpoints } from '@travelclub/contracts';
import { appError, type Handlers } from '@travelclub/kit';
import type { BillingFlows } from '../flows/index.js';

type Endpoints = Pick<typeof endpoints.billing, 'payInvoice'>;

export function paymentRoutes({ payments }: BillingFlows): Handlers<Endpoints> {
  return {
    payInvoice: async ({ params, body, user, ctx, req }) => {
      const key = IdempotencyKeySchema.safeParse(req.headers[IDEMPOTENCY_KEY_HEADER]);
      if (!key.success) throw appError('idempotency-key-required');
      return payments.pay({ invoiceId: params.id, body, idempotencyKey: key.data, user, ctx });
    },
  };
}
