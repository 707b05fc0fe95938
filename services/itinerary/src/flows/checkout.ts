// Checkout (docs/booking.md, "Checkout"): every room checked again at the catalog, and the invoice of this
// revision made by billing from what it says (our draft: lines, prices, terms, owner, when the holds lapse),
// checked against our own lines before the cart awaits its payment.
import { endpoints, type PreCheckAnswer } from '@travelclub/contracts';
import { appError, currentTraceId, type CausalContext, type Logger, type ServiceClient } from '@travelclub/kit';
import { termsFor } from '../domain/cancellation.js';
import { awaitPayment, invoiceDraftOf, invoiceMismatch, refuseRevision } from '../domain/invoice.js';
import { allRooms, withTrace, type ItineraryRecord } from '../domain/itinerary.js';
import { preCheckOf } from '../domain/pre-check.js';
import { checkouts } from '../metrics.js';
import type { ItineraryStore } from '../store/itineraries.js';
import type { Caller, ItineraryAccess } from './access.js';
import { behalfOf, type CartHolds } from './cart-holds.js';
import type { InvoiceWithdrawalFlows } from './invoice-withdrawal.js';

interface CheckoutDeps {
  store: ItineraryStore;
  billing: ServiceClient;
  holds: CartHolds;
  access: ItineraryAccess;
  withdrawal: InvoiceWithdrawalFlows;
  log: Logger;
}

export function checkoutFlows({ store, billing, holds, access, withdrawal, log }: CheckoutDeps) {
  const { owned, visible, mutateOrMissing } = access;

  /** Billing's invoice was not what this revision says: a new revision, so the next createInvoice asks anew. */
  async function refuse(record: ItineraryRecord, invoiceId: string, mismatch: string[], ctx: CausalContext) {
    log.error({ itineraryId: record._id, invoiceId, mismatch }, 'billing answered an invoice that is not ours');
    // Nobody may pay it meanwhile: billing takes it back now (and voids it as older once the next is made).
    await withdrawal
      .withdraw(record, invoiceId, ctx)
      .catch((err: unknown) => log.error({ err, invoiceId }, 'could not take back an invoice that is not ours'));
    await store.mutate(
      record._id,
      (current) => {
        const next = refuseRevision(current, record.revision, new Date());
        return next && { record: next };
      },
      record,
    );
    return appError('invoice-mismatch');
  }

  /**
   * The invoice of the cart's revision, made once by billing (asked again, it answers the same one). A cart
   * awaiting an invoice billing took back without the cart hearing it (a crash between the two) becomes a
   * draft again and is invoiced anew.
   */
  async function createInvoice(id: string, caller: Caller, anew = false): Promise<ItineraryRecord> {
    const { user, ctx } = caller;
    const record = await owned(id, user);
    const now = new Date();
    // Billing makes the invoice from what this revision says (its draft). Its answer is checked all the same:
    // an invoice made for this revision in any other way is never the one awaited.
    const body = invoiceDraftOf(record, record.revision, now);
    const invoice = await billing.call(endpoints.billing.createInvoice, { body }, ctx);
    const takenBack =
      invoice.status === 'void' && record.status === 'pending_payment' && record.invoiceId === invoice.id;
    if (takenBack && !anew) {
      await withdrawal.recordWithdrawn(record, invoice.id);
      return createInvoice(id, caller, true);
    }
    const terms = termsFor(record);
    const mismatch = invoiceMismatch(record, terms, invoice);
    if (mismatch.length > 0) throw await refuse(record, invoice.id, mismatch, ctx);
    // This request's trace: support finds the booking's trace from the itinerary (`travelclub itineraries show`).
    const traceId = currentTraceId();
    const result = await mutateOrMissing(
      id,
      (current) => {
        const next = awaitPayment(current, record.revision, invoice.id, terms, new Date());
        return next && { record: withTrace(next, traceId) };
      },
      record,
    );
    // A checkout repeated, or raced by another that awaited this invoice first, changed nothing.
    if (result.changed) checkouts.inc();
    return result.record;
  }

  return {
    createInvoice,

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
