// Invoices as the itinerary asks for them (one per revision, made once) and as their owner reads them.
import type { AuthUser, CreateInvoiceBody, Invoice } from '@travelclub/contracts';
import { appError, canAccess, newEvent, type CausalContext } from '@travelclub/kit';
import type { Logger } from 'pino';
import { invoiceIdFor } from './domain/ids.js';
import { foreignLines, invoiceTotal } from './domain/money.js';
import type { InvoiceDocument, InvoiceStore } from './store/invoices.js';

export function invoiceView(doc: InvoiceDocument): Invoice {
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
    createdAt: new Date(doc.createdAt).toISOString(),
  };
}

export type InvoiceService = ReturnType<typeof invoiceService>;

export function invoiceService({
  invoices,
  dueSeconds,
  log,
}: {
  invoices: InvoiceStore;
  dueSeconds: number;
  log: Logger;
}) {
  return {
    /**
     * The invoice of this revision of the itinerary, made on the first call (the caller is its owner).
     * A newer revision voids the open invoices of older ones.
     */
    async create(
      body: CreateInvoiceBody,
      user: AuthUser,
      ctx: CausalContext,
    ): Promise<{ invoice: Invoice; created: boolean }> {
      const foreign = foreignLines(body.lines, body.currency);
      if (foreign.length > 0)
        throw appError(
          'validation-failed',
          foreign.map((i) => ({ path: `lines.${i}.amount.currency`, message: `Use the invoice's currency` })),
        );
      const id = invoiceIdFor(body.itineraryId, body.revision);
      const existing = await invoices.get(id);
      if (existing) {
        if (!canAccess(user, existing.ownerId)) throw appError('invoice-not-found');
        return { invoice: invoiceView(existing), created: false };
      }
      const now = new Date();
      const total = invoiceTotal(body.lines, body.currency);
      const dueAt = new Date(now.getTime() + dueSeconds * 1000);
      const event = newEvent(
        'billing.invoice.created',
        id,
        { invoiceId: id, itineraryId: body.itineraryId, userId: user.id, total, dueAt: dueAt.toISOString() },
        ctx,
      );
      const { invoice, created } = await invoices.createOnce(
        {
          _id: id,
          itineraryId: body.itineraryId,
          revision: body.revision,
          ownerId: user.id,
          status: 'open',
          currency: body.currency,
          lines: body.lines,
          total,
          terms: body.terms,
          ...(body.creator ? { creator: body.creator } : {}),
          contactEmail: body.contactEmail,
          createdAt: now,
          dueAt,
        },
        event,
      );
      if (!created) {
        if (!canAccess(user, invoice.ownerId)) throw appError('invoice-not-found');
        return { invoice: invoiceView(invoice), created: false };
      }
      const voided = await invoices.voidOlder(body.itineraryId, body.revision);
      if (voided) log.info({ itineraryId: body.itineraryId, voided }, 'open invoices of older revisions voided');
      // A late request for an older revision than one already invoiced makes an invoice nobody can pay.
      if (await invoices.hasNewerThan(body.itineraryId, body.revision)) {
        const outdated = await invoices.void(id, 'outdated');
        if (outdated) return { invoice: invoiceView(outdated), created: true };
      }
      return { invoice: invoiceView(invoice), created: true };
    },

    /** The invoice for its owner or support staff; anyone else is told it does not exist. */
    async get(id: string, user: AuthUser): Promise<Invoice> {
      const doc = await invoices.get(id);
      if (!doc || !canAccess(user, doc.ownerId)) throw appError('invoice-not-found');
      return invoiceView(doc);
    },
  };
}
