// What billing does on other services' events, against the real servers: refunds once per invoice what the
// itinerary says the cancellation gives back (never more than the payment has left; everything when the booking
// failed, and a paid invoice the event does not name whole), voids open invoices.
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
  it('refunds all of it when the event says so (before the charges start), once even when the event comes twice', async () => {
    const user = await world.traveller();
    // The event's refund is the whole 150.00 (the helper's default).
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

  it('gives back the refund the event carries, and the payment keeps the rest', async () => {
    const user = await world.traveller();
    // The itinerary worked out that cancelling now keeps 60.00 of 150.00. Billing does not apply the terms
    // itself: these would give everything back.
    const invoice = await world.paidInvoice(user, {
      amounts: [100_00, 50_00],
      charges: [{ from: instantInDays(7), amount: 30_00 }],
    });
    await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user, { refund: 90_00 }));
    const [issued] = await world.events.wait('billing.refund.issued', invoice.id);
    expect(issued!.payload).toMatchObject({
      amount: { amount: 90_00, currency: 'USD' },
      charge: { amount: 60_00, currency: 'USD' },
      reason: 'cancelled',
    });
    const refunded = await world.getInvoice(user, invoice.id);
    expect(refunded.status).toBe('refunded');
    expect(refunded.refund?.amount).toEqual({ amount: 90_00, currency: 'USD' });
    expect(await refundsOf(invoice.id)).toMatchObject([{ amount: { amount: 90_00, currency: 'USD' } }]);
  });

  it('dead-letters a refund in another currency than the payment, and gives back nothing for it', async () => {
    const user = await world.traveller();
    const invoice = await world.paidInvoice(user, { amounts: [150_00] });
    const broken = { ...cancelled(invoice, user), refund: { amount: 10_00, currency: 'EUR' } };
    await world.publish('itinerary.cancelled', invoice.itineraryId, broken);
    // The same itinerary's next event comes after it on its partition: once that one is handled, so was this.
    await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user, { refund: 90_00 }));
    const issued = await world.events.wait('billing.refund.issued', invoice.id, 1, 1_500);
    expect(issued.map((event) => event.payload.amount)).toEqual([{ amount: 90_00, currency: 'USD' }]);
    expect(await refundsOf(invoice.id)).toMatchObject([{ amount: { amount: 90_00, currency: 'USD' } }]);
  });

  it('gives back nothing when the event’s refund is nothing, and the payment keeps it all', async () => {
    const user = await world.traveller();
    // Terms that would give everything back: the event's word counts.
    const invoice = await world.paidInvoice(user, { amounts: [80_00] });
    await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user, { refund: 0 }));
    const [issued] = await world.events.wait('billing.refund.issued', invoice.id);
    expect(issued!.payload).toMatchObject({
      amount: { amount: 0, currency: 'USD' },
      charge: { amount: 80_00, currency: 'USD' },
      reason: 'cancelled',
    });
    // No money moved at the provider.
    expect(await refundsOf(invoice.id)).toHaveLength(0);
  });

  it('never gives back more than was paid, whatever the event says', async () => {
    const user = await world.traveller();
    const invoice = await world.paidInvoice(user, { amounts: [70_00] });
    await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user, { refund: 500_00 }));
    const [issued] = await world.events.wait('billing.refund.issued', invoice.id);
    expect(issued!.payload).toMatchObject({ amount: { amount: 70_00 }, charge: { amount: 0 } });
    expect(await refundsOf(invoice.id)).toMatchObject([{ amount: { amount: 70_00 } }]);
  });

  it('finds the itinerary’s paid invoice when the event names none', async () => {
    const user = await world.traveller();
    const invoice = await world.paidInvoice(user);
    await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user, { withInvoiceId: false }));
    await expect.poll(() => statusOf(user, invoice.id), { timeout: 20_000 }).toBe('refunded');
  });

  it('refunds a paid invoice the event does not name whole, and voids the open one it names', async () => {
    const user = await world.traveller();
    // Its own terms would keep 40.00: they are not applied either.
    const paid = await world.paidInvoice(user, {
      amounts: [100_00],
      charges: [{ from: instantInDays(-1), amount: 40_00 }],
    });
    // The itinerary went on to a newer revision (a charge was recorded after its cart changed): its invoice
    // is open, and the event's refund (nothing: it was never paid) is about that one.
    const newer = await world.createInvoice(user, {
      itineraryId: paid.itineraryId,
      revision: 1,
      amounts: [80_00],
      charges: [{ from: instantInDays(-1), amount: 80_00 }],
    });
    await world.publish('itinerary.cancelled', paid.itineraryId, cancelled(newer, user, { refund: 0 }));
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

describe('itinerary.cancelled after support staff’s refunds', () => {
  const staffRefund = async (invoiceId: string, amount: number) => {
    const desk = await world.traveller(['role/support']);
    const res = await world.app.inject({
      method: 'POST',
      url: `/api/v1/support/invoices/${invoiceId}/refunds`,
      headers: desk.headers,
      payload: { amount, reason: 'Goodwill' },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('caps the event’s refund at what staff refunds left of the payment', async () => {
    const user = await world.traveller();
    const invoice = await world.paidInvoice(user, { amounts: [150_00] });
    await staffRefund(invoice.id, 100_00);
    // The itinerary did not know of the goodwill: it says 90.00, and 50.00 is all that is left.
    await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user, { refund: 90_00 }));
    await expect.poll(() => statusOf(user, invoice.id), { timeout: 20_000 }).toBe('refunded');
    const issued = await world.events.wait('billing.refund.issued', invoice.id, 2, 1_000);
    expect(issued.map((e) => [e.payload.reason, (e.payload.amount as { amount: number }).amount])).toEqual([
      ['goodwill', 100_00],
      ['cancelled', 50_00],
    ]);
    expect(issued[1]!.payload).toMatchObject({ charge: { amount: 0 } });
    const after = await world.getInvoice(user, invoice.id);
    expect(after.refund?.amount).toEqual({ amount: 50_00, currency: 'USD' });
    expect(after.refunded).toEqual({ amount: 150_00, currency: 'USD' });
    expect(await refundsOf(invoice.id)).toMatchObject([{ amount: { amount: 50_00 } }]);
  });

  it('gives back the event’s refund when staff refunds left more than it', async () => {
    const user = await world.traveller();
    const invoice = await world.paidInvoice(user, { amounts: [150_00] });
    await staffRefund(invoice.id, 20_00);
    // The itinerary knew of it and says 70.00: 60.00 stays with the payment.
    await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user, { refund: 70_00 }));
    const issued = await world.events.wait('billing.refund.issued', invoice.id, 2, 1_000);
    expect(issued[1]!.payload).toMatchObject({
      reason: 'cancelled',
      amount: { amount: 70_00 },
      charge: { amount: 60_00 },
    });
  });

  it('gives back everything left when the booking failed, whatever the event’s refund', async () => {
    const user = await world.traveller();
    const invoice = await world.paidInvoice(user, { amounts: [150_00] });
    await staffRefund(invoice.id, 40_00);
    await world.publish(
      'itinerary.cancelled',
      invoice.itineraryId,
      cancelled(invoice, user, { reason: 'booking-failed', refund: 0 }),
    );
    const issued = await world.events.wait('billing.refund.issued', invoice.id, 2, 1_000);
    expect(issued[1]!.payload).toMatchObject({
      reason: 'booking-failed',
      amount: { amount: 110_00 },
      charge: { amount: 0 },
    });
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
