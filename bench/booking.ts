// How fast travellers book, and whether anyone is ever overbooked or charged twice. Every service runs in
// its own process behind the gateway (the whole platform, as `npm start` runs it); the travellers come
// from this process. Two rounds:
//  1. many travellers at once, each booking end to end: anonymous visit, new itinerary, add a room, guest
//     details, invoice, card payment, then reading the itinerary until it is confirmed (through Kafka).
//     First flat out (`--concurrency` travellers): bookings_per_s. Then with fewer travellers at once
//     (`--latency-concurrency`): the confirm latency, from the payment's answer to the itinerary reading
//     `confirmed` (flat out, latency is mostly queueing behind the other travellers; both are printed), and
//     the share of the flat-out rate they kept the platform at (`calm_load`). Then paced, below saturation:
//     new bookings begun at `--paced` of the flat-out rate whoever is still under way (`paced_confirm_*`);
//  2. 200 travellers racing for the last 10 rooms of one hotel, each paying twice with the same key (a
//     double click).
// overbooked and double_charged cover every booking of the run, checked behind the API.
// Usage: npm run bench:booking [-- --seconds 20 --concurrency 24 --latency-concurrency 8 --paced 0.5 --racers 200
//        --last 10 --earlier 100000]
// Tracing (tracing.ts): BENCH_TRACING=off (default), 0.1 or 1 runs the parts so; BENCH_TRACING=all measures
// what tracing costs instead: round 1 flat out only, with tracing off, at 10 % and at 100 % on three platforms
// side by side, all loaded at once (`--rounds` rounds of `--slice` seconds), and prints
// `RESULT tracing_overhead booking: …`.
import { MongoClient } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { cards, inDays, startStack, Traveller, type Stack, type Stay } from '@travelclub/testing';
import { benchOptions, stackInfra, stopAndDrop } from './setup.js';
import { fillEarlier } from './earlier.js';
import { roomSupply } from './rooms.js';
import { cpuMs, cpuPerRequest, pidsOf } from './web/cpu.js';
import { profileReport } from './web/profile.js';
import {
  collected,
  cpuNow,
  cpuPer,
  loadNow,
  modeName,
  overheadReport,
  collectorFor,
  together,
  tracingEnv,
  tracingFromEnv,
  type TracingMode,
} from './tracing.js';
import { percentile } from './stats.js';

const values = benchOptions({
  seconds: 20,
  warmup: 3,
  concurrency: 24,
  'latency-concurrency': 8,
  // The paced round's rate of new bookings, as a share of the flat-out rate just measured.
  paced: 0.5,
  racers: 200,
  last: 10,
  hotels: 2000,
  // With BENCH_TRACING=all: how many times each mode is measured, and for how many seconds each time.
  rounds: 6,
  slice: 10,
  // Earlier itineraries, invoices, subscribers and page views in the stores before anything is measured (earlier.ts).
  earlier: 0,
});
const { seconds, concurrency, racers, last: lastRooms } = values;

const tracing = tracingFromEnv();
const { infra, catcher } = await stackInfra(200);
const collector = await collectorFor(tracing);
/** Starts the platform with tracing `mode`. */
async function platform(mode: TracingMode) {
  console.log(
    `starting auth, notifications, catalog, itinerary, billing and the gateway (tracing ${modeName(mode)}) ...`,
  );
  // BENCH_CPU_PROFILE=<dir>: every part writes a V8 CPU profile there when it stops (@travelclub/testing's processes.ts).
  return startStack(infra, { hotels: values.hotels, env: { LOG_LEVEL: 'warn', ...tracingEnv(mode, collector?.url) } });
}
/** Stops the platform and drops its databases: nothing left behind in the shared server. */
const teardown = (stopped: Stack) => stopAndDrop(stopped, infra.mongoUrl);
let stack = await platform(tracing.all ? 'off' : tracing.modes[0]!);
const mongo = await MongoClient.connect(infra.mongoUrl);

/**
 * Reads the itinerary until it is confirmed; answers how long after `from` (the payment's answer) its state
 * became confirmed, by its `confirmedAt` (this machine's one clock). Reading every few milliseconds instead
 * would measure the same moment, but the reads themselves would become a good part of the load measured.
 */
async function untilConfirmed(traveller: Traveller, itineraryId: string, from: number): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await traveller.itinerary(itineraryId);
    if (res.body.status === 'confirmed') return Date.parse(res.body.confirmedAt!) - from;
    if (Date.now() > deadline) throw new Error(`${itineraryId} not confirmed after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Outcome {
  confirmMs: number;
}

/** One traveller's whole booking through `gateway`: answers the confirm latency. */
async function book(stay: Stay, gateway: string): Promise<Outcome> {
  const traveller = await new Traveller(gateway).visit();
  const pending = await traveller.checkout(stay, `${randomUUID()}@bench.test`);
  const paid = await traveller.pay(pending.invoiceId!, cards.good);
  if (paid.status !== 200) throw new Error(`payment answered ${paid.status}: ${JSON.stringify(paid.body)}`);
  return { confirmMs: await untilConfirmed(traveller, pending.id, Date.now()) };
}

interface Round {
  bookings: number;
  failures: number;
  elapsed: number;
  /** Confirm latencies (sorted once the round is over). */
  latencies: number[];
}

/** Books `stay` through `gateway`, its confirm latency into `round` (or a failure counted). */
async function bookInto(round: Round, stay: Stay, gateway: string) {
  try {
    round.latencies.push((await book(stay, gateway)).confirmMs);
  } catch (err) {
    round.failures++;
    if (round.failures <= 3) console.error(`booking failed: ${(err as Error).message}`);
  }
}

function finished(round: Round, started: number): Round {
  round.elapsed = (performance.now() - started) / 1000;
  round.latencies.sort((a, b) => a - b);
  round.bookings = round.latencies.length;
  return round;
}

/**
 * Round 1: `concurrency` travellers, each booking one after the other, for `durationS` seconds (on the running
 * platform unless told).
 */
async function throughput(supply: Stay[], durationS: number, concurrency: number, gateway = stack.gateway) {
  const round: Round = { bookings: 0, failures: 0, elapsed: 0, latencies: [] };
  const started = performance.now();
  const until = started + durationS * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const stay = supply.pop();
        if (!stay) return;
        await bookInto(round, stay, gateway);
      }
    }),
  );
  return finished(round, started);
}

/**
 * Round 1, paced: a booking begun every 1/`perS` seconds for `durationS` seconds, however many are still under
 * way (travellers arrive on their own, not after one another): the confirm latency at a known share of the
 * flat-out rate. A fixed number of travellers booking back to back keeps the platform as busy as they can make
 * it (`calm_load` says how busy). `begunPerS` is the rate the bookings were begun at: `perS` unless the rooms
 * ran out or this process fell behind.
 */
async function paced(supply: Stay[], durationS: number, perS: number) {
  const round: Round = { bookings: 0, failures: 0, elapsed: 0, latencies: [] };
  const started = performance.now();
  const under: Promise<void>[] = [];
  for (let i = 0; i < durationS * perS; i++) {
    // Each start is timed from the round's start, so a late timer is caught up, not carried on.
    const wait = started + (i * 1000) / perS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const stay = supply.pop();
    if (!stay) {
      console.error(`the paced round ran out of rooms after ${under.length} bookings`);
      break;
    }
    under.push(bookInto(round, stay, stack.gateway));
  }
  const begunPerS = under.length / Math.max(durationS, (performance.now() - started) / 1000);
  await Promise.all(under);
  return { ...finished(round, started), begunPerS };
}

/** Round 2: the last `lastRooms` rooms of one room type, and `racers` travellers who all want one. */
async function race() {
  const scout = await new Traveller(stack.gateway).visit();
  const checkIn = inDays(330);
  const checkOut = inDays(332);
  const { searchId, availability } = await scout.findStay({ destination: 'country-US', checkIn, checkOut });
  const stay = Traveller.cheapest(availability.body, searchId);
  // Someone else takes all but the last rooms first.
  const filler = await new Traveller(stack.gateway).visit();
  const fillerCart = await filler.createItinerary();
  for (let i = 0; i < stay.roomsLeft - lastRooms; i++) {
    const added = await filler.addRoom(fillerCart.id, stay);
    if (added.status >= 300) throw new Error(`filling answered ${added.status}: ${JSON.stringify(added.body)}`);
  }
  const left = (await scout.availability(stay.hotelId, searchId)).body.roomTypes.find(
    (rt) => rt.type === stay.roomType,
  )!.roomsLeft;
  console.log(`race: ${racers} travellers for the last ${left} rooms of ${stay.hotelId} (${stay.roomType})`);

  const contenders = await Promise.all(
    Array.from({ length: racers }, async () => {
      const traveller = await new Traveller(stack.gateway).visit();
      return { traveller, cart: await traveller.createItinerary() };
    }),
  );
  const outcomes = await Promise.all(
    contenders.map(async ({ traveller, cart }) => {
      const added = await traveller.addRoom(cart.id, stay);
      if (added.status >= 300) return { added: false, confirmed: false };
      await traveller.setGuests(added.body, `${randomUUID()}@bench.test`);
      const invoiced = await traveller.createInvoice(cart.id);
      const key = randomUUID();
      // A double click: the same payment twice at once.
      const [a, b] = await Promise.all([
        traveller.pay(invoiced.body.invoiceId!, cards.good, key),
        traveller.pay(invoiced.body.invoiceId!, cards.good, key),
      ]);
      if (a.status !== 200 && b.status !== 200) {
        // The twin was told "in progress": ask again with the same key until it settles.
        for (let i = 0; i < 100; i++) {
          const again = await traveller.pay(invoiced.body.invoiceId!, cards.good, key);
          if (again.status === 200) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      await untilConfirmed(traveller, cart.id, Date.now());
      return { added: true, confirmed: true };
    }),
  );
  const won = outcomes.filter((o) => o.confirmed).length;
  // None left in the hotel at all is an answer of its own ('No rooms available'), not a list.
  const now = await scout.availability(stay.hotelId, searchId);
  const after = now.status === 200 ? now.body.roomTypes.find((rt) => rt.type === stay.roomType)?.roomsLeft : 0;
  console.log(`race: ${won} travellers booked, ${racers - won} were told no rooms are left; rooms left now ${after}`);
  return { won, left };
}

/** Behind the API: charges that succeeded beyond one per paid invoice, and rooms taken beyond capacity. */
async function audit() {
  const billing = mongo.db(stack.databases.billing);
  const paid = await billing.collection('invoices').countDocuments({ 'payment.id': { $exists: true } });
  // Every successful charge names its invoice: more charges than invoices charged means someone paid twice.
  const charges = await billing.collection('sandbox_charges').find({ outcome: 'succeeded' }).toArray();
  const invoices = new Set(charges.map((c) => c.reference as string));
  return { paid, doubleCharged: charges.length - invoices.size };
}

/**
 * BENCH_TRACING=all: round 1 flat out with tracing off, at 10 % and at 100 %, on three platforms side by side
 * (the first is already running), loaded at once for `--slice` seconds a round, as bench:search does.
 */
async function overhead() {
  const platforms = new Map<TracingMode, { stack: Stack; supply: Stay[] }>();
  try {
    for (const mode of tracing.modes) {
      if (platforms.size > 0) stack = await platform(mode);
      const entry = { stack, supply: [] as Stay[] };
      platforms.set(mode, entry);
      entry.supply = await roomSupply(stack.gateway, 150 * (values.rounds * values.slice + values.warmup));
    }
    const all = [...platforms.values()];
    await Promise.all(all.map((p) => throughput(p.supply, values.warmup, concurrency, p.stack.gateway)));
    const before = await collector?.counts();
    const turns = await together(tracing.modes, values.rounds, async (mode, round) => {
      const { stack: measured, supply } = platforms.get(mode)!;
      const pids = Object.values(measured.parts).map((part) => part.pid);
      const cpuBefore = cpuNow(pids);
      const flat = await throughput(supply, values.slice, concurrency, measured.gateway);
      const perBooking = cpuPer(cpuBefore, cpuNow(pids), Math.max(1, flat.bookings));
      const perS = flat.bookings / flat.elapsed;
      console.log(
        `round ${round}, tracing ${modeName(mode)}: ${flat.bookings} bookings in ${flat.elapsed.toFixed(1)} s ` +
          `(${perS.toFixed(1)}/s, ${flat.failures} failed); confirm p50 ${percentile(flat.latencies, 50).toFixed(1)} ms, ` +
          `p99 ${percentile(flat.latencies, 99).toFixed(1)} ms (${loadNow()})`,
      );
      console.log(`  CPU ms per booking: ${perBooking.text}`);
      return { value: perS, cpu: perBooking.parts };
    });
    for (const p of all) await p.stack.stop();
    // Stopped parts have sent what they buffered.
    const received = collected(before, await collector?.counts());
    for (const text of overheadReport('booking', turns, received, { rate: 'bookings/s', unit: 'booking', decimals: 1 }))
      console.log(text);
  } finally {
    for (const { stack: done } of platforms.values()) if (done !== stack) await teardown(done);
  }
}

async function bench() {
  // Enough rooms for 150 bookings a second in every round, warm-up included.
  const supply = await roomSupply(stack.gateway, 150 * (3 * seconds + values.warmup));
  const supplied = new Map<string, number>();
  for (const s of supply) supplied.set(`${s.hotelId}|${s.roomType}|${s.checkInDate}`, s.roomsLeft);
  console.log(`${supply.length} rooms to book in ${supplied.size} room types and dates`);

  await throughput(supply, values.warmup, concurrency);
  // Every process a booking runs through: the platform's parts and the servers they use.
  const pids = {
    ...Object.fromEntries(Object.entries(stack.parts).map(([name, part]) => [name, part.pid])),
    ...pidsOf({ mongo: infra.mongoUrl, kafka: `kafka://${infra.kafkaBrokers.split(',')[0]}`, redis: infra.redisUrl }),
  };
  const cpuBefore = cpuMs(pids);
  const nowUs = () => Number(process.hrtime.bigint() / 1000n);
  const flatWindow = { from: nowUs(), to: 0 };
  const flat = await throughput(supply, seconds, concurrency);
  flatWindow.to = nowUs();
  const perBooking = cpuPerRequest(cpuBefore, cpuMs(pids), flat.bookings);
  const cpuPerBooking = perBooking.filter((part) => part.name in pids).reduce((sum, part) => sum + part.ms, 0);
  const calm = await throughput(supply, seconds, values['latency-concurrency']);
  const bookingsPerS = flat.bookings / flat.elapsed;
  const calmLoad = calm.bookings / calm.elapsed / bookingsPerS;
  const steady = await paced(supply, seconds, values.paced * bookingsPerS);
  const pacedLoad = steady.begunPerS / bookingsPerS;
  const report = (name: string, round: Round, how: string, perS = round.bookings / round.elapsed) =>
    console.log(
      `round 1, ${name}: ${round.bookings} bookings ${how} in ${round.elapsed.toFixed(1)} s ` +
        `(${perS.toFixed(1)}/s, ${round.failures} failed); confirm p50 ` +
        `${percentile(round.latencies, 50).toFixed(1)} ms, p99 ${percentile(round.latencies, 99).toFixed(1)} ms`,
    );
  report('flat out', flat, `by ${concurrency} travellers`);
  report(`${values['latency-concurrency']} travellers`, calm, `at ${calmLoad.toFixed(2)} of the flat-out rate`);
  report('paced', steady, `begun at ${pacedLoad.toFixed(2)} of the flat-out rate`, steady.begunPerS);
  console.log(
    `CPU ms per booking, flat out: ${perBooking.map((part) => `${part.name} ${part.ms.toFixed(1)}`).join(', ')}; ` +
      `platform in all ${cpuPerBooking.toFixed(1)}`,
  );
  const p50 = percentile(calm.latencies, 50);
  const p99 = percentile(calm.latencies, 99);

  const { won, left } = await race();
  const overbooked = Math.max(0, won - left);
  const { paid, doubleCharged } = await audit();
  console.log(`${paid} invoices paid in all; ${doubleCharged} charged twice`);
  if (collector)
    console.log(`tracing ${modeName(tracing.modes[0]!)}: ${(await collector.counts()).spans} spans received`);
  console.log(loadNow());
  const result =
    `RESULT bookings_per_s=${bookingsPerS.toFixed(1)} confirm_p50_ms=${p50.toFixed(1)} confirm_p99_ms=${p99.toFixed(1)} ` +
    `overbooked=${overbooked} double_charged=${doubleCharged} cpu_ms_per_booking=${cpuPerBooking.toFixed(1)} ` +
    `calm_load=${calmLoad.toFixed(2)} paced_load=${pacedLoad.toFixed(2)} paced_bookings=${steady.bookings} ` +
    `paced_confirm_p50_ms=${percentile(steady.latencies, 50).toFixed(1)} ` +
    `paced_confirm_p99_ms=${percentile(steady.latencies, 99).toFixed(1)}`;
  return { result, flatWindow };
}

const began = Date.now();
let measured: Awaited<ReturnType<typeof bench>> | undefined;
try {
  await fillEarlier({ gateway: stack.gateway, mongoUrl: infra.mongoUrl, databases: stack.databases }, values.earlier);
  if (tracing.all) await overhead();
  else measured = await bench();
} finally {
  await stack.stop();
  await mongo.close();
  await catcher.close();
  await collector?.stop();
  // Leave nothing behind in the shared server.
  await teardown(stack);
}
// BENCH_CPU_PROFILE=<dir>: the parts wrote their profiles as they stopped; where their CPU went flat out.
const profileDir = process.env.BENCH_CPU_PROFILE;
if (profileDir && measured) {
  console.log('where the CPU went, flat out (BENCH_CPU_PROFILE):');
  const parts = ['itinerary', 'catalog', 'billing', 'notifications', 'gateway', 'creator', 'auth', 'assistant'];
  profileReport(profileDir, began, measured.flatWindow, parts).forEach((line) => console.log(line));
}
if (measured) console.log(measured.result);
