// The embedded default keeps its data: with an infrastructure of its own (`scripts/infra.mjs` under a folder of the
// test's, as `npm run infra:up` makes one under .infra), a creator signs up and builds a club, a traveller books a
// room from it and pays; then every part stops, `infra:down` stops MongoDB and Kafka, `infra:up` and every part
// start again, and all of it is still there. It used to be forgotten: MongoDB was in memory only.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { ClubView, Itinerary } from '@travelclub/contracts';
import { testInfra, uniqueName } from '@travelclub/kit/testing';
import {
  cards,
  catalogRooms,
  Creator,
  eventually,
  inDays,
  startStack,
  Traveller,
  type Stack,
} from '@travelclub/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMongo } from '../../scripts/local-servers.mjs';

const run = promisify(execFile);
const script = resolve(import.meta.dirname, '..', '..', 'scripts', 'infra.mjs');
let folder: string;

/** `node scripts/infra.mjs <command>` on the test's own folder; `up` answers the settings it prints. */
async function infra(command: 'up' | 'down') {
  const { stdout } = await run(process.execPath, [script, command], {
    env: { ...process.env, TRAVELCLUB_INFRA_DIR: folder },
  });
  const settings: Record<string, string> = {};
  for (const [, name, value] of stdout.matchAll(/^(\w+)=(.+)$/gm)) settings[name!] = value!;
  return settings;
}

const stackOn = (settings: Record<string, string>, run?: string) =>
  startStack(
    {
      mongoUrl: settings.MONGO_URL!,
      kafkaBrokers: settings.KAFKA_BROKERS!,
      redisUrl: settings.REDIS_URL!,
      smtpUrl: testInfra().smtpUrl,
    },
    { hotels: 40, run },
  );

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'travelclub-infra-'));
});

afterAll(async () => {
  await infra('down').catch(() => undefined);
  await rm(folder, { recursive: true, force: true });
});

interface Counters {
  totals: Record<string, number | Record<string, number>>;
}

it('finds the accounts, the club and the booking after the infrastructure and every part restart', async () => {
  let stack: Stack | undefined = await stackOn(await infra('up'));
  const slug = uniqueName('kept').toLowerCase();
  const creatorEmail = `${uniqueName('creator')}@example.test`;
  const travellerEmail = `${uniqueName('traveller')}@example.test`;
  let booked: Itinerary;
  let packageId: string;
  let hotelId: string;
  try {
    const creator = await new Creator(stack.gateway).signUp(creatorEmail, 'Kept Club');
    expect((await creator.claimSlug(slug)).status).toBe(200);
    const [room] = await catalogRooms(stack.gateway, 1, { checkIn: inDays(50), checkOut: inDays(51) });
    hotelId = room!.hotelId;
    expect((await creator.recommend(hotelId, 'Worth the trip')).status).toBe(201);
    packageId = (await creator.publishPackage('One night away', [room!])).id;

    const traveller = await new Traveller(stack.gateway).visit();
    const cart = await traveller.call<Itinerary>('POST', `/api/v1/itinerary/fromTravelPackage/${packageId}`, {
      checkInDate: inDays(50),
      adults: 2,
    });
    expect(cart.status, JSON.stringify(cart.body)).toBe(201);
    expect((await traveller.signUp(travellerEmail)).status).toBe(201);
    booked = await traveller.checkoutItinerary(cart.body, travellerEmail, cards.good);
    expect(booked.status).toBe('confirmed');
    // The booking has reached the creator's numbers (through Kafka) before anything stops.
    await eventually(async () => {
      const { totals } = (await creator.call<Counters>('GET', '/api/v1/userProfile/creatorCounters')).body;
      return totals.bookings === 1;
    });
  } finally {
    await stack.stop();
  }

  await infra('down');
  const again = await infra('up');
  stack = await stackOn(again, stack.run);
  try {
    // The accounts: both sign in with their passwords.
    const creator = new Creator(stack.gateway);
    const signedIn = await creator.call<{ accessToken: string }>('POST', '/api/v1/auth/signIn', {
      email: creatorEmail,
      password: 'a creator password',
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    creator.token = signedIn.body.accessToken;
    const traveller = await new Traveller(stack.gateway).signIn(travellerEmail, 'a traveller password');

    // The club, at its address, with its recommendation and package; the address is still taken.
    const club = await traveller.call<ClubView>('GET', `/api/v1/bff/creator/${slug}`);
    expect(club.status).toBe(200);
    expect(club.body.recommendations.map((r) => r.hotelId)).toEqual([hotelId]);
    expect(club.body.packages.map((p) => p.id)).toEqual([packageId]);
    const other = await new Creator(stack.gateway).signUp(`${uniqueName('other')}@example.test`, 'Other Club');
    expect((await other.claimSlug(slug)).status).toBe(409);

    // The booking, confirmed, and counted once (no event was handled a second time after the restart).
    const itinerary = await traveller.itinerary(booked.id);
    expect(itinerary.body).toMatchObject({ id: booked.id, status: 'confirmed', creator: slug });
    expect((await traveller.invoice(booked.invoiceId!)).body).toMatchObject({ status: 'paid' });
    const { totals } = (await creator.call<Counters>('GET', '/api/v1/userProfile/creatorCounters')).body;
    expect(totals.bookings).toBe(1);

    // And the platform works on: the traveller cancels, and the cancellation reaches the creator's numbers.
    const cancelled = await traveller.call<Itinerary>('PUT', `/api/v1/itinerary/${booked.id}/cancel`, {});
    expect(cancelled.body.status).toBe('cancelled');
    await eventually(async () => {
      const { totals: now } = (await creator.call<Counters>('GET', '/api/v1/userProfile/creatorCounters')).body;
      return now.cancellations === 1 && now.bookings === 1;
    });
  } finally {
    await stack.stop();
  }
}, 360_000);

it('says how to start afresh when the data file cannot be read', async () => {
  const dataFile = join(folder, 'broken', 'travelclub.mv');
  await mkdir(join(folder, 'broken'), { recursive: true });
  await writeFile(dataFile, 'not an MVStore file, and longer than its header would be'.repeat(200));
  const failed = await startMongo({ name: 'mongo-broken', preferredPort: 0, maxHeap: '256m', dataFile }).catch(
    (err: Error) => err,
  );
  expect(failed).toBeInstanceOf(Error);
  expect((failed as Error).message).toMatch(`MongoDB's data in ${dataFile} cannot be read (`);
  expect((failed as Error).message).toMatch('`npm run infra:reset` deletes it');
}, 120_000);
