// Every flow of the service, made from its parts; routes, consumers and jobs get them as an argument.
import { invoiceFlows } from './invoices.js';
import type { BillingParts } from './parts.js';
import { paymentFlows } from './payments.js';
import { payoutFlows } from './payouts.js';
import { refundFlows } from './refunds.js';

export function billingFlows(parts: BillingParts) {
  return {
    invoices: invoiceFlows(parts),
    payments: paymentFlows(parts),
    refunds: refundFlows(parts),
    payouts: payoutFlows(parts),
  };
}
export type BillingFlows = ReturnType<typeof billingFlows>;
