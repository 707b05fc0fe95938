// Support staff's routes (role/support, checked by the kit from each definition): an invoice's payments and
// refunds, a goodwill refund, and a creator's payout.
import type { billingSupportEndpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { BillingFlows } from '../flows/index.js';

export function supportRoutes({ support, payouts }: BillingFlows): Handlers<typeof billingSupportEndpoints> {
  return {
    invoicePayments: ({ params, user }) => support.invoicePayments(params.id, user),
    issueRefund: ({ params, body, user, ctx }) => support.refunds.issue(params.id, body, user, ctx),
    creatorPayout: ({ params, user }) => payouts.forCreator(params.creator, user),
  };
}
