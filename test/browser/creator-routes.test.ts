// Browser test: every route of a creator's club (public) and of the dashboard (as the creator) renders with one
// main heading, no serious or critical accessibility violation and nothing scrolling sideways, on a phone and
// on a desktop; the dashboard turns away a traveller with a clear message and sends a visitor to sign in.
import sharp from 'sharp';
import { catalogRooms, Creator, Traveller } from '@travelclub/testing';
import { beforeAll, expect, it } from 'vitest';
import { expectAccessible } from '../browser-support/checks.js';
import { routesFailuresOnBothSizes } from '../browser-support/routes.js';
import { useWebPlatform, type Viewport } from '../browser-support/platform.js';

const platform = useWebPlatform({ hotels: 60 });

let creator: Creator;
let club: { slug: string; packageId: string; guideId: string; hotelId: string };
beforeAll(async () => {
  creator = await new Creator(platform.stack.gateway).signUp(`routes-${Date.now()}@example.test`, 'Rosa Routes');
  await creator.claimSlug(`rosa-${Date.now().toString(36)}`);
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#6b8f71' } })
    .jpeg()
    .toBuffer();
  await creator.uploadHeroImage(photo);
  const rooms = await catalogRooms(platform.stack.gateway, 3);
  for (const [i, room] of rooms.entries()) await creator.recommend(room.hotelId, `Stay ${i + 1}`, 'Lovely.', photo);
  const travelPackage = await creator.publishPackage('Three easy nights', rooms);
  const guide = await creator.call<{ id: string }>('POST', '/api/itinerary-content', {
    title: 'A weekend in town',
    summary: 'Where to sleep, eat and walk.',
    status: 'published',
    days: [
      {
        title: 'Saturday',
        blocks: [
          { type: 'paragraph', text: 'Start slow: coffee on the square.' },
          { type: 'hotel', hotelId: rooms[0]!.hotelId },
        ],
      },
    ],
  });
  expect(guide.status).toBe(201);
  club = { slug: creator.slug, packageId: travelPackage.id, guideId: guide.body.id, hotelId: rooms[0]!.hotelId };
}, 120_000);

const clubRoutes = () => [
  `/user/${club.slug}`,
  `/user/${club.slug}/stays`,
  `/user/${club.slug}/explore`,
  `/user/${club.slug}/itineraries`,
  `/user/${club.slug}/itineraries/${club.guideId}`,
  `/user/${club.slug}/packages/${club.packageId}`,
];

const dashboardRoutes = () => [
  '/dashboard',
  '/dashboard/settings',
  '/dashboard/more',
  '/dashboard/income',
  '/dashboard/chat',
  '/dashboard/travelclub-college',
  '/dashboard/travelclub-college/build-a-package',
  '/dashboard/stays',
  '/dashboard/stays/add',
  `/dashboard/stays/${club.hotelId}`,
  '/dashboard/experiences/add',
  `/dashboard/experiences/${club.packageId}`,
  '/dashboard/manage-stays',
  '/dashboard/manage-itineraries',
  '/dashboard/club-settings',
  '/dashboard/club',
  '/dashboard/analytics',
];

it('renders every club route accessibly on a phone and on a desktop', async () => {
  expect(await routesFailuresOnBothSizes(platform, platform.visitor, clubRoutes())).toEqual([]);
}, 120_000);

it("renders every dashboard route accessibly on a phone and on a desktop, for the club's creator", async () => {
  const asCreator = (viewport: Viewport) => platform.signedIn(creator.token!, viewport);
  expect(await routesFailuresOnBothSizes(platform, asCreator, dashboardRoutes())).toEqual([]);
}, 240_000);

it('opens settings for a creator with no plan without a failed request (no plan is a normal state)', async () => {
  const { page, problems } = await platform.signedIn(creator.token!);
  const failed: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failed.push(`console: ${message.text()}`);
  });
  page.on('response', (answer) => {
    if (answer.status() >= 400) failed.push(`${answer.status()} for ${new URL(answer.url()).pathname}`);
  });
  const plan = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/v1/creator/subscription');
  await platform.open(page, '/dashboard/settings');
  expect((await plan).status()).toBe(200);
  await page.getByText('You are on the free plan.', { exact: false }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
  expect(problems).toEqual([]);
});

it('turns a traveller away from every dashboard page, and sends a visitor to sign in first', async () => {
  const traveller = new Traveller(platform.stack.gateway);
  await traveller.signUp(`not-a-creator-${Date.now()}@example.test`);
  const { page } = await platform.signedIn(traveller.token!);
  for (const path of ['/dashboard', '/dashboard/analytics', '/dashboard/manage-stays']) {
    await platform.open(page, path);
    await page.getByRole('heading', { level: 1, name: 'The dashboard is for creators' }).waitFor();
  }
  await expectAccessible(page, 'the dashboard turning a traveller away');

  const visitor = await platform.visitor();
  await platform.open(visitor.page, '/dashboard/income');
  expect(new URL(visitor.page.url()).pathname).toBe('/signIn');
  expect(new URL(visitor.page.url()).searchParams.get('returnUrl')).toBe('/dashboard/income');
  // Five page loads, each allowed 30 s on a loaded machine (CI timed this test out at the default 30 s in all).
}, 120_000);

it('sends an unknown club to the home page, and answers an unknown club’s explore tab with "Profile not found"', async () => {
  const { page } = await platform.visitor();
  await platform.open(page, '/user/nobody-has-this-club');
  expect(new URL(page.url()).pathname).toBe('/');
  const answer = await platform.open(page, '/user/nobody-has-this-club/explore');
  expect(answer.status()).toBe(404);
  await page.getByRole('heading', { name: 'Profile not found' }).waitFor();
});
