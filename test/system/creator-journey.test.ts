// System test (`npm run e2e:api`): a creator's club through the gateway, every service its own process. A
// creator signs up, claims an address, puts up a hero image, recommends two hotels and publishes a package; a
// traveller opens the club, books the package from its page and pays; the creator's counters and payout show
// the booking; the traveller cancels, and both are reversed.
import type { ClubView, Itinerary, PayoutAnswer, Profile } from '@travelclub/contracts';
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
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack(testInfra());
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

/** On a failure, what the services said about it. */
const showLogs = () =>
  onTestFailed(() => {
    for (const part of ['itinerary', 'billing', 'creator', 'catalog'] as const)
      console.error(`--- ${part} ---\n${stack.parts[part].output().split('\n').slice(-30).join('\n')}`);
  });

interface Counters {
  totals: Record<string, number | Record<string, number>>;
}

it("takes a creator's club from sign-up to a booking that shows in their numbers, and back out", async () => {
  showLogs();
  // The creator's club.
  const slug = uniqueName('club').toLowerCase();
  const creator = await new Creator(stack.gateway).signUp(`${uniqueName('creator')}@example.test`, 'Journey Club');
  expect((await creator.claimSlug(slug)).status).toBe(200);
  const hero = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#0b6e4f' } })
    .jpeg()
    .toBuffer();
  const withHero = await creator.uploadHeroImage(hero);
  expect(withHero.status).toBe(200);
  const heroImage = withHero.body.creatorProfile!.heroImage!;
  const image = await fetch(heroImage.links['600px'].replace(/^https?:\/\/[^/]+/, stack.gateway));
  expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  // Free on every night the traveller books below (from day 45 to day 48).
  const [first, second, third] = await catalogRooms(stack.gateway, 3, { checkIn: inDays(45), checkOut: inDays(48) });
  expect((await creator.recommend(first!.hotelId, 'Where I always stay', 'Ask for the garden side.')).status).toBe(201);
  expect((await creator.recommend(second!.hotelId, 'Best breakfast in town')).status).toBe(201);
  const pkg = await creator.publishPackage('Two cities, three nights', [third!, third!, first!]);

  // A traveller opens the club: one call has it all.
  const traveller = await new Traveller(stack.gateway).visit();
  // The club page's view beacon, from a browser (a script's user agent is not counted).
  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36' };
  expect((await traveller.call('POST', `/api/v1/creator/${slug}/view`, undefined, browser)).status).toBe(204);
  const club = await traveller.call<ClubView>('GET', `/api/v1/bff/creator/${slug}`);
  expect(club.status).toBe(200);
  expect(club.body.profile).toMatchObject({ slug, publicName: 'Journey Club', creatorProfile: { heroImage } });
  expect(club.body.recommendations.map((r) => r.hotelId)).toEqual([first!.hotelId, second!.hotelId]);
  expect(club.body.packages.map((p) => p.id)).toEqual([pkg.id]);

  // Books the package from its page, signs up, gives the guests and pays.
  const booked = await traveller.call<Itinerary>('POST', `/api/v1/itinerary/fromTravelPackage/${pkg.id}`, {
    checkInDate: inDays(45),
    adults: 2,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  expect(booked.body).toMatchObject({ creator: slug, status: 'draft' });
  expect(booked.body.lineItems.map((line) => [line.checkInDate, line.checkOutDate])).toEqual([
    [inDays(45), inDays(47)],
    [inDays(47), inDays(48)],
  ]);
  const email = `${uniqueName('fan')}@example.test`;
  expect((await traveller.signUp(email)).status).toBe(201);
  const paidCart = await traveller.checkoutItinerary(booked.body, email, cards.good);
  expect(paidCart.status).toBe('confirmed');
  const total = paidCart.total;

  // The creator's payout and counters show it.
  const payout = await eventually(async () => {
    const res = await creator.call<PayoutAnswer>('GET', '/api/v1/userProfile/my/payout');
    return res.body.entries?.some((e) => e.itineraryId === booked.body.id) && res.body;
  });
  const commission = payout.entries.find((e) => e.itineraryId === booked.body.id)!;
  expect(commission).toMatchObject({ kind: 'commission', amount: { currency: total.currency } });
  expect(commission.amount.amount).toBe(Math.round(total.amount * payout.commissionRate));
  const counters = () => creator.call<Counters>('GET', '/api/v1/userProfile/creatorCounters');
  const booking = await eventually(async () => {
    const { totals } = (await counters()).body;
    return totals.bookings === 1 && totals;
  });
  expect(booking).toMatchObject({
    pageViews: 1,
    itinerariesStarted: 1,
    grossBookingValue: { [total.currency]: total.amount },
    commission: { [total.currency]: commission.amount.amount },
  });

  // The traveller cancels: the commission and the numbers are reversed.
  const cancelled = await traveller.call<Itinerary>('PUT', `/api/v1/itinerary/${booked.body.id}/cancel`, {});
  expect(cancelled.body.status).toBe('cancelled');
  const refund = await eventually(async () => (await traveller.invoice(paidCart.invoiceId!)).body.refund);
  // A package takes rates that cancel for free when there are some, so the money comes back, and with it the
  // commission, in the share of the payment that was refunded.
  expect(refund.amount.amount).toBeGreaterThan(0);
  const giveBack = Math.round((commission.amount.amount * refund.amount.amount) / total.amount);
  const reversed = await eventually(async () => {
    const res = await creator.call<PayoutAnswer>('GET', '/api/v1/userProfile/my/payout');
    return res.body.entries.some((e) => e.itineraryId === booked.body.id && e.kind === 'reversal') && res.body;
  });
  const reversal = reversed.entries.find((e) => e.itineraryId === booked.body.id && e.kind === 'reversal')!;
  expect(reversal.amount.amount + giveBack).toBe(0);
  // The cancellation and the commission's reversal come to the counters as two events (the itinerary's and
  // billing's), in either order: both are waited for.
  const after = await eventually(async () => {
    const { totals } = (await counters()).body;
    const reversedSoFar = (totals.commissionReversed as Record<string, number> | undefined)?.[total.currency];
    return totals.cancellations === 1 && reversedSoFar !== undefined && totals;
  });
  expect((after.commissionReversed as Record<string, number>)[total.currency] ?? 0).toBe(giveBack);

  // Another creator sees none of it; a traveller cannot ask at all.
  const other = await new Creator(stack.gateway).signUp(`${uniqueName('other')}@example.test`, 'Other Club');
  expect((await other.call<Counters>('GET', '/api/v1/userProfile/creatorCounters')).body.totals.bookings).toBe(0);
  expect((await traveller.call('GET', '/api/v1/userProfile/creatorCounters')).status).toBe(403);
  const profile = await traveller.call<Profile>('GET', `/api/v1/userProfile/${creator.userId}`);
  expect(profile.status).toBe(404);
}, 180_000);
