// Billing's business figures (docs/observability.md, "Business counters"). The counters are on the process's
// registry that every service's /metrics serves, and the flows count each only after the invoice's conditional
// update says it changed something: a key retried, a redelivered event, the reconciliation job and the request
// racing to settle one payment, each counts once. Amounts are in minor units, by currency.
import type { Money } from '@travelclub/contracts';
import { businessCounter, cachedGauge, type ServiceApp } from '@travelclub/kit';
import type { InvoiceStore } from './store/invoices.js';

/**
 * Payments by how they ended: `succeeded` (the invoice paid), `declined` (the card refused), `failed` (no charge
 * kept otherwise: refused for good (its lease would outlive a hold), or a charge its invoice could no longer take went
 * back). A payment dropped to be tried again, or whose outcome is not known yet, has not ended.
 */
export const payments = businessCounter({
  name: 'travelclub_payments_total',
  help: 'Card payments that ended, by outcome: succeeded, declined (by the card), failed (refused or given back)',
  labelNames: ['outcome'] as const,
});

/** Refunds of paid invoices that gave money back: a cancellation's, and support staff's. */
export const refunds = businessCounter({
  name: 'travelclub_refunds_total',
  help: "Refunds of paid invoices issued with money back (a cancellation's, support staff's)",
});

export const refundedMinorUnits = businessCounter({
  name: 'travelclub_refunded_minor_units_total',
  help: 'Money given back by those refunds, in minor units, by currency',
  labelNames: ['currency'] as const,
});

/**
 * A refund just issued, once (its update found it still reserved). One that gives nothing back (a cancellation
 * whose charge is the whole payment) is not a refund to count.
 */
export function countRefund(amount: Money): void {
  if (amount.amount <= 0) return;
  refunds.inc();
  refundedMinorUnits.inc({ currency: amount.currency }, amount.amount);
}

/** Commissions credited to creators, when the invoice they earn on is paid (reversals are not taken off). */
export const commissions = businessCounter({
  name: 'travelclub_commissions_total',
  help: 'Commissions credited to creators by paid invoices',
});

export const commissionMinorUnits = businessCounter({
  name: 'travelclub_commission_minor_units_total',
  help: 'Commission credited to creators by paid invoices, in minor units, by currency',
  labelNames: ['currency'] as const,
});

/**
 * `travelclub_payments_awaiting_reconciliation`: payments unsettled past their lease (their outcome lost to a
 * crash or a time-out), read from the invoices when scraped. It stays up while the reconciliation job cannot
 * settle them (the provider away, a refund failing).
 */
export function measureAwaitingReconciliation(app: ServiceApp, store: InvoiceStore): void {
  cachedGauge(
    app.metrics,
    {
      name: 'travelclub_payments_awaiting_reconciliation',
      help: 'Payments unsettled past their lease, waiting for the reconciliation job',
    },
    async () => [{ labels: {}, value: await store.awaitingReconciliation(new Date()) }],
  );
}
