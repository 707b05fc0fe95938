// Invoices as the itinerary asks for them (one per revision, made once, from what the itinerary itself says
// that revision holds) and as their owner reads them.
import type { AuthUser, InvoiceDraft, Invoice } from '@travelclub/contracts';
import { appError, canAccess, newEvent, type CausalContext } from '@travelclub/kit';
import { invoiceIdFor } from '../domain/ids.js';
import { foreignLines, invoiceTotal } from '../domain/money.js';
import { refundedAmount } from '../domain/refunds.js';
import type { InvoiceDocument } from '../store/invoices.js';
import type { BillingParts } from './parts.js';

export function invoiceView(doc: InvoiceDocument): Invoice {
  const refunded = refundedAmount(doc);
  return {
    id: doc._id,
    itineraryId: doc.itineraryId,
    ownerId: doc.ownerId,
    status: doc.status,
    currency: doc.currency,
    lines: doc.lines,
    total: doc.total,
    terms: doc.terms,
    ...(doc.creator ? { creator: doc.creator } : {}),
    ...(doc.payment
      ? {
          payment: {
            id: doc.payment.id,
            amount: doc.payment.amount,
            card: doc.payment.card,
            paidAt: new Date(doc.payment.paidAt).toISOString(),
          },
        }
      : {}),
    ...(doc.refund
      ? {
          refund: {
            id: doc.refund.id,
            amount: doc.refund.amount,
            issuedAt: new Date(doc.refund.issuedAt).toISOString(),
          },
        }
      : {}),
    ...(refunded > 0 ? { refunded: { amount: refunded, currency: doc.currency } } : {}),
    createdAt: new Date(doc.createdAt).toISOString(),
  };
}

/**
 * The itinerary takes back the invoice it awaits, before its cart changes or it is cancelled: void from now
 * on, so no payment can start on it. Refused (`payment-in-progress`) while a payment holds it, running or
 * with its outcome not known yet, or once it is paid (the paid event is on its way to the itinerary). An
 * invoice not open any more is answered as it is: there is nothing left to take back.
 */
async function withdraw({ store: invoices, log }: BillingParts, id: string, itineraryId: string): Promise<Invoice> {
  for (let round = 0; round < 3; round++) {
    const doc = await invoices.get(id);
    if (!doc || doc.itineraryId !== itineraryId) throw appError('invoice-not-found');
    if (doc.status === 'paid' || (doc.status === 'open' && doc.lease)) throw appError('payment-in-progress');
    if (doc.status !== 'open') return invoiceView(doc);
    const withdrawn = await invoices.withdraw(id);
    if (withdrawn) {
      log.info({ invoiceId: id, itineraryId }, 'invoice withdrawn by the itinerary');
      return invoiceView(withdrawn);
    }
    // A payment took the lease meanwhile: read again.
  }
  throw appError('payment-in-progress');
}

export type InvoiceFlows = ReturnType<typeof invoiceFlows>;

export function invoiceFlows(parts: BillingParts) {
  const { store: invoices, config, log } = parts;
  const dueSeconds = config.INVOICE_DUE_S;
  return {
    /**
     * The invoice of this revision of the itinerary, made on the first call from what the itinerary says it is
     * (its draft: owner, lines, prices, terms; only the itinerary's service identity may ask). A newer revision
     * voids the open invoices of older ones.
     */
    async create(draft: InvoiceDraft, ctx: CausalContext): Promise<{ invoice: Invoice; created: boolean }> {
      const { itineraryId, revision } = draft;
      const id = invoiceIdFor(itineraryId, revision);
      const foreign = foreignLines(draft.lines, draft.currency);
      if (foreign.length > 0) {
        // Asked again for an invoice made already, billing answers it whatever the draft says.
        const existing = await invoices.get(id);
        if (existing) return { invoice: invoiceView(existing), created: false };
        throw appError(
          'validation-failed',
          foreign.map((i) => ({ path: `lines.${i}.amount.currency`, message: `Use the invoice's currency` })),
        );
      }
      const now = new Date();
      const total = invoiceTotal(draft.lines, draft.currency);
      const dueAt = new Date(now.getTime() + dueSeconds * 1000);
      const event = newEvent(
        'billing.invoice.created',
        id,
        { invoiceId: id, itineraryId, userId: draft.ownerId, total, dueAt: dueAt.toISOString() },
        ctx,
      );
      const { invoice, created, newestRevision } = await invoices.createOnce(
        {
          _id: id,
          itineraryId,
          revision,
          ownerId: draft.ownerId,
          status: 'open',
          currency: draft.currency,
          lines: draft.lines,
          total,
          terms: draft.terms,
          ...(draft.creator ? { creator: draft.creator } : {}),
          contactEmail: draft.contactEmail,
          holdsUntil: new Date(draft.holdsUntil),
          createdAt: now,
          dueAt,
        },
        event,
      );
      if (!created) return { invoice: invoiceView(invoice), created: false };
      const voided = await invoices.voidOlder(itineraryId, revision);
      if (voided) log.info({ itineraryId, voided }, 'open invoices of older revisions voided');
      // A late request for an older revision than one already invoiced makes an invoice nobody can pay.
      if (newestRevision > revision) {
        const outdated = await invoices.void(id, 'outdated');
        if (outdated) return { invoice: invoiceView(outdated), created: true };
      }
      return { invoice: invoiceView(invoice), created: true };
    },

    withdraw: (id: string, itineraryId: string) => withdraw(parts, id, itineraryId),

    /** The invoice for its owner or support staff; anyone else is told it does not exist. */
    async get(id: string, user: AuthUser): Promise<Invoice> {
      const doc = await invoices.get(id);
      if (!doc || !canAccess(user, doc.ownerId)) throw appError('invoice-not-found');
      return invoiceView(doc);
    },
  };
}
