// Browser test: the not-found page (with its 404), the itinerary pages without an id ('Itinerary not found'),
// and the error page when a page's service is down, each with the spec's exact texts and free of serious
// accessibility violations.
import { Traveller, inDays } from '@travelclub/testing';
import { expect, it } from 'vitest';
import { expectAccessible, screenshot } from '../browser-support/checks.js';
import { PHONE, useWebPlatform } from '../browser-support/platform.js';

const platform = useWebPlatform({ hotels: 60 });

it('answers an unknown path with the not-found page and a 404, and goes back home from it', async () => {
  const { page, problems } = await platform.visitor();
  const answer = await platform.open(page, '/no/such/page');
  expect(answer.status()).toBe(404);
  await page.getByText('The page you are looking for does not exist.').waitFor();
  await expectAccessible(page, 'the not-found page');
  await page.getByRole('link', { name: 'Go Back To Home' }).click();
  await page.waitForURL(`${platform.url}/`);
  expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
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
  await screenshot(page, 'itinerary-not-found');
});

it('shows the error page, without details, when the catalog is down under a hotel page', async () => {
  const visitor = await new Traveller(platform.stack.gateway).visit();
  const { hotel } = await visitor.findStay({ destination: 'country-US', checkIn: inDays(20), checkOut: inDays(22) });
  const { page } = await platform.visitor();
  expect((await platform.open(page, `/hotel/${hotel.slug}`)).status()).toBe(200);

  await platform.stack.parts.catalog.stop();
  try {
    const answer = await platform.open(page, `/hotel/${hotel.slug}`);
    expect(answer.status()).toBe(500);
    expect(await page.getByText('An unexpected error occurred, please try again later.').count()).toBe(1);
    expect(await page.locator('pre, .error-details').count()).toBe(0);
    await expectAccessible(page, 'the error page');
    await screenshot(page, 'error-page');
    expect(await page.getByRole('link', { name: 'Go Back To Home' }).getAttribute('href')).toBe('/');
  } finally {
    await platform.stack.start('catalog');
  }
});
