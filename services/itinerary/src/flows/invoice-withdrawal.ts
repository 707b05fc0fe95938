// Taking back the invoice a cart awaits, before the cart changes or is cancelled (docs/booking.md, "One payment
// at a time"): billing voids it unless a payment holds it or it is paid, and only then does the cart become a
// draft again. Billing never calls the itinerary; what becomes of a payment reaches it as billing's events.
import { endpoints } from '@travelclub/contracts';
import { AppError, type CausalContext, type ServiceClient } from '@travelclub/kit';
import { invoiceWithdrawn, type ItineraryRecord } from '../domain/itinerary.js';
import type { ItineraryStore } from '../store/itineraries.js';

interface WithdrawalDeps {
  store: ItineraryStore;
  billing: ServiceClient;
}

export function invoiceWithdrawalFlows({ store, billing }: WithdrawalDeps) {
  /** Billing voids the invoice; one it does not have (never made, or made for another itinerary) is as good. */
  async function withdraw(record: ItineraryRecord, invoiceId: string, ctx: CausalContext): Promise<void> {
    const body = { itineraryId: record._id };
    await billing.call(endpoints.billing.withdrawInvoice, { params: { id: invoiceId }, body }, ctx).catch((err) => {
      if (err instanceof AppError && err.code === 'invoice-not-found') return;
      throw err;
    });
  }

  /** Records that billing gave the invoice back: a draft again at a new revision (as it is, if it moved on). */
  async function recordWithdrawn(record: ItineraryRecord, invoiceId: string): Promise<ItineraryRecord> {
    const result = await store.mutate(
      record._id,
      (current) => {
        const next = invoiceWithdrawn(current, invoiceId, new Date());
        return next && { record: next };
      },
      record,
    );
    return result?.record ?? record;
  }

  return {
    withdraw,
    recordWithdrawn,

    /**
     * The cart ready to change: when it awaits payment, billing gives its invoice back first, and refuses with
     * `payment-in-progress` while a payment holds it (running, its outcome unknown, or paid and its event on
     * the way). Billing unreachable: the cart stays as it is (503).
     */
    async reopen(record: ItineraryRecord, ctx: CausalContext): Promise<ItineraryRecord> {
      const invoiceId = record.invoiceId;
      if (record.status !== 'pending_payment' || !invoiceId) return record;
      await withdraw(record, invoiceId, ctx);
      return recordWithdrawn(record, invoiceId);
    },
  };
}
export type InvoiceWithdrawalFlows = ReturnType<typeof invoiceWithdrawalFlows>;
