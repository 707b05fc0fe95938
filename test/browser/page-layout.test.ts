// Browser test: two layouts a designer flagged (issue 29). A club's header on a desktop shows the hero beside
// the creator's card (picture, name, bio, links) of the same height, the card's content in its middle, not
// floating low with an empty block above; and /mapsearch, which uses the whole width, has the site header run
// the same width, its brand over the page's heading and its last link over the map's right edge.
import sharp from 'sharp';
import { Creator, Traveller, inDays } from '@travelclub/testing';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { screenshotsAt } from '../browser-support/checks.js';
import { DESKTOP, PHONE, useWebPlatform } from '../browser-support/platform.js';

const platform = useWebPlatform();

/** The demo's dusk over hills, as the creator journey paints it. */
async function duskPhoto() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e07a5f"/><stop offset="1" stop-color="#fbe3c4"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#sky)"/>
    <circle cx="880" cy="250" r="90" fill="#fff4d6" opacity="0.9"/>
    <path d="M0 560 Q 300 420 600 540 T 1200 500 V 800 H 0 Z" fill="#3d5a80" opacity="0.75"/>
    <path d="M0 650 Q 400 540 800 640 T 1200 620 V 800 H 0 Z" fill="#3d5a80"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

let club: string;
let searchId: string;
beforeAll(async () => {
  const creator = await new Creator(platform.stack.gateway).signUp(`layout-${Date.now()}@example.test`, 'Marta Rivera');
  await creator.claimSlug(`marta-${Date.now().toString(36)}`);
  await creator.uploadHeroImage(await duskPhoto());
  const profile = await creator.call('PUT', '/api/v1/userProfile', {
    creatorProfile: {
      bio: 'Slow trips along the Atlantic coast: small hotels with a view, long lunches and walks at dusk.',
      links: [
        { label: 'Instagram', url: 'https://instagram.example/marta' },
        { label: 'Newsletter', url: 'https://marta.example/letters' },
      ],
    },
  });
  expect(profile.status).toBe(200);
  club = creator.slug;
  const visitor = await new Traveller(platform.stack.gateway).visit();
  ({ searchId } = await visitor.findStay({ destination: 'country-US', checkIn: inDays(30), checkOut: inDays(33) }));
}, 120_000);

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not on the screen`);
  return box;
};

async function openFresh(page: Page, path: string) {
  await platform.open(page, path);
  await page.waitForLoadState('networkidle');
}

it("shows a club's hero beside the creator's card of the same height, its content in the middle", async () => {
  const { page, problems } = await platform.visitor(DESKTOP);
  await openFresh(page, `/user/${club}`);
  await screenshotsAt(page, 'club-home', [DESKTOP, PHONE], async () => {
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Marta Rivera' }).waitFor();
  });

  const header = page.locator('.club-header');
  const hero = await boxOf(header.locator('.club-hero'));
  const card = await boxOf(header.locator('.club-identity'));
  const name = await boxOf(page.getByRole('heading', { level: 1, name: 'Marta Rivera' }));
  // Side by side, top and bottom lines shared: no empty block above the card.
  expect(card.x).toBeGreaterThan(hero.x + hero.width);
  expect(Math.abs(card.y - hero.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(card.y + card.height - (hero.y + hero.height))).toBeLessThanOrEqual(1);
  // The name sits in the card's middle third, not low at its foot.
  const middle = name.y + name.height / 2 - card.y;
  expect(middle).toBeGreaterThan(card.height / 3);
  expect(middle).toBeLessThan((card.height * 2) / 3);
  expect(problems).toEqual([]);
});

it('runs the site header as wide as the map page, lined up with its heading and the map', async () => {
  const { page, problems } = await platform.visitor(DESKTOP);
  await openFresh(page, `/mapsearch?searchId=${searchId}`);
  const region = page.getByRole('region', { name: /^Map of the hotels in / });
  await region.getByRole('button', { pressed: false }).first().waitFor({ timeout: 20_000 });
  await screenshotsAt(page, 'map', [DESKTOP]);

  for (const width of [DESKTOP.width, 1680]) {
    await page.setViewportSize({ width, height: DESKTOP.height });
    const brand = await boxOf(page.getByRole('banner').getByRole('link', { name: 'TravelClub' }));
    const signIn = await boxOf(page.getByRole('banner').getByRole('link', { name: 'Sign in' }));
    const heading = await boxOf(page.getByRole('heading', { level: 1 }));
    const map = await boxOf(page.locator('.map-panel'));
    expect(Math.abs(brand.x - heading.x), `brand over the heading at ${width} px`).toBeLessThanOrEqual(1);
    expect(Math.abs(signIn.x + signIn.width - (map.x + map.width)), `at ${width} px`).toBeLessThanOrEqual(1);
  }
  expect(problems).toEqual([]);
});
