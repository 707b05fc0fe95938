// Paying an invoice by card (docs/booking.md, "Paying"): the idempotency key's attempt lives in the invoice,
// a lease lets one payment work on an invoice at a time, the itinerary's payment lock is taken before the
// charge, and the provider charges with the payment id as its idempotency key, so a retry after a crash finds
// the same charge rather than making a second one.
import type { AuthUser, ErrorCode, PaymentAnswer, PaymentBody } from '@travelclub/contracts';
import { AppError, appError, canAccess, newEvent, type CausalContext } from '@travelclub/kit';
import type { Logger } from 'pino';
import type { ItineraryClient } from './clients/itinerary.js';
import { cardSummary } from './domain/card.js';
import { paymentIdFor, paymentRequestHash } from './domain/ids.js';
import { commissionOf, lastCheckOut } from './domain/money.js';
import type { PaymentProvider } from './provider/provider.js';
import type { AttemptRecord, InvoiceDocument, InvoiceStore } from './store/invoices.js';

export interface PaymentServiceDeps {
  invoices: InvoiceStore;
  provider: PaymentProvider;
  itinerary: ItineraryClient;
  leaseSeconds: number;
  commissionRate: number;
  log: Logger;
}

export interface PaymentRequest {
  invoiceId: string;
  body: PaymentBody;
  idempotencyKey: string;
  user: AuthUser;
  ctx: CausalContext;
}

/** Why an invoice that is not open cannot be paid. */
export function notPayable(invoice: Pick<InvoiceDocument, 'status' | 'voidReason'>): AppError {
  if (invoice.status === 'void')
    return appError(invoice.voidReason === 'outdated' ? 'invoice-outdated' : 'invoice-void');
  return appError('invoice-already-paid');
}

const leaseLive = (invoice: InvoiceDocument, now: Date) =>
  invoice.lease !== null && invoice.lease !== undefined && new Date(invoice.lease.until) > now;

export type PaymentService = ReturnType<typeof paymentService>;

export function paymentService({
  invoices,
  provider,
  itinerary,
  leaseSeconds,
  commissionRate,
  log,
}: PaymentServiceDeps) {
  const leaseUntil = (now: Date) => new Date(now.getTime() + leaseSeconds * 1000);

  /** Steps after the claim: the itinerary's lock, the charge, and the one update that records its outcome. */
  async function run(
    invoice: InvoiceDocument,
    attempt: AttemptRecord,
    request: PaymentRequest,
  ): Promise<PaymentAnswer> {
    const { invoiceId, ctx } = request;
    const { paymentId } = attempt;
    const lock = await itinerary.lock(invoice.itineraryId, invoiceId, ctx);
    if (lock.outcome === 'refused') {
      // Another payment on the itinerary may yet fail: that refusal is not final for this key.
      if (lock.code === 'payment-in-progress') await invoices.dropAttempt(invoiceId, paymentId);
      else await invoices.markRefused(invoiceId, paymentId, lock.code);
      throw appError(lock.code);
    }
    if (lock.outcome === 'unavailable') {
      await invoices.dropAttempt(invoiceId, paymentId);
      throw new AppError('service-unavailable', undefined, { cause: new Error(`payment lock: ${lock.reason}`) });
    }

    let charge;
    try {
      charge = await provider.charge({
        idempotencyKey: paymentId,
        amount: invoice.total,
        card: request.body.card,
        reference: invoiceId,
      });
    } catch (err) {
      // Whether money moved is unknown: the attempt stays `processing` and its lease runs out; the same key
      // then resumes it and the provider gives the same charge, if there was one.
      log.error({ err, invoiceId, paymentId }, 'the payment provider did not answer');
      throw new AppError('service-unavailable', undefined, { cause: err });
    }

    if (charge.outcome === 'succeeded') {
      const paidAt = new Date();
      const card = { brand: charge.brand, last4: charge.last4 };
      const answer: PaymentAnswer = {
        paymentId,
        invoiceId,
        itineraryId: invoice.itineraryId,
        status: 'succeeded',
        amount: charge.amount,
        card,
        paidAt: paidAt.toISOString(),
      };
      const commission = invoice.creator
        ? {
            creator: invoice.creator,
            amount: commissionOf(invoice.total, commissionRate),
            availableFrom: lastCheckOut(invoice.lines),
            at: paidAt,
          }
        : undefined;
      const paid = await invoices.markPaid(
        invoiceId,
        paymentId,
        { id: paymentId, chargeId: charge.chargeId, amount: charge.amount, card, paidAt },
        answer,
        commission,
        [
          newEvent(
            'billing.invoice.paid',
            invoiceId,
            {
              invoiceId,
              itineraryId: invoice.itineraryId,
              userId: invoice.ownerId,
              paymentId,
              amount: charge.amount,
              paidAt: answer.paidAt,
            },
            ctx,
          ),
        ],
      );
      if (paid) return answer;
      return orphanCharge(invoiceId, paymentId, charge.chargeId, charge.amount);
    }

    const code: ErrorCode = charge.outcome === 'declined' ? 'card-declined' : 'insufficient-funds';
    await invoices.markDeclined(
      invoiceId,
      paymentId,
      code,
      newEvent(
        'billing.payment.failed',
        invoiceId,
        {
          invoiceId,
          itineraryId: invoice.itineraryId,
          userId: invoice.ownerId,
          amount: invoice.total,
          reason: code,
        },
        ctx,
      ),
    );
    await itinerary.unlock(invoice.itineraryId, invoiceId, ctx);
    throw appError(code);
  }

  /**
   * The charge went through but the invoice was no longer ours to mark paid: our lease lapsed and another
   * payment took over, or the same key finished meanwhile. Only in the first case is the money given back.
   */
  async function orphanCharge(
    invoiceId: string,
    paymentId: string,
    chargeId: string,
    amount: PaymentAnswer['amount'],
  ): Promise<PaymentAnswer> {
    const now = await invoices.get(invoiceId);
    const attempt = now?.attempts[paymentId];
    if (attempt?.status === 'succeeded' && attempt.answer) return attempt.answer;
    log.warn({ invoiceId, paymentId }, 'a charge arrived after its lease was lost; refunding it');
    await provider.refund({ idempotencyKey: `orphan:${paymentId}`, chargeId, amount });
    const error = now && now.status !== 'open' ? notPayable(now) : appError('payment-in-progress');
    await invoices.markRefused(invoiceId, paymentId, error.code);
    throw error;
  }

  return {
    async pay(request: PaymentRequest): Promise<PaymentAnswer> {
      const { invoiceId, body, idempotencyKey, user } = request;
      const paymentId = paymentIdFor(invoiceId, idempotencyKey);
      const requestHash = paymentRequestHash(invoiceId, body.card);
      // A lost race re-reads and decides again; a few rounds settle it.
      for (let round = 0; round < 5; round++) {
        const invoice = await invoices.get(invoiceId);
        if (!invoice || !canAccess(user, invoice.ownerId)) throw appError('invoice-not-found');
        const now = new Date();
        const attempt = invoice.attempts?.[paymentId];
        if (attempt) {
          if (attempt.requestHash !== requestHash) throw appError('idempotency-key-reused');
          if (attempt.status === 'succeeded' && attempt.answer) return attempt.answer;
          if (attempt.status !== 'processing') throw appError(attempt.code ?? 'card-declined');
          if (leaseLive(invoice, now)) throw appError('payment-in-progress');
          if (invoice.status !== 'open') throw notPayable(invoice);
          // Its process died or gave up after the claim: run it again under the same payment id.
          const reclaimed = await invoices.reclaim(invoiceId, paymentId, leaseUntil(now), now);
          if (!reclaimed) continue;
          log.info({ invoiceId, paymentId }, 'resuming a payment whose lease had lapsed');
          return run(reclaimed, attempt, request);
        }
        if (invoice.status !== 'open') throw notPayable(invoice);
        if (leaseLive(invoice, now)) throw appError('payment-in-progress');
        const fresh: AttemptRecord = {
          key: idempotencyKey,
          requestHash,
          paymentId,
          status: 'processing',
          card: cardSummary(body.card.number),
          startedAt: now,
          at: now,
        };
        const claimed = await invoices.claim(invoiceId, fresh, leaseUntil(now), now);
        if (!claimed) continue;
        return run(claimed, fresh, request);
      }
      throw appError('payment-in-progress');
    },
  };
}
