// The booking's trace for the support desk: the itinerary keeps the trace its checkout ran in, then that of the
// payment that paid it (billing.invoice.paid, whose handling continues the payment's trace, as its envelope
// names it), through every later change, and the support view shows it. Tracing is started for this file's process (vitest runs each file in a process of its own), as
// a part's server.ts starts it, with no exporter.
import type { SupportItineraryDetail } from '@travelclub/contracts';
import { newEvent, startTelemetry } from '@travelclub/kit';
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { guestDetails, itineraryUrl, useWorld, type Traveller } from '../helpers.js';

startTelemetry('itinerary', { OTEL_TRACES_EXPORTER: 'none' });

const world = useWorld();
const { call } = world;

/** A caller's trace: a `traceparent` the service's span continues, and its trace id. */
function callerTrace() {
  const traceId = randomBytes(16).toString('hex');
  return { traceId, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` };
}

const supportView = async (id: string) => {
  const staff = await world.traveller({ roles: ['role/support'] });
  const read = await call('GET', `/api/v1/support/itineraries/${id}`, staff);
  expect(read.statusCode).toBe(200);
  return read.json<SupportItineraryDetail>();
};

async function checkOut(me: Traveller, id: string, traceparent: string) {
  return world.app.inject({
    method: 'POST',
    url: itineraryUrl(id, 'createInvoice'),
    headers: { ...me.headers, traceparent },
  });
}

describe('the booking’s trace', () => {
  it('is the checkout’s, then the paying payment’s, kept through later changes, in the support view', async () => {
    const me = await world.traveller();
    const { itinerary } = await world.cartWithRoom(me);
    await call('POST', itineraryUrl(itinerary.id, 'setGuestDetails'), me, guestDetails(itinerary));
    // Not checked out yet: no trace to show.
    expect((await supportView(itinerary.id)).traceId).toBeUndefined();

    const checkout = callerTrace();
    const res = await checkOut(me, itinerary.id, checkout.traceparent);
    expect(res.statusCode).toBe(200);
    const invoiceId = res.json<{ invoiceId: string }>().invoiceId;
    expect((await supportView(itinerary.id)).traceId).toBe(checkout.traceId);

    // Billing's paid event, written in the payment's trace: its handling continues it.
    const payment = callerTrace();
    const paid = {
      invoiceId,
      itineraryId: itinerary.id,
      userId: me.id,
      paymentId: `pay_${randomUUID()}`,
      amount: itinerary.total,
      paidAt: new Date().toISOString(),
    };
    const inTrace = (traceparent: string) => ({
      ...newEvent('billing.invoice.paid', invoiceId, paid, { correlationId: randomUUID(), causationId: randomUUID() }),
      trace: { traceparent },
    });
    await world.publish('billing.invoice.paid', invoiceId, paid, inTrace(payment.traceparent));
    await world.eventsAbout(itinerary.id, 'itinerary.confirmed', 1);
    const confirmed = await supportView(itinerary.id);
    expect(confirmed.itinerary.status).toBe('confirmed');
    expect(confirmed.traceId).toBe(payment.traceId);

    // Another copy of the paid event, in another trace, confirms nothing more: the trace stays the payment's.
    const copy = await world.publish('billing.invoice.paid', invoiceId, paid, inTrace(callerTrace().traceparent));
    const handled = world.app.mongo.collection('processed_events');
    await expect.poll(() => handled.countDocuments({ eventId: copy.id }), { timeout: 20_000 }).toBe(1);
    expect((await supportView(itinerary.id)).traceId).toBe(payment.traceId);

    // A later change (here the cancellation, in a trace of its own) keeps it too.
    const cancelled = await world.app.inject({
      method: 'PUT',
      url: itineraryUrl(itinerary.id, 'cancel'),
      headers: { ...me.headers, traceparent: callerTrace().traceparent },
    });
    expect(cancelled.statusCode).toBe(200);
    const after = await supportView(itinerary.id);
    expect(after.itinerary.status).toBe('cancelled');
    expect(after.traceId).toBe(payment.traceId);
  });
});
