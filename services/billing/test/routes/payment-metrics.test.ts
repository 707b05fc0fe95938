// Billing's business figures on its own /metrics: each payment counted once by how it ended (its key retried
// counts nothing), the commission it credits, a refund once whatever the redeliveries, and the payments left
// unsettled past their lease.
import { readMetric } from '@travelclub/kit/testing';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commissionOf } from '../../src/domain/money.js';
import { cancelled, expectError, instantIn, SANDBOX_CARDS, useBilling, validCard } from '../helpers.js';

// The schedule never runs during the file: the unsettled payment below stays for the gauge to see.
const world = useBilling({ RECONCILE_EVERY_S: '3600' }, { events: true });
const figure = (name: string, labels: Record<string, string> = {}) => readMetric(world.app, name, labels);
const payments = (outcome: string) => figure('travelclub_payments_total', { outcome });

describe('travelclub_payments_total', () => {
  it('counts a payment that succeeded once, and its commission, however often its key is retried', async () => {
    const before = {
      succeeded: await payments('succeeded'),
      commissions: await figure('travelclub_commissions_total'),
      units: await figure('travelclub_commission_minor_units_total', { currency: 'EUR' }),
    };
    const { user, invoice } = await world.openInvoice({ amounts: [200_00], currency: 'EUR', creator: 'ana-travels' });
    const key = randomUUID();
    expect((await world.pay(user, invoice.id, validCard(), key)).statusCode).toBe(200);
    expect((await world.pay(user, invoice.id, validCard(), key)).statusCode).toBe(200);
    expect(await payments('succeeded')).toBe(before.succeeded + 1);
    expect(await figure('travelclub_commissions_total')).toBe(before.commissions + 1);
    const commission = commissionOf(invoice.total, world.app.billing.config.COMMISSION_RATE).amount;
    expect(commission).toBeGreaterThan(0);
    expect(await figure('travelclub_commission_minor_units_total', { currency: 'EUR' })).toBe(
      before.units + commission,
    );
  });

  it('counts a declined card once, however often its key is retried', async () => {
    const before = await payments('declined');
    const { user, invoice } = await world.openInvoice();
    const key = randomUUID();
    const card = validCard(SANDBOX_CARDS.declined);
    expectError(await world.pay(user, invoice.id, card, key), 'card-declined');
    expectError(await world.pay(user, invoice.id, card, key), 'card-declined');
    expect(await payments('declined')).toBe(before + 1);
  });

  it('counts a payment refused for the cart’s holds as failed once, and one refused while another runs not at all', async () => {
    const before = await payments('failed');
    // Another payment holds this invoice (for an hour: it never lapses during the file).
    const busy = await world.openInvoice();
    await world.leaveUnsettledAttempt(busy.invoice, randomUUID(), validCard(), {
      leaseUntil: new Date(Date.now() + 3_600_000),
    });
    try {
      expectError(await world.pay(busy.user, busy.invoice.id), 'payment-in-progress');
      expect(await payments('failed')).toBe(before);
    } finally {
      await world.app.billing.store.collection.updateOne({ _id: busy.invoice.id }, { $set: { lease: null } });
    }

    // The first hold lapses before a lease would end: refused for good.
    const { user, invoice } = await world.openInvoice({ holdsUntil: instantIn(10_000) });
    const key = randomUUID();
    expectError(await world.pay(user, invoice.id, validCard(), key), 'hold-expired');
    expectError(await world.pay(user, invoice.id, validCard(), key), 'hold-expired');
    expect(await payments('failed')).toBe(before + 1);
    expect(await world.chargesOf(invoice.id)).toHaveLength(0);
  });
});

describe('travelclub_refunds_total', () => {
  it('counts a cancellation’s refund and its amount once, whatever the redeliveries', async () => {
    const before = {
      refunds: await figure('travelclub_refunds_total'),
      units: await figure('travelclub_refunded_minor_units_total', { currency: 'GBP' }),
    };
    const user = await world.traveller();
    const invoice = await world.paidInvoice(user, { amounts: [150_00], currency: 'GBP' });
    const event = await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user));
    await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user), event); // redelivered
    await world.events.wait('billing.refund.issued', invoice.id, 1, 1_500);
    expect(await figure('travelclub_refunds_total')).toBe(before.refunds + 1);
    expect(await figure('travelclub_refunded_minor_units_total', { currency: 'GBP' })).toBe(before.units + 150_00);
  });
});

describe('travelclub_payments_awaiting_reconciliation', () => {
  it('counts a payment left unsettled past its lease', async () => {
    const before = await figure('travelclub_payments_awaiting_reconciliation');
    const { invoice } = await world.openInvoice();
    await world.leaveUnsettledAttempt(invoice, randomUUID(), validCard(), { leaseUntil: new Date(Date.now() - 1_000) });
    // Read when scraped, at most every 5 s.
    await expect
      .poll(() => figure('travelclub_payments_awaiting_reconciliation'), { timeout: 8_000, interval: 500 })
      .toBe(before + 1);
  });
});
