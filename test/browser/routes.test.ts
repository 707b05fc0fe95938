// Browser test: every public route renders with a main heading and no serious or critical accessibility
// violation, on a phone and on a desktop; the not-found page (with its 404), the itinerary pages without an
// id ('Itinerary not found') and the error page when a page's service is down, with the spec's exact texts.
import { Traveller, inDays } from '@travelclub/testing';
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { expectAccessible, screenshot } from '../browser-support/checks.js';
import { routesFailuresOnBothSizes } from '../browser-support/routes.js';
import { PHONE, useWebPlatform } from '../browser-support/platform.js';

const platform = useWebPlatform({ hotels: 60 });

/** A stored search of the platform and a hotel in it with rooms, for the pages that need one. */
let found: { searchId: string; slug: string };
beforeAll(async () => {
  const visitor = await new Traveller(platform.stack.gateway).visit();
  const { searchId, hotel } = await visitor.findStay({
    destination: 'country-US',
    checkIn: inDays(20),
    checkOut: inDays(22),
  });
  found = { searchId, slug: hotel.slug };
});

const publicRoutes = () => [
  '/',
  '/signIn',
  '/signUp',
  '/forgotPassword',
  '/resetPassword?mode=resetPassword&oobCode=not-a-real-code',
  '/faq',
  `/search?searchId=${found.searchId}`,
  `/mapsearch?searchId=${found.searchId}`,
  `/hotel/${found.slug}?searchId=${found.searchId}`,
];

it(
  'renders every public route accessibly on a phone and on a desktop',
  async () => {
    expect(await routesFailuresOnBothSizes(platform, platform.visitor, publicRoutes())).toEqual([]);
  },
  // About 100 s alone (every public route, axe on each, both sizes); CI runs it beside the other browser files on
  // two cores.
  240_000,
);

it('answers an unknown path with the not-found page and a 404, and goes back home from it', async () => {
  const { page } = await platform.visitor();
  const answer = await platform.open(page, '/no/such/page');
  expect(answer.status()).toBe(404);
  await page.getByText('The page you are looking for does not exist.').waitFor();
  await expectAccessible(page, 'the not-found page');
  await page.getByRole('link', { name: 'Go Back To Home' }).click();
  await page.waitForURL(`${platform.url}/`);
});

it('says "Itinerary not found" with a 404 on the itinerary pages without an id', async () => {
  const { page } = await platform.visitor(PHONE);
  for (const step of ['contact', 'payment', 'confirmation']) {
    const answer = await platform.open(page, `/itinerary/${step}`);
    expect(answer.status(), step).toBe(404);
    await page.getByRole('heading', { name: 'Itinerary not found' }).waitFor();
    expect(await page.getByText('The page you are looking for does not exist.').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Go Back To Home' }).count()).toBe(1);
  }
  await expectAccessible(page, '/itinerary/contact');
});

it("answers 'Itinerary not found' with a 404 from the server for an id that is not there, titled so", async () => {
  const visitor = await new Traveller(platform.stack.gateway).visit();
  const mine = await visitor.createItinerary();
  const { page } = await platform.signedIn(visitor.token!, PHONE);
  const title = 'Itinerary not found · TravelClub';
  // An id no itinerary has (the server asks with the visitor's session), and one no itinerary can have.
  for (const id of [randomUUID(), 'x'.repeat(200)])
    for (const step of ['contact', 'payment', 'confirmation']) {
      const answer = await platform.open(page, `/itinerary/${id}/${step}`);
      expect(answer.status(), `${step} of ${id}`).toBe(404);
      expect(await answer.text()).toContain(`<title>${title}</title>`);
      await page.getByRole('heading', { level: 1, name: 'Itinerary not found' }).waitFor();
      expect(await page.title()).toBe(title);
      expect(await page.getByText('Loading your itinerary…').count()).toBe(0);
    }
  await expectAccessible(page, 'an unknown itinerary');
  // The visitor's own cart: the page, and no "Booking confirmed" before a booking is.
  const answer = await platform.open(page, `/itinerary/${mine.id}/confirmation`);
  expect(answer.status()).toBe(200);
  expect(await page.title()).toBe('Your booking · TravelClub');
  await page.getByText('We have not received a payment for this itinerary yet.').waitFor();
  expect(await page.title()).toBe('Your booking · TravelClub');
  expect((await platform.open(page, `/itinerary/${mine.id}/contact`)).status()).toBe(200);
  // Eight pages and an axe scan: 38 s beside the creator's journey on this two-core machine.
}, 60_000);

it('shows the error page, without details, when the catalog is down under a hotel page', async () => {
  const { page } = await platform.visitor();
  const hotelPage = `/hotel/${found.slug}`;
  expect((await platform.open(page, hotelPage)).status()).toBe(200);
  // A visitor without a session is shown the render others got for 2 s (the hotel route's s-maxage): past
  // that, the page is rendered again, and the catalog's absence shows.
  const sharedUntil = Date.now() + 2_100;

  await platform.stack.parts.catalog.stop();
  try {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, sharedUntil - Date.now())));
    const answer = await platform.open(page, hotelPage);
    expect(answer.status()).toBe(500);
    await page.getByText('An unexpected error occurred, please try again later.').waitFor();
    expect(await page.locator('pre').count()).toBe(0);
    await expectAccessible(page, 'the error page');
    await screenshot(page, 'error-page');
    expect(await page.getByRole('link', { name: 'Go Back To Home' }).getAttribute('href')).toBe('/');
  } finally {
    await platform.stack.start('catalog');
  }
});
