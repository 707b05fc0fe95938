// Checkout (docs/booking.md, "Checkout"): every room checked again at the catalog, and the invoice of this
// revision made by billing from what it says (our draft: lines, prices, terms, owner), checked against our own
// lines before the cart awaits its payment.
import { endpoints, type PreCheckAnswer } from '@travelclub/contracts';
import { appError, currentTraceId, type Logger, type ServiceClient } from '@travelclub/kit';
import { termsOf } from '../domain/cancellation.js';
import { assertPayable, awaitPayment, invoiceDraftOf, invoiceMismatch, refuseRevision } from '../domain/invoice.js';
import { allRooms, assertCartEditable, withTrace, type ItineraryRecord } from '../domain/itinerary.js';
import { preCheckOf } from '../domain/pre-check.js';
import { checkouts } from '../metrics.js';
import type { ItineraryStore } from '../store/itineraries.js';
import type { Caller, ItineraryAccess } from './access.js';
import { behalfOf, type CartHolds } from './cart-holds.js';

interface CheckoutDeps {
  store: ItineraryStore;
  billing: ServiceClient;
  holds: CartHolds;
  access: ItineraryAccess;
  log: Logger;
}

export function checkoutFlows({ store, billing, holds, access, log }: CheckoutDeps) {
  const { owned, visible, mutateOrMissing } = access;

  /** Billing's invoice was not what this revision says: a new revision, so the next createInvoice asks anew. */
  async function refuse(record: ItineraryRecord, invoiceId: string, mismatch: string[]) {
    log.error({ itineraryId: record._id, invoiceId, mismatch }, 'billing answered an invoice that is not ours');
    // Billing voids this one as older once the next invoice is made.
    await store.mutate(record._id, (current) => {
      const next = refuseRevision(current, record.revision, new Date());
      return next && { record: next };
    });
    return appError('invoice-mismatch');
  }

  return {
    async createInvoice(id: string, { user, ctx }: Caller): Promise<ItineraryRecord> {
      const record = await owned(id, user);
      if (record.status === 'pending_payment' && record.invoiceId) return record;
      const now = new Date();
      assertCartEditable(record, now);
      assertPayable(record, now);
      const terms = termsOf(record);
      // Billing makes the invoice from what this revision says (its draft). Its answer is checked all the same:
      // an invoice made for this revision in any other way is never the one awaited.
      const body = invoiceDraftOf(record, record.revision, now);
      const invoice = await billing.call(endpoints.billing.createInvoice, { body }, ctx);
      const mismatch = invoiceMismatch(record, terms, invoice);
      if (mismatch.length > 0) throw await refuse(record, invoice.id, mismatch);
      // This request's trace: support finds the booking's trace from the itinerary (`travelclub itineraries show`).
      const traceId = currentTraceId();
      const result = await mutateOrMissing(id, (current) => {
        const next = awaitPayment(current, record.revision, invoice.id, terms, new Date());
        return next && { record: withTrace(next, traceId) };
      });
      // A checkout repeated, or raced by another that awaited this invoice first, changed nothing.
      if (result.changed) checkouts.inc();
      return result.record;
    },

    /** Every room as the catalog has it now: still held at the quoted price, or not. */
    async preCheck(id: string, { user, ctx }: Caller): Promise<PreCheckAnswer> {
      const record = await visible(id, user, 'pre-check');
      const now = new Date();
      const owner = behalfOf(record, ctx);
      const found = await Promise.all(allRooms(record).map(({ room }) => holds.current(room.holdId, owner)));
      return preCheckOf(record, found, now);
    },
  };
}
export type CheckoutFlows = ReturnType<typeof checkoutFlows>;
