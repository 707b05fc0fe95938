// Every flow of the service, made from its parts; routes, consumers and jobs get them as an argument.
import { creatorRoleFlows } from './creator-roles.js';
import { invoiceFlows } from './invoices.js';
import type { BillingParts } from './parts.js';
import { paymentFlows } from './payments.js';
import { payoutFlows } from './payouts.js';
import { checkoutFlows } from './plan-checkout.js';
import { portalFlows } from './plan-portal.js';
import { renewDuePlans } from './plan-renewals.js';
import { planFlows } from './plans.js';
import { refundFlows } from './refunds.js';
import { staffRefundFlows } from './staff-refunds.js';
import { supportFlows } from './support.js';

export function billingFlows(parts: BillingParts) {
  return {
    invoices: invoiceFlows(parts),
    payments: paymentFlows(parts),
    refunds: refundFlows(parts),
    payouts: payoutFlows(parts),
    /** Support staff's desk (the travelclub command line). */
    support: { ...supportFlows(parts), refunds: staffRefundFlows(parts) },
    /** A creator's role revoked or given back by support staff: commissions and plan renewals follow. */
    creatorRoles: creatorRoleFlows(parts),
    creatorPlans: {
      ...planFlows(parts),
      checkout: checkoutFlows(parts),
      portal: portalFlows(parts),
      /** The plan-renewal job's work, at `now` (jobs/plan-renewals.ts). */
      renewDue: (now: Date, userId?: string) => renewDuePlans(parts, now, { userId }),
    },
  };
}
export type BillingFlows = ReturnType<typeof billingFlows>;
