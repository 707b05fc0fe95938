// Where a paid itinerary's confirmation waits. Every part traced at 100 % to a receiver that keeps the spans
// (@travelclub/testing's startOtlpReceiver); `--concurrency` travellers each book one after another for
// `--seconds`, the payment's request in a trace of the bench's own. For each booking it takes, from the
// payment's answer: when billing's relay published `billing.invoice.paid`, when the itinerary's consumer began
// and ended handling it, and the itinerary's `confirmedAt`. For the slowest, it prints the whole trace and what
// else the itinerary was handling (requests to its server, events to its consumer) while that event waited; then
// what each booking asked of MongoDB, Redis and the consumers, part by part. Tracing everything slows every
// part, so the times are longer than bench:booking's (tracing off); where the wait is, is what this is for.
// Usage: npm run bench:confirm-path [-- --concurrency 3 --seconds 20 --hotels 2000 --slowest 4]
import { randomBytes, randomUUID } from 'node:crypto';
import { cards, startOtlpReceiver, startStack, Traveller, type ReceivedSpan, type Stay } from '@travelclub/testing';
import { roomSupply } from './rooms.js';
import { benchOptions, stackInfra, stopAndDrop } from './setup.js';
import { tracingEnv } from './tracing.js';
import { ascending, percentile } from './stats.js';

const { concurrency, seconds, hotels, slowest } = benchOptions({
  concurrency: 3,
  seconds: 20,
  hotels: 2000,
  slowest: 4,
});
const { infra, catcher } = await stackInfra(200);
const receiver = await startOtlpReceiver();
// MongoDB's commands too: the handlers' time is mostly theirs.
const env = { LOG_LEVEL: 'warn', TRACE_MONGODB_COMMANDS: 'true', ...tracingEnv(1, receiver.url) };
const stack = await startStack(infra, { hotels, env });

interface Booking {
  traceId: string;
  /** When the payment's answer came, and the itinerary's confirmedAt (ms since the epoch, this machine's clock). */
  paidAt: number;
  confirmedAt: number;
}

/** Books `stay`, the payment in a trace of its own; answers when it was paid and confirmed. */
async function book(stay: Stay): Promise<Booking> {
  const traveller = await new Traveller(stack.gateway).visit();
  const pending = await traveller.checkout(stay, `${randomUUID()}@bench.test`);
  const traceId = randomBytes(16).toString('hex');
  traveller.traceId = traceId;
  const paid = await traveller.pay(pending.invoiceId!, cards.good);
  const paidAt = Date.now();
  traveller.traceId = undefined;
  if (paid.status !== 200) throw new Error(`payment answered ${paid.status}: ${JSON.stringify(paid.body)}`);
  for (const deadline = paidAt + 30_000; Date.now() < deadline;) {
    const res = await traveller.itinerary(pending.id);
    if (res.body.status === 'confirmed') return { traceId, paidAt, confirmedAt: Date.parse(res.body.confirmedAt!) };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${pending.id} not confirmed after 30 s`);
}

const bookings: Booking[] = [];
let failed = 0;
try {
  const supply = await roomSupply(stack.gateway, 50 * seconds);
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until && supply.length) {
        try {
          bookings.push(await book(supply.pop()!));
        } catch (err) {
          if (++failed <= 3) console.error(`booking failed: ${(err as Error).message}`);
        }
      }
    }),
  );
} finally {
  // Stopped parts have sent the spans they held; their databases go.
  await stopAndDrop(stack, infra.mongoUrl);
  await catcher.close();
  await receiver.stop();
}

const PAID = 'billing.invoice.paid';
/** OTLP's span kinds. */
const SERVER = 2;
const PRODUCER = 4;
const CONSUMER = 5;
const steps = bookings.map((b) => {
  const spans = receiver.trace(b.traceId);
  const published = spans.find((s) => s.service === 'billing' && s.kind === PRODUCER && s.name.includes(PAID));
  const handled = spans.find((s) => s.service === 'itinerary' && s.kind === CONSUMER && s.name.includes(PAID));
  return { b, spans, published, handled };
});
/** How long after the payment's answer each booking reached a point, ascending. */
const after = (pick: (step: (typeof steps)[number]) => number | undefined) =>
  ascending(
    steps.flatMap((step) => {
      const at = pick(step);
      return at === undefined ? [] : [at - step.b.paidAt];
    }),
  );
const figures = {
  published: after((s) => s.published?.end),
  handling_began: after((s) => s.handled?.start),
  confirmed: after((s) => s.b.confirmedAt),
  handling_ended: after((s) => s.handled?.end),
};
console.log(
  `${bookings.length} bookings by ${concurrency} travellers (${failed} failed), ${receiver.spans.length} spans`,
);
console.log("after the payment's answer (ms):");
for (const [name, values] of Object.entries(figures))
  console.log(
    `  ${name.padEnd(15)} p50 ${percentile(values, 50).toFixed(1).padStart(6)}  p90 ${percentile(values, 90).toFixed(1).padStart(6)}  ` +
      `p99 ${percentile(values, 99).toFixed(1).padStart(6)}  (${values.length})`,
  );

// What a booking asks of the stores and Kafka, over the whole run,
// per booking: each part's MongoDB and Redis commands and its consumers' handled events, the most first. Commands
// count inside a traced request or handler only (telemetry-clients.ts): the outbox's sweeps and BullMQ's polling
// make no spans.
const perBooking = (pick: (s: ReceivedSpan) => string | undefined) => {
  const counts = new Map<string, number>();
  for (const s of receiver.spans) {
    const key = pick(s);
    if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const rows = [...counts].map(([key, n]) => [key, n / Math.max(bookings.length, 1)] as const);
  return { rows: rows.sort((x, y) => y[1] - x[1]), total: rows.reduce((sum, [, n]) => sum + n, 0) };
};
const attribute = (s: ReceivedSpan, name: string) => s.attributes[name] as string | undefined;
const byId = new Map(receiver.spans.map((s) => [s.spanId, s]));
/** A command's part, name and collection, and the span it was made in ("in POST /api/v1/…"). */
const commandsOf = (system: string) => (s: ReceivedSpan) =>
  attribute(s, 'db.system.name') === system
    ? `${s.service} ${attribute(s, 'db.operation.name')} ${attribute(s, 'db.collection.name') ?? ''}`.trimEnd() +
      ` (in ${byId.get(s.parentSpanId ?? '')?.name ?? '?'})`
    : undefined;
const asked = {
  mongodb: perBooking(commandsOf('mongodb')),
  redis: perBooking(commandsOf('redis')),
  consumed: perBooking((s) => (s.kind === CONSUMER ? `${s.service} ${s.name}` : undefined)),
};
for (const [what, { rows, total }] of Object.entries(asked)) {
  console.log(`\n${what} per booking: ${total.toFixed(1)}`);
  for (const [key, n] of rows.slice(0, 40)) console.log(`  ${n.toFixed(2).padStart(6)}  ${key}`);
}

const line = (s: ReceivedSpan, from: number) =>
  `${(s.start - from).toFixed(1).padStart(7)} → ${(s.end - from).toFixed(1).padStart(7)}  ${s.service.padEnd(13)} ` +
  `${s.name} (${s.traceId.slice(0, 8)})`;
const slowestFirst = [...steps].sort((x, y) => y.b.confirmedAt - y.b.paidAt - (x.b.confirmedAt - x.b.paidAt));
for (const { b, spans, published, handled } of slowestFirst.slice(0, slowest)) {
  console.log(`\nconfirmed ${b.confirmedAt - b.paidAt} ms after the payment's answer, trace ${b.traceId}:`);
  for (const s of [...spans].sort((x, y) => x.start - y.start)) console.log(`  ${line(s, b.paidAt)}`);
  if (!published || !handled) continue;
  console.log(`  the itinerary meanwhile (from the publish's end, ${(handled.start - published.end).toFixed(1)} ms):`);
  for (const s of receiver.spans
    .filter(
      (x) =>
        x.service === 'itinerary' &&
        [SERVER, CONSUMER].includes(x.kind) &&
        x.end > published.end &&
        x.start < handled.start,
    )
    .sort((x, y) => x.start - y.start))
    console.log(`    ${line(s, published.end)}`);
}
console.log(
  `RESULT tracing=100% bookings=${bookings.length} failed=${failed} ` +
    `traced_confirm_p50_ms=${percentile(figures.confirmed, 50).toFixed(1)} ` +
    `traced_confirm_p99_ms=${percentile(figures.confirmed, 99).toFixed(1)} ` +
    `published_p99_ms=${percentile(figures.published, 99).toFixed(1)} ` +
    `handling_began_p99_ms=${percentile(figures.handling_began, 99).toFixed(1)} ` +
    `mongodb_per_booking=${asked.mongodb.total.toFixed(1)} redis_per_booking=${asked.redis.total.toFixed(1)} ` +
    `consumed_per_booking=${asked.consumed.total.toFixed(1)}`,
);
