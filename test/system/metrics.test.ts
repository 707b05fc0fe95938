// Every part's /metrics, read with a Prometheus text-format parser: the figures are there, in the format, and
// they move with what happens: a booking, a declined card and a refund (docs/observability.md). The gateway's
// public port refuses /metrics.
import type { AvailabilityAnswer, Invoice, Itinerary } from '@travelclub/contracts';
import { parsePrometheusText, sumOf, type MetricFamily } from '@travelclub/kit/testing';
import { cards, eventually, Traveller, type PartName, type Stay } from '@travelclub/testing';
import { describe, expect, it, vi } from 'vitest';
import { allConfirmed, payUntilPaid, pendingBookings, usePlatform } from './bookings.js';

const platform = usePlatform();

async function scrape(part: PartName): Promise<MetricFamily[]> {
  const res = await fetch(platform.stack.metrics[part]);
  expect(res.status, `${part} /metrics`).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
}

const familyOf = (families: MetricFamily[], name: string) => families.find((f) => f.name === name);

/** The cheapest room whose rate cancels for free (its refund is the whole price). */
function freeCancellation(answer: AvailabilityAnswer, searchId: string): Stay {
  for (const roomType of answer.roomTypes) {
    const rate = roomType.roomsLeft > 0 && roomType.rooms.find((r) => r.tags.includes('Free Cancellation'));
    if (rate) {
      const cheapest = Traveller.cheapest({ ...answer, roomTypes: [{ ...roomType, rooms: [rate] }] }, searchId);
      return cheapest;
    }
  }
  throw new Error(`no free-cancellation rate at ${answer.hotelId}`);
}

const SERVICES: PartName[] = ['auth', 'notifications', 'catalog', 'itinerary', 'billing', 'creator', 'assistant'];

describe('metrics', () => {
  it('every part serves them in the text format; the gateway only on its metrics port', async () => {
    for (const part of [...SERVICES, 'gateway'] as PartName[]) {
      const families = await scrape(part);
      const http = familyOf(families, 'http_server_request_duration_seconds');
      expect(http?.type, part).toBe('histogram');
      // Buckets from 5 ms to 2.5 s.
      const buckets = http!.samples
        .filter((x) => x.name.endsWith('_bucket'))
        .map((x) => Number(x.labels.le))
        .filter(Number.isFinite);
      expect(Math.min(...buckets)).toBe(0.005);
      expect(Math.max(...buckets)).toBe(2.5);
      for (const name of [
        'nodejs_eventloop_lag_p99_seconds',
        'nodejs_heap_size_used_bytes',
        'nodejs_gc_duration_seconds',
      ])
        expect(familyOf(families, name), `${part} ${name}`).toBeDefined();
      if (part === 'gateway') continue;
      expect(familyOf(families, 'mongodb_pool_connections'), part).toBeDefined();
      // Every service but notifications writes events.
      if (part === 'notifications') continue;
      for (const name of ['outbox_backlog_events', 'outbox_oldest_event_age_seconds'])
        expect(familyOf(families, name), `${part} ${name}`).toBeDefined();
    }
    // Consumers report their lag, queue users their jobs, and every consumed topic its dead letters.
    const itinerary = await scrape('itinerary');
    expect(familyOf(itinerary, 'kafka_consumer_lag')?.samples.length).toBeGreaterThan(0);
    expect(familyOf(itinerary, 'dead_letters')?.samples.some((x) => x.labels.topic?.endsWith('.dlq'))).toBe(true);
    const notifications = await scrape('notifications');
    expect(familyOf(notifications, 'bullmq_jobs')?.samples.map((x) => x.labels.state)).toEqual(
      expect.arrayContaining(['waiting', 'active', 'delayed', 'failed']),
    );

    const publicAnswer = await fetch(`${platform.stack.gateway}/metrics`);
    expect(publicAnswer.status).toBe(404);
    expect(await publicAnswer.text()).not.toMatch(/http_server_request_duration_seconds|nodejs_/);
  }, 60_000);

  it('move after a booking, a declined card and a refund', async () => {
    const before = {
      itinerary: await scrape('itinerary'),
      billing: await scrape('billing'),
      gateway: await scrape('gateway'),
    };
    // A rate with free cancellation, so the cancellation refunds money.
    const [booking] = await pendingBookings(platform.stack, 1, undefined, freeCancellation);
    const { traveller, invoiceId, itineraryId } = booking!;
    const declined = await traveller.pay(invoiceId, cards.declined);
    expect(declined.status).toBe(402);
    await payUntilPaid(booking!);
    await allConfirmed([booking!]);
    const cancelled = await traveller.call<Itinerary>('PUT', `/api/v1/itinerary/${itineraryId}/cancel`, {});
    expect(cancelled.body.status).toBe('cancelled');
    const refund = (await eventually(
      async () => (await traveller.invoice(invoiceId)).body.refund,
      60_000,
    )) as NonNullable<Invoice['refund']>;

    const paidRoute = { method: 'POST', route: '/api/v1/invoice/:id/payment' };
    // Counters are read at once; the gauges read when scraped are not what is checked here.
    await vi.waitFor(
      async () => {
        const itinerary = await scrape('itinerary');
        const billing = await scrape('billing');
        const gateway = await scrape('gateway');
        const moved = (families: MetricFamily[], was: MetricFamily[], name: string, labels = {}) =>
          sumOf(families, name, labels) - sumOf(was, name, labels);
        const answers = (families: MetricFamily[], was: MetricFamily[], labels: Record<string, string>) =>
          moved(families, was, 'http_server_request_duration_seconds_count', labels);
        expect({
          cartAdds: moved(itinerary, before.itinerary, 'travelclub_cart_adds_total'),
          checkouts: moved(itinerary, before.itinerary, 'travelclub_checkouts_total'),
          confirmed: moved(itinerary, before.itinerary, 'travelclub_itineraries_confirmed_total'),
          cancelled: moved(itinerary, before.itinerary, 'travelclub_itineraries_cancelled_total'),
          declined: moved(billing, before.billing, 'travelclub_payments_total', { outcome: 'declined' }),
          succeeded: moved(billing, before.billing, 'travelclub_payments_total', { outcome: 'succeeded' }),
          refunds: moved(billing, before.billing, 'travelclub_refunds_total'),
          refunded: moved(billing, before.billing, 'travelclub_refunded_minor_units_total', {
            currency: refund.amount.currency,
          }),
          // The payment route's answers by its template: the declined one (402), and the gateway's by service.
          declinedAnswers: answers(billing, before.billing, { ...paidRoute, status_code: '402' }),
          gatewayDeclinedAnswers: answers(gateway, before.gateway, { route: 'service:billing', status_code: '402' }),
        }).toEqual({
          cartAdds: 1,
          checkouts: 1,
          confirmed: 1,
          cancelled: 1,
          declined: 1,
          succeeded: 1,
          refunds: 1,
          refunded: booking!.stay.price.amount,
          declinedAnswers: 1,
          gatewayDeclinedAnswers: 1,
        });
        // The paid event's handling by the itinerary, and the confirmation mail's job, timed.
        expect(
          moved(itinerary, before.itinerary, 'kafka_consumer_handling_duration_seconds_count', {
            event_type: 'billing.invoice.paid',
            outcome: 'handled',
          }),
        ).toBeGreaterThanOrEqual(1);
        // The paid answer (a retry on 409 or 503 may add more).
        expect(answers(billing, before.billing, { ...paidRoute, status_code: '200' })).toBeGreaterThanOrEqual(1);
      },
      { timeout: 30_000, interval: 500 },
    );
    // The mails of the booking went out through the notifications' queue, each attempt timed.
    await vi.waitFor(
      async () =>
        expect(
          sumOf(await scrape('notifications'), 'bullmq_job_duration_seconds_count', {
            queue: 'emails',
            outcome: 'completed',
          }),
        ).toBeGreaterThanOrEqual(1),
      { timeout: 30_000, interval: 500 },
    );
  }, 180_000);
});
