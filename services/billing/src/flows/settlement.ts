// Settling a payment's outcome once, whoever learns it first: the request itself, its key retried after the
// lease, or the reconciliation job (docs/booking.md, "One payment at a time, and payments whose answer was
// lost"). A success is kept only by the payment that holds an open invoice; any other is refunded at once.
import type { ErrorCode, PaymentAnswer } from '@travelclub/contracts';
import { AppError, appError, newEvent, type CausalContext, type Logger } from '@travelclub/kit';
import type { ItineraryClient } from './clients/itinerary.js';
import { commissionOf, lastCheckOut } from './domain/money.js';
import type { ChargeLookup, ChargeResult, PaymentProvider } from './provider/provider.js';
import type { DeclineCounter } from './store/declines.js';
import type { AttemptRecord, InvoiceDocument, InvoiceStore } from './store/invoices.js';

/**
 * What reconciliation did with one invoice's unsettled payment. `failed`: it could not be settled this time
 * (a write or a refund failed) and stays unsettled for the next run.
 */
export type Settlement =
  'paid' | 'declined' | 'refunded' | 'dropped' | 'pending' | 'released' | 'unreachable' | 'failed';

/** Why an invoice that is not open cannot be paid. */
export function notPayable(invoice: Pick<InvoiceDocument, 'status' | 'voidReason'>): AppError {
  if (invoice.status === 'void')
    return appError(invoice.voidReason === 'outdated' ? 'invoice-outdated' : 'invoice-void');
  return appError('invoice-already-paid');
}

const declineCode = (charge: ChargeResult): ErrorCode =>
  charge.outcome === 'declined' ? 'card-declined' : 'insufficient-funds';

export interface PaymentSettlementDeps {
  invoices: InvoiceStore;
  provider: PaymentProvider;
  itinerary: ItineraryClient;
  declines: DeclineCounter;
  commissionRate: number;
  log: Logger;
}

export function paymentSettlement({
  invoices,
  provider,
  itinerary,
  declines,
  commissionRate,
  log,
}: PaymentSettlementDeps) {
  /**
   * Records what the provider did with a charge, once, whoever learns it first (the request, its key retried,
   * or the reconciliation job). A success is kept only by the payment that still holds an open invoice;
   * otherwise its money goes back at once.
   */
  async function settle(
    invoice: InvoiceDocument,
    attempt: AttemptRecord,
    charge: ChargeResult,
    ctx: CausalContext,
  ): Promise<PaymentAnswer> {
    const invoiceId = invoice._id;
    const { paymentId } = attempt;
    if (charge.outcome !== 'succeeded') {
      const code = declineCode(charge);
      const declined = await invoices.markDeclined(
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
            paymentId,
          },
          ctx,
        ),
      );
      if (declined)
        await declines
          .add(invoice.ownerId)
          .catch((err: unknown) => log.error({ err, invoiceId }, 'could not count a declined payment'));
      await itinerary.unlock(invoice.itineraryId, invoiceId, ctx, paymentId);
      throw appError(code);
    }

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
    return keepOrRefund(invoiceId, attempt, charge, ctx);
  }

  /**
   * The charge went through but did not make the invoice paid: the same payment was recorded meanwhile (its
   * key retried, or reconciliation), or the invoice was paid by another payment or can no longer be paid
   * (voided: the itinerary expired, was cancelled or changed). Only in those last cases is the money given
   * back, naming the invoice and the payment, and the itinerary told (`billing.payment.refunded`).
   */
  async function keepOrRefund(
    invoiceId: string,
    attempt: AttemptRecord,
    charge: ChargeResult,
    ctx: CausalContext,
  ): Promise<PaymentAnswer> {
    const { paymentId } = attempt;
    const current = await invoices.get(invoiceId);
    if (!current) throw new Error(`invoice ${invoiceId} vanished`);
    const recorded = current.attempts?.[paymentId];
    if (recorded?.status === 'succeeded' && recorded.answer) return recorded.answer;
    if (recorded?.status === 'refunded') throw appError(recorded.code ?? 'payment-refunded');
    const code: ErrorCode = current.status === 'open' ? 'payment-refunded' : notPayable(current).code;
    log.warn(
      { invoiceId, paymentId, invoiceStatus: current.status },
      'a charge arrived that its invoice can no longer take; refunding it',
    );
    const refund = await provider.refund({
      idempotencyKey: `orphan:${paymentId}`,
      chargeId: charge.chargeId,
      amount: charge.amount,
    });
    await invoices.markChargeRefunded(
      invoiceId,
      attempt,
      code,
      { id: refund.refundId, amount: refund.amount },
      newEvent(
        'billing.payment.refunded',
        invoiceId,
        {
          invoiceId,
          itineraryId: current.itineraryId,
          userId: current.ownerId,
          paymentId,
          refundId: refund.refundId,
          amount: refund.amount,
          reason: current.status === 'paid' || current.status === 'refunded' ? 'duplicate' : 'invoice-not-payable',
        },
        ctx,
      ),
    );
    throw appError(code);
  }

  /** One invoice whose payment is unsettled past its lease, settled from what the provider knows. */
  async function reconcileOne(invoice: InvoiceDocument, now: Date): Promise<Settlement> {
    const invoiceId = invoice._id;
    const paymentId = invoice.lease!.paymentId;
    const attempt = invoice.attempts?.[paymentId];
    if (!attempt || attempt.status !== 'processing') {
      await invoices.releaseSettledLease(invoiceId, paymentId);
      return 'released';
    }
    let found: ChargeLookup;
    try {
      found = await provider.lookup(paymentId);
    } catch (err) {
      log.warn({ err, invoiceId, paymentId }, 'reconciliation: the payment provider did not answer');
      return 'unreachable';
    }
    if (found.state === 'pending') return 'pending';
    if (found.state === 'not-found') {
      // Never charged, and its lease lapsed, so nobody is about to charge it: the invoice is free again.
      const dropped = await invoices.dropAttempt(invoiceId, paymentId, now);
      if (dropped) log.info({ invoiceId, paymentId }, 'reconciliation: a payment the provider never received dropped');
      return dropped ? 'dropped' : 'pending';
    }
    const ctx = { correlationId: `reconciliation:${paymentId}`, causationId: `reconciliation:${invoiceId}` };
    try {
      await settle(invoice, attempt, found.charge, ctx);
      log.info({ invoiceId, paymentId }, 'reconciliation: a payment whose answer was lost recorded as paid');
      return 'paid';
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const outcome = found.charge.outcome === 'succeeded' ? 'refunded' : 'declined';
      log.info({ invoiceId, paymentId, outcome, code: err.code }, 'reconciliation: a payment settled');
      return outcome;
    }
  }

  /**
   * The reconciliation job: every invoice (or only `invoiceId`) whose payment is unsettled past its lease
   * is settled from what the provider knows. Answers how many ended each way.
   */
  async function reconcile(
    now = new Date(),
    invoiceId?: string,
    limit = 100,
  ): Promise<Partial<Record<Settlement, number>>> {
    const candidates = invoiceId
      ? [await invoices.get(invoiceId)].filter(
          (doc): doc is InvoiceDocument => !!doc?.lease && new Date(doc.lease.until) <= now,
        )
      : await invoices.unsettled(now, limit);
    const tally: Partial<Record<Settlement, number>> = {};
    for (const invoice of candidates) {
      let outcome: Settlement;
      try {
        outcome = await reconcileOne(invoice, now);
      } catch (err) {
        // One payment that cannot be settled now must not hold back the others behind it (oldest first):
        // the charges waiting to be recorded as paid, or given back.
        log.error(
          { err, invoiceId: invoice._id, paymentId: invoice.lease?.paymentId },
          'reconciliation: could not settle a payment; it is tried again on the next run',
        );
        outcome = 'failed';
      }
      tally[outcome] = (tally[outcome] ?? 0) + 1;
    }
    return tally;
  }

  return { settle, reconcile };
}
