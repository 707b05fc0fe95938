// The itinerary's business counters on its own /metrics: a room added, a checkout, a confirmation and a
// cancellation, each counted once, whatever the repeats (the same request again, a redelivered event).
import type { Itinerary } from '@travelclub/contracts';
import { readMetric } from '@travelclub/kit/testing';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addHotelBody, expectError, itineraryUrl, useWorld } from '../helpers.js';

const world = useWorld();
const { call } = world;
const figure = (name: string) => readMetric(world.app, name);

describe('the itinerary’s counters', () => {
  it('counts a room added once, also when the same request comes again', async () => {
    const me = await world.traveller();
    const itinerary = await world.createItinerary(me);
    const offer = await world.findOffer();
    const before = await figure('travelclub_cart_adds_total');
    const added = await call('POST', itineraryUrl(itinerary.id, 'addHotel'), me, addHotelBody(offer));
    expect(added.statusCode).toBe(200);
    expect(await figure('travelclub_cart_adds_total')).toBe(before + 1);
    // The same room into the same line again: its hold is already in, nothing changes.
    const lineItemId = added.json<Itinerary>().lineItems[0]!.identity;
    const again = await call('POST', itineraryUrl(itinerary.id, 'addHotel'), me, addHotelBody(offer, { lineItemId }));
    expect(again.statusCode).toBe(200);
    expect(again.json<Itinerary>().lineItems[0]!.hotelBooking.rooms).toHaveLength(1);
    expect(await figure('travelclub_cart_adds_total')).toBe(before + 1);
  });

  it('counts a checkout once, also when it is asked for again', async () => {
    const before = await figure('travelclub_checkouts_total');
    const { me, pending } = await world.newPendingCart();
    expect(await figure('travelclub_checkouts_total')).toBe(before + 1);
    const again = await call('POST', itineraryUrl(pending.id, 'createInvoice'), me);
    expect(again.json<Itinerary>().status).toBe('pending_payment');
    expect(await figure('travelclub_checkouts_total')).toBe(before + 1);
  });

  it('counts a confirmation once whatever the redeliveries, and a cancellation once', async () => {
    const { me, pending } = await world.newPendingCart();
    const confirmed = await figure('travelclub_itineraries_confirmed_total');
    const cancelled = await figure('travelclub_itineraries_cancelled_total');
    const paid = {
      invoiceId: pending.invoiceId!,
      itineraryId: pending.id,
      userId: me.id,
      paymentId: `pay_${randomUUID()}`,
      amount: pending.total,
      paidAt: new Date().toISOString(),
    };
    const event = await world.publish('billing.invoice.paid', pending.invoiceId!, paid);
    await world.publish('billing.invoice.paid', pending.invoiceId!, paid, event); // the same, redelivered
    await world.publish('billing.invoice.paid', pending.invoiceId!, paid); // a second event of it
    await world.eventsAbout(pending.id, 'itinerary.confirmed', 1, 1_500);
    expect(await figure('travelclub_itineraries_confirmed_total')).toBe(confirmed + 1);

    expect((await call('PUT', itineraryUrl(pending.id, 'cancel'), me)).statusCode).toBe(200);
    expectError(await call('PUT', itineraryUrl(pending.id, 'cancel'), me), 'itinerary-not-cancellable');
    expect(await figure('travelclub_itineraries_cancelled_total')).toBe(cancelled + 1);
  });
});
