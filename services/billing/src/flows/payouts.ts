// A creator's payout view: the commissions earned through their slugs, per currency; for the creator, and for
// support staff by any of the creator's slugs.
import type { AuthUser, PayoutAnswer } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { payoutOf, type CommissionRecord } from '../domain/payout.js';
import type { InvoiceDocument } from '../store/invoices.js';
import type { BillingParts } from './parts.js';

export type PayoutFlows = ReturnType<typeof payoutFlows>;

const commissionRecords = (docs: InvoiceDocument[]): CommissionRecord[] =>
  docs.flatMap((doc) => {
    const commission = doc.commission;
    if (!commission) return [];
    const reversals = (commission.reversals ?? []).map((r) => ({ amount: r.amount, at: new Date(r.at) }));
    return [
      {
        invoiceId: doc._id,
        itineraryId: doc.itineraryId,
        amount: commission.amount,
        availableFrom: commission.availableFrom,
        at: new Date(commission.at),
        ...(commission.reversal
          ? { reversal: { amount: commission.reversal.amount, at: new Date(commission.reversal.at) } }
          : {}),
        ...(reversals.length > 0 ? { reversals } : {}),
      },
    ];
  });

export function payoutFlows({ store: invoices, creators, config, log }: BillingParts) {
  const commissionRate = config.COMMISSION_RATE;

  /** The payout of an account's slugs (the most recent first), or of one slug the directory does not know. */
  async function ofSlugs(slugs: string[], now: Date, docs?: InvoiceDocument[]): Promise<PayoutAnswer> {
    const records = commissionRecords(docs ?? (await invoices.withCommissionFor(slugs)));
    return { creator: slugs[0] ?? null, commissionRate, ...payoutOf(records, now.toISOString().slice(0, 10)) };
  }

  return {
    async of(user: AuthUser, now = new Date()): Promise<PayoutAnswer> {
      return ofSlugs(await creators.slugsOf(user.id), now);
    },

    /**
     * For support staff: the payout the creator who owns `slug` sees (every slug of their account), or the
     * commissions of a slug not in the directory (its creator.profile.updated not heard yet); neither is
     * `payout-not-found`.
     */
    async forCreator(slug: string, staff: AuthUser, now = new Date()): Promise<PayoutAnswer> {
      const owner = await creators.ownerOf(slug);
      let answer: PayoutAnswer;
      if (owner) answer = await ofSlugs(await creators.slugsOf(owner), now);
      else {
        const docs = await invoices.withCommissionFor([slug]);
        if (docs.length === 0) throw appError('payout-not-found');
        answer = await ofSlugs([slug], now, docs);
      }
      log.info({ staffId: staff.id, creator: slug, action: 'read-payout' }, 'support staff read a payout');
      return answer;
    },
  };
}
