// What billing does on other services' events, against the real servers: refunds once per invoice (minus the
// cancellation charge in force, or everything when the booking failed), voids open invoices.
import { describe, expect, it } from 'vitest';
import { cancelled, expectError, instantInDays, useBilling, type Caller } from '../helpers.js';

const world = useBilling({}, { events: true });

const statusOf = async (user: Caller, id: string) => (await world.getInvoice(user, id)).status;
const refundsOf = (invoiceId: string) =>
  world.app.mongo
    .collection('sandbox_refunds')
    .find({ _id: `refund:${invoiceId}` as never })
    .toArray();

describe('itinerary.cancelled', () => {
  it('refunds everything before the cancellation charges start, once even when the event comes twice', async () => {
    const user = await world.traveller();
    const invoice = await world.paidInvoice(user, {
      amounts: [100_00, 50_00],
      charges: [{ from: instantInDays(7), amount: 30_00 }],
    });
    const event = await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user));
    await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user), event); // redelivery
    await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user)); // a second event
    await expect.poll(() => statusOf(user, invoice.id), { timeout: 20_000 }).toBe('refunded');

    const issued = await world.events.wait('billing.refund.issued', invoice.id, 1, 2_000);
    expect(issued).toHaveLength(1);
    const refunded = await world.getInvoice(user, invoice.id);
    expect(issued[0]!.payload).toEqual({
      refundId: refunded.refund!.id,
      invoiceId: invoice.id,
      itineraryId: invoice.itineraryId,
      userId: user.id,
      amount: { amount: 150_00, currency: 'USD' },
      charge: { amount: 0, currency: 'USD' },
      reason: 'cancelled',
    });
    expect(refunded.refund!.amount).toEqual({ amount: 150_00, currency: 'USD' });
    expect(await refundsOf(invoice.id)).toHaveLength(1);
  });

  it('keeps the charge in force at the cancellation instant and refunds the rest', async () => {
    const user = await world.traveller();
    // Two lines, each charging 30.00 from yesterday on: 60.00 of 150.00 is kept.
    const invoice = await world.paidInvoice(user, {
      amounts: [100_00, 50_00],
      charges: [{ from: instantInDays(-1), amount: 30_00 }],
    });
    await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user));
    const [issued] = await world.events.wait('billing.refund.issued', invoice.id);
    expect(issued!.payload).toMatchObject({
      amount: { amount: 90_00, currency: 'USD' },
      charge: { amount: 60_00, currency: 'USD' },
      reason: 'cancelled',
    });
    expect((await world.getInvoice(user, invoice.id)).refund?.amount.amount).toBe(90_00);
  });

  it('refunds everything when the cancellation was forced by a failed booking', async () => {
    const user = await world.traveller();
    const invoice = await world.paidInvoice(user, { charges: [{ from: instantInDays(-1), amount: 120_00 }] });
    await world.publish(
      'itinerary.cancelled',
      invoice.itineraryId,
      cancelled(invoice, user, { reason: 'booking-failed' }),
    );
    const [issued] = await world.events.wait('billing.refund.issued', invoice.id);
    expect(issued!.payload).toMatchObject({
      amount: { amount: 120_00 },
      charge: { amount: 0 },
      reason: 'booking-failed',
    });
  });

  it('finds the itinerary’s paid invoice when the event names none', async () => {
    const user = await world.traveller();
    const invoice = await world.paidInvoice(user);
    await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user, { withInvoiceId: false }));
    await expect.poll(() => statusOf(user, invoice.id), { timeout: 20_000 }).toBe('refunded');
  });

  it('refunds the paid invoice, with its own terms, when the event names a newer one, and voids that one', async () => {
    const user = await world.traveller();
    const paid = await world.paidInvoice(user, { amounts: [100_00] });
    // The itinerary went on to a newer revision (a charge was recorded after its cart changed): its invoice
    // is open, and its terms would keep everything.
    const newer = await world.createInvoice(user, {
      itineraryId: paid.itineraryId,
      revision: 1,
      amounts: [80_00],
      charges: [{ from: instantInDays(-1), amount: 80_00 }],
    });
    await world.publish('itinerary.cancelled', paid.itineraryId, cancelled(newer, user));
    await expect.poll(() => statusOf(user, paid.id), { timeout: 20_000 }).toBe('refunded');
    const [issued] = await world.events.wait('billing.refund.issued', paid.id);
    expect(issued!.payload).toMatchObject({
      invoiceId: paid.id,
      amount: { amount: 100_00, currency: 'USD' },
      charge: { amount: 0, currency: 'USD' },
    });
    expect(await refundsOf(paid.id)).toHaveLength(1);
    expect(await statusOf(user, newer.id)).toBe('void');
    expect(world.events.of('billing.refund.issued', newer.id)).toHaveLength(0);
  });

  it('voids an open invoice, which can then no longer be paid', async () => {
    const { user, invoice } = await world.openInvoice();
    await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user));
    await expect.poll(() => statusOf(user, invoice.id), { timeout: 20_000 }).toBe('void');
    expectError(await world.pay(user, invoice.id), 'invoice-void');
    expect(world.events.of('billing.refund.issued', invoice.id)).toHaveLength(0);
  });
});

describe('catalog.booking.failed', () => {
  it('refunds a paid invoice in full, once, also when the itinerary then cancels it', async () => {
    const user = await world.traveller();
    const invoice = await world.paidInvoice(user, { charges: [{ from: instantInDays(-1), amount: 50_00 }] });
    const failed = {
      holdId: invoice.lines[0]!.holdId,
      hotelId: invoice.lines[0]!.hotelId,
      roomType: 'double',
      itineraryId: invoice.itineraryId,
      invoiceId: invoice.id,
      reason: 'The hold lapsed before payment and the rooms are no longer free',
    };
    await world.publish('catalog.booking.failed', invoice.lines[0]!.holdId, failed);
    await expect.poll(() => statusOf(user, invoice.id), { timeout: 20_000 }).toBe('refunded');
    await world.publish(
      'itinerary.cancelled',
      invoice.itineraryId,
      cancelled(invoice, user, { reason: 'booking-failed' }),
    );
    const issued = await world.events.wait('billing.refund.issued', invoice.id, 1, 2_000);
    expect(issued).toHaveLength(1);
    expect(issued[0]!.payload).toMatchObject({
      amount: invoice.total,
      charge: { amount: 0 },
      reason: 'booking-failed',
    });
  });
});

describe('itinerary.expired', () => {
  it('voids the open invoice and leaves a paid one alone', async () => {
    const user = await world.traveller();
    const open = await world.createInvoice(user);
    const paid = await world.paidInvoice(user);
    await world.publish('itinerary.expired', open.itineraryId, {
      itineraryId: open.itineraryId,
      userId: user.id,
      invoiceId: open.id,
    });
    await world.publish('itinerary.expired', paid.itineraryId, {
      itineraryId: paid.itineraryId,
      userId: user.id,
    });
    await expect.poll(() => statusOf(user, open.id), { timeout: 20_000 }).toBe('void');
    expectError(await world.pay(user, open.id), 'invoice-void');
    // Give the second event time to be handled: it must not have changed anything.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await statusOf(user, paid.id)).toBe('paid');
  });
});
