// Browser test: the whole journey of an anonymous visitor, as a person clicks and types it. Autocomplete, search,
// the map, a hotel, a room added, sign-up in the modal with the same cart, guest details, a declined card then a
// good one (typed with the keyboard alone), the confirmation, the trips and a cancellation with its refund.
// Screenshots of home, search, map, hotel, payment and confirmation at phone and desktop sizes; axe on each step.
import { uniqueName } from '@travelclub/kit/testing';
import { inDays } from '@travelclub/testing';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshotsAt, seriousViolations } from '../browser-support/checks.js';
import { fillGuestDetails, payByKeyboard, roomInTheCart, signUpInTheModal } from '../browser-support/checkout.js';
import { DESKTOP, PHONE, hydrated, useWebPlatform } from '../browser-support/platform.js';

const platform = useWebPlatform();
const BOTH = [PHONE, DESKTOP];

/** An ISO date typed into a date field's segments, month first (the context's locale is en-US). */
const typed = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${month}${day}${year}`;
};

async function search(page: Page) {
  // The page's form is a look-alike until the visitor reaches for it; then the working one takes its place.
  await page.getByLabel('Destination', { exact: true }).click();
  const destination = page.getByRole('combobox', { name: 'Destination' });
  await destination.waitFor();
  await destination.pressSequentially('United St', { delay: 40 });
  await page
    .getByRole('option', { name: /^United States/ })
    .first()
    .click();
  await expect.poll(() => destination.inputValue()).toMatch(/^United States/);

  // React Aria names the range's segments 'Start Date' and 'End Date'.
  await page.getByRole('spinbutton', { name: /^month, Start Date/ }).click();
  await page.keyboard.type(typed(inDays(30)));
  await page.getByRole('spinbutton', { name: /^month, End Date/ }).click();
  await page.keyboard.type(typed(inDays(33)));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL(/\/search\?searchId=/);
  await page.getByRole('heading', { level: 1, name: /^Hotels in United States/ }).waitFor();
}

/** The map's region, once MapLibre has drawn it with a pin per hotel. */
async function mapWithPins(page: Page) {
  const region = page.getByRole('region', { name: /^Map of the hotels in / });
  await region.getByRole('button', { pressed: false }).first().waitFor({ timeout: 20_000 });
  return region;
}

/**
 * On the map page: a hotel of the list with rooms (one whose cheapest rate cancels free, when there is one),
 * opened through its pin and the card the pin opens.
 */
async function hotelThroughItsPin(page: Page): Promise<string> {
  const withRooms = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link') })
    .filter({ hasNotText: 'No rooms left for your dates' });
  const free = withRooms.filter({ hasText: 'Free Cancellation' });
  const item = (await free.count()) > 0 ? free.first() : withRooms.first();
  const name = (await item.getByRole('link').first().textContent())!.trim();
  const region = await mapWithPins(page);
  await region.getByRole('button', { name: `${name}, ` }).press('Enter');
  await region.getByRole('link', { name }).click();
  await page.waitForURL(/\/hotel\//);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return name;
}

/** The hotel page's first rate that cancels free (rates come cheapest first), else its first rate. */
function rateToAdd(page: Page) {
  const rates = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 4 }) })
    .filter({ hasNot: page.getByRole('heading', { level: 3 }) })
    .filter({ has: page.getByRole('button', { name: 'Add to itinerary' }) });
  return { free: rates.filter({ hasText: 'Free Cancellation' }).first(), any: rates.first() };
}

it('takes an anonymous visitor from a search to a booking, and back out with the refund shown', async () => {
  const { page, problems } = await platform.visitor();
  // Every step's serious and critical violations, checked at the end so one run shows all of them.
  const violations: string[] = [];
  const axe = async (what: string) => violations.push(...(await seriousViolations(page)).map((v) => `${what}: ${v}`));
  const email = `${uniqueName('journey')}@example.test`;

  await platform.open(page, '/');
  await page.waitForLoadState('networkidle');
  await axe('home');
  // Loaded afresh at each size: a page drawn wide and then narrowed is not what a phone shows.
  await screenshotsAt(page, 'home', BOTH, async () => {
    await page.reload();
    await hydrated(page);
  });

  // The page's API calls continue the trace the web server sent with the document (its Server-Timing).
  const callTraces: string[] = [];
  page.on('request', (request) => {
    const call = ['fetch', 'xhr'].includes(request.resourceType());
    if (call && new URL(request.url()).pathname.startsWith('/api/'))
      callTraces.push(request.headers().traceparent ?? '');
  });
  await search(page);
  // Evaluated in the page (a string: this project's types have no DOM).
  const documentTrace = await page.evaluate<string | undefined>(
    "performance.getEntriesByType('navigation')[0]?.serverTiming.find((entry) => entry.name === 'traceparent')?.description",
  );
  const traceId = /^00-([0-9a-f]{32})-[0-9a-f]{16}-0[01]$/.exec(documentTrace ?? '')?.[1];
  expect(traceId).toBeDefined();
  expect(callTraces.length).toBeGreaterThan(0);
  for (const sent of callTraces) expect(sent.split('-')[1]).toBe(traceId);
  await axe('search results');
  await screenshotsAt(page, 'search', BOTH);

  await page.getByRole('link', { name: 'Show on map' }).click();
  await page.waitForURL(/\/mapsearch\?/);
  await mapWithPins(page);
  await axe('the map');
  // A phone shows the list or the map: the map, for its picture.
  const showMap = async () => {
    const toggle = page.getByRole('radio', { name: 'Map', exact: true });
    if (await toggle.isVisible()) await toggle.click();
  };
  await screenshotsAt(page, 'map', BOTH, showMap);

  const hotel = await hotelThroughItsPin(page);
  await page.getByRole('heading', { name: 'Choose your room' }).waitFor();
  await axe('the hotel page');
  await screenshotsAt(page, 'hotel', BOTH);

  // Adding a room, as an anonymous visitor: one that cancels free, so the refund at the end is the price.
  const rate = rateToAdd(page);
  const free = (await rate.free.count()) > 0;
  await (free ? rate.free : rate.any).getByRole('button', { name: 'Add to itinerary' }).click();
  await roomInTheCart(page);
  await page.getByRole('link', { name: 'Continue to guest details' }).click();
  await page.waitForURL(/\/itinerary\/[^/]+\/contact$/);
  const contactUrl = page.url();
  await axe('the sign-up step');

  // Signing up in the modal keeps the same cart: same itinerary, same hotel.
  await signUpInTheModal(page, email);
  await page.getByRole('form', { name: 'Guest details' }).waitFor();
  expect(page.url()).toBe(contactUrl);
  expect(await page.getByText(hotel).count()).toBeGreaterThan(0);
  await axe('guest details');

  await fillGuestDetails(page, email);
  await page.getByRole('heading', { name: 'Pay by card' }).waitFor();
  await axe('payment');
  await screenshotsAt(page, 'payment', BOTH);

  // A declined card: said plainly, nothing charged, and the form is there to try again.
  await page.getByLabel('Card number', { exact: true }).fill('4000000000000002');
  await page.getByLabel('Expiry date', { exact: true }).fill('12/34');
  await page.getByLabel('Security code', { exact: true }).fill('123');
  await page.getByLabel('Name on card', { exact: true }).fill('Ada Lovelace');
  const payButton = page.getByRole('button', { name: /^Pay / });
  const paid = (await payButton.textContent())!.replace(/^Pay\s*/, '').trim();
  await payButton.click();
  await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
  expect(await page.getByRole('alert').filter({ hasText: 'Nothing was charged.' }).count()).toBe(1);
  await axe('payment with a declined card');

  // The good card, with the keyboard alone.
  await payByKeyboard(page);
  await page.getByRole('heading', { name: 'Booking details' }).waitFor({ timeout: 30_000 });
  await axe('confirmation');
  await screenshotsAt(page, 'confirmation', BOTH);

  // The trip, then cancelling it with the refund stated first.
  await page.getByRole('link', { name: 'Your trips' }).first().click();
  await page.waitForURL(/\/user\/trips$/);
  await page.getByRole('link', { name: `Cancel booking at ${hotel}` }).waitFor();
  await axe('trips');
  await page.getByRole('link', { name: `Cancel booking at ${hotel}` }).click();
  await page.waitForURL(/\/user\/itinerary\/[^/]+\/cancel$/);
  const refundLine = page.getByText(/you get (the full )?\S+ back/i).first();
  await refundLine.waitFor();
  const refund = /you get (?:the full )?(\S+) back/i.exec((await refundLine.textContent())!)![1]!;
  // A rate that cancels free gives all of it back; any other, what its terms leave.
  if (free) expect(refund).toBe(paid);
  else expect(refund).toMatch(/\d/);
  await axe('cancel');
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('dialog', { name: 'Cancel this booking?' }).getByRole('button', { name: 'Yes, cancel' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Your booking is cancelled' });
  await done.waitFor();
  await expect.poll(async () => (await done.textContent()) ?? '', { timeout: 20_000 }).toContain(refund);
  await axe('cancelled');

  expect(violations).toEqual([]);
  expect(problems).toEqual([]);
}, 240_000);
