// One booking, one trace: a traveller whose calls carry one trace id (as the web app's pages send theirs)
// books a room through the gateway with every part exporting over OTLP/HTTP to a receiver of this test's. The
// trace holds the gateway's spans, the itinerary's, the catalog's hold, billing's payment, the Kafka publish of
// billing.invoice.paid, the itinerary's handling of it and the confirmation mail's job (docs/observability.md).
import { randomBytes } from 'node:crypto';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@travelclub/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allConfirmed, payUntilPaid, pendingBookings, usePlatform } from './bookings.js';

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

let receiver: OtlpReceiver;
const options = { env: {} as Record<string, string> };
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  // Every trace sampled here; spans sent within a fifth of a second of their end.
  Object.assign(options.env, {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_TRACES_SAMPLER_ARG: '1',
    OTEL_BSP_SCHEDULE_DELAY: '200',
    TRACE_MONGODB_COMMANDS: 'true',
  });
});
afterAll(() => receiver?.stop());
const platform = usePlatform(options);

type Want = Partial<ReceivedSpan> & { like?: RegExp };
const matches = (span: ReceivedSpan, { like, ...want }: Want) =>
  (!like || like.test(span.name)) &&
  Object.entries(want).every(([key, value]) => span[key as keyof ReceivedSpan] === value);

/** The spans of the trace once every wanted span is in it (they arrive in batches, part by part). */
async function traceWith(traceId: string, wanted: Record<string, Want>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const spans = receiver.trace(traceId);
    const missing = Object.keys(wanted).filter((what) => !spans.some((s) => matches(s, wanted[what]!)));
    if (missing.length === 0 || Date.now() > deadline) return { spans, missing };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('a booking reads as one trace', () => {
  it('from the add to cart and its hold through the payment, billing.invoice.paid and the confirmation to the mail job', async () => {
    const traceId = randomBytes(16).toString('hex');
    const began = Date.now();
    const [booking] = await pendingBookings(platform.stack, 1, (traveller) => (traveller.traceId = traceId));
    await payUntilPaid(booking!);
    await allConfirmed([booking!]);

    const { spans, missing } = await traceWith(traceId, {
      'the gateway': { service: 'gateway', kind: SERVER },
      'the add to cart': { service: 'itinerary', kind: SERVER, like: /addHotel$/ },
      // The hold is the catalog's answer to the itinerary's call, inside the add to cart.
      'the hold in the catalog': { service: 'catalog', kind: SERVER, like: /hold/i },
      'the payment': { service: 'billing', kind: SERVER, like: /^POST .*pay/i },
      'the publish of billing.invoice.paid': {
        service: 'billing',
        kind: PRODUCER,
        name: 'publish billing.invoice.paid',
      },
      "the itinerary's confirmation": { service: 'itinerary', kind: CONSUMER, name: 'process billing.invoice.paid' },
      "the confirmation mail's job": { service: 'notifications', kind: CONSUMER, name: 'job emails' },
      "the itinerary's MongoDB commands": { service: 'itinerary', kind: CLIENT, like: /^mongodb / },
      "the catalog's Redis commands (the hold's expiry job)": { service: 'catalog', kind: CLIENT, like: /^redis / },
    });
    const seen = spans.map((s) => `${s.service}: ${s.name}`).join('\n');
    expect(missing, `spans of the trace:\n${seen}`).toEqual([]);

    // Every span's parent is in the trace, but the first hops' (the gateway's, whose parent is the client's):
    // nothing on the way started a trace of its own or lost its parent.
    const ids = new Set(spans.map((s) => s.spanId));
    const orphans = spans.filter((s) => s.parentSpanId && !ids.has(s.parentSpanId));
    expect(orphans.filter((s) => !(s.service === 'gateway' && s.kind === SERVER))).toEqual([]);
    expect(spans.filter((s) => s.status === 2).map((s) => `${s.service}: ${s.name}`)).toEqual([]);

    // Each span comes with its times (bench:confirm-path orders a booking's steps by them): within the test,
    // never ending before it began, and the itinerary handles billing.invoice.paid after billing published it.
    const ended = Date.now();
    expect(spans.filter((s) => !(s.start >= began && s.start <= s.end && s.end <= ended))).toEqual([]);
    const published = spans.find((s) => s.kind === PRODUCER && s.name === 'publish billing.invoice.paid')!;
    const handled = spans.find((s) => s.service === 'itinerary' && s.name === 'process billing.invoice.paid')!;
    expect(handled.start).toBeGreaterThanOrEqual(published.start);
  }, 180_000);
});
