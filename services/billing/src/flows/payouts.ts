// A creator's payout view: the commissions earned through their slugs, per currency.
import type { AuthUser, PayoutAnswer } from '@travelclub/contracts';
import { payoutOf, type CommissionRecord } from '../domain/payout.js';
import type { BillingParts } from './parts.js';

export type PayoutFlows = ReturnType<typeof payoutFlows>;

export function payoutFlows({ store: invoices, creators, config }: BillingParts) {
  const commissionRate = config.COMMISSION_RATE;
  return {
    async of(user: AuthUser, now = new Date()): Promise<PayoutAnswer> {
      const slugs = await creators.slugsOf(user.id);
      const records: CommissionRecord[] = (await invoices.withCommissionFor(slugs)).flatMap((doc) =>
        doc.commission
          ? [
              {
                invoiceId: doc._id,
                itineraryId: doc.itineraryId,
                amount: doc.commission.amount,
                availableFrom: doc.commission.availableFrom,
                at: new Date(doc.commission.at),
                ...(doc.commission.reversal
                  ? { reversal: { amount: doc.commission.reversal.amount, at: new Date(doc.commission.reversal.at) } }
                  : {}),
              },
            ]
          : [],
      );
      return {
        creator: slugs[0] ?? null,
        commissionRate,
        ...payoutOf(records, now.toISOString().slice(0, 10)),
      };
    },
  };
}
