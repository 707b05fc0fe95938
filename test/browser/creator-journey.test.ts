// Browser test: the creator's half of the product as people click and type it, through the gateway. A creator
// signs up with an invite, claims a club address, puts up a hero image, recommends a hotel, builds and publishes
// a package and sees the club as visitors do; a traveller opens the club from its link, subscribes (the mail's
// link confirms), books the package and pays; the creator then finds the booking in analytics and the
// commission in income. And a recommendation made with the keyboard alone. Screenshots of club home, package
// page, dashboard, analytics and income at phone and desktop sizes; axe on each step.
import { uniqueName, waitForMail } from '@travelclub/kit/testing';
import { caller, catalogRooms, Creator, inDays, Traveller, type HotelRoom } from '@travelclub/testing';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { mailLinkPath, screenshotsAt, seriousViolations } from '../browser-support/checks.js';
import { fillGuestDetails, payByKeyboard, signUpInTheModal } from '../browser-support/checkout.js';
import { tabTo } from '../browser-support/forms.js';
import { sidewaysOverflow } from '../browser-support/routes.js';
import { DESKTOP, PHONE, hydrated, useWebPlatform } from '../browser-support/platform.js';

const platform = useWebPlatform({ hotels: 60 });
const BOTH = [PHONE, DESKTOP];
const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** The package's departure the traveller picks: a month ahead. */
const DEPARTURE = inDays(30);

/** An ISO date typed into a date field's segments, month first (the context's locale is en-US). */
const typed = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${month}${day}${year}`;
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A photo as a person picks it from their device: a JPEG of a landscape (sky, sun, hills) in the given colours,
 * drawn here so the screenshots show something like a travel photo rather than a flat block.
 */
async function photo(name: string, sky: string, hills: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fbe3c4"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#sky)"/>
    <circle cx="880" cy="250" r="90" fill="#fff4d6" opacity="0.9"/>
    <path d="M0 560 Q 300 420 600 540 T 1200 500 V 800 H 0 Z" fill="${hills}" opacity="0.75"/>
    <path d="M0 650 Q 400 540 800 640 T 1200 620 V 800 H 0 Z" fill="${hills}"/>
  </svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** Hotels of the catalog with a room type each, and their names as the catalog's search finds them. */
async function hotelsToUse(count: number): Promise<(HotelRoom & { name: string })[]> {
  const call = caller(platform.stack.gateway);
  const rooms = await catalogRooms(platform.stack.gateway, count);
  return Promise.all(
    rooms.map(async (room) => {
      const hotel = await call<{ name: string }>('GET', `/api/v1/hotel/${room.hotelId}`);
      return { ...room, name: hotel.body.name };
    }),
  );
}

interface CatalogHotel {
  id: string;
  name: string;
  destinationId: string;
  roomTypes: { type: string }[];
}

/** A night of the package: a hotel by name, and the place of a room type in its list that two can book then. */
interface Night {
  name: string;
  roomIndex: number;
}

/**
 * One hotel for each of `nights` (ISO dates), each with a room type that has a rate for two adults that night.
 * The demo supplier sells some rooms out on some nights; the package is built of rooms the traveller can book.
 */
async function bookableNights(nights: string[]): Promise<Night[]> {
  const traveller = await new Traveller(platform.stack.gateway).visit();
  const listed = await traveller.call<{ hotels: { id: string }[] }>('GET', '/api/v1/hotel/recommended?take=20');
  const candidates = listed.body.hotels.map((hotel) => hotel.id);
  const found: Night[] = [];
  for (const night of nights) {
    let chosen: Night | undefined;
    while (!chosen) {
      const id = candidates.shift();
      if (!id) throw new Error(`no hotel has a room for two on ${night}`);
      const hotel = (await traveller.call<CatalogHotel>('GET', `/api/v1/hotel/${id}`)).body;
      const search = await traveller.call<{ searchId: string }>('POST', '/api/v1/hotel/search/create', {
        destination: hotel.destinationId,
        checkIn: night,
        checkOut: addDay(night),
        guests: 2,
      });
      const offer = await traveller.availability(id, search.body.searchId);
      const free = offer.body.roomTypes?.find((rt) => rt.rooms.length > 0 && rt.roomsLeft > 0);
      if (free) chosen = { name: hotel.name, roomIndex: hotel.roomTypes.findIndex((rt) => rt.type === free.type) };
    }
    found.push(chosen);
  }
  return found;
}

const addDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Picks `name` in a hotel field (React Aria's combobox over the catalog's autocomplete), as a person types it. */
async function pickHotel(page: Page, scope: Locator | Page, name: string) {
  const field = scope.getByRole('combobox', { name: 'Hotel' });
  await field.click();
  await field.pressSequentially(name, { delay: 20 });
  await page
    .getByRole('option', { name: new RegExp(`^${escaped(name)}`) })
    .first()
    .click();
  await expect.poll(() => field.inputValue()).toMatch(new RegExp(`^${escaped(name)}`));
}

interface Club {
  slug: string;
  name: string;
  packageTitle: string;
}

async function signUpAsCreator(page: Page, email: string, name: string) {
  await platform.open(page, '/signUp?invite=journey');
  await page.getByRole('heading', { level: 1, name: 'Your Link-in-Bio Travel Club!' }).waitFor();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByRole('button', { name: 'Continue', exact: true }).click();
  await form.getByLabel('Your name', { exact: true }).fill(name);
  await form.getByLabel('Password', { exact: true }).fill('a creator password');
  await form.getByLabel('Repeat password', { exact: true }).fill('a creator password');
  await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('heading', { level: 1, name: `Welcome, ${name}` }).waitFor();
}

async function claimAddressAndHero(page: Page, slug: string) {
  await platform.open(page, '/dashboard/club-settings');
  const address = page.getByLabel('Club address', { exact: true });
  await address.fill(slug);
  // The live check: the address is free.
  await page
    .getByRole('status')
    .filter({ hasText: `${slug} is available.` })
    .waitFor();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('status').filter({ hasText: 'Your club settings are saved.' }).waitFor();

  const hero = page.locator('#hero-image');
  await hero.locator('input[type=file]').setInputFiles(await photo('coast-at-dusk.jpg', '#e07a5f', '#3d5a80'));
  await hero.getByRole('status').filter({ hasText: 'Saved. Your club shows it now.' }).waitFor({ timeout: 20_000 });
}

async function recommendStay(page: Page, hotel: { name: string }, title: string) {
  await platform.open(page, '/dashboard/stays/add');
  await page.getByRole('heading', { level: 1, name: 'Recommend a stay' }).waitFor();
  await pickHotel(page, page, hotel.name);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Why you recommend it', { exact: true }).fill('Ask for a room on the garden side.');
  await page
    .getByRole('group', { name: 'Cover photo' })
    .locator('input[type=file]')
    .setInputFiles(await photo('garden.jpg', '#81b29a', '#2f5a4a'));
  await page.getByRole('img', { name: 'Preview of garden.jpg' }).waitFor();
  await page.getByRole('button', { name: 'Recommend this stay' }).click();
  await page.waitForURL(/\/dashboard\/manage-stays$/, { timeout: 20_000 });
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
}

/** One day of the package: its title and text, and a night in the night's hotel and room type. */
async function fillDay(page: Page, n: number, night: Night) {
  const day = page.getByRole('region', { name: `Day ${n}`, exact: true });
  await day.getByLabel('Title of the day', { exact: true }).fill(n === 1 ? 'Arrival and the old town' : 'The coast');
  await day.getByLabel('What happens that day', { exact: true }).fill('Walk, eat, sleep well.');
  // The box is drawn over the real (visually hidden) input: a person taps the words.
  await day.getByText('Stay the night in a hotel', { exact: true }).click();
  expect(await day.getByRole('checkbox', { name: 'Stay the night in a hotel' }).isChecked()).toBe(true);
  await pickHotel(page, day, night.name);
  const roomType = day.getByRole('button', { name: /Room type/ });
  await roomType.click();
  await page.getByRole('listbox').getByRole('option').nth(night.roomIndex).click();
  await expect.poll(() => roomType.textContent()).toContain('sleeps');
}

async function buildAndPublishPackage(page: Page, title: string, nights: Night[]) {
  await platform.open(page, '/dashboard/experiences/add');
  await page.getByRole('heading', { level: 1, name: 'New package' }).waitFor();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Two nights by the sea, in the hotels I love.');
  await fillDay(page, 1, nights[0]!);
  await page.getByRole('button', { name: 'Add a day' }).click();
  await fillDay(page, 2, nights[1]!);
  await page.getByLabel('Price per person', { exact: true }).fill('1250');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  // Saved, then switched on: the builder moves to the package's own address.
  await page.waitForURL(/\/dashboard\/experiences\/[^/]+$/, { timeout: 20_000 });
  await page.getByRole('status').filter({ hasText: 'Your package is live in your club.' }).waitFor({ timeout: 20_000 });
  // Saved, it takes photos: a cover for its card in the club and the top of its page.
  await page
    .getByRole('group', { name: 'Cover photo' })
    .locator('input[type=file]')
    .setInputFiles(await photo('by-the-sea.jpg', '#5fa8d3', '#1b4965'));
  await page.getByRole('button', { name: 'Remove cover photo' }).waitFor({ timeout: 20_000 });
}

/** The creator's part: from the invite to a live club with a stay and a package, seen as visitors see it. */
async function creatorBuildsClub(page: Page, axe: (what: string) => Promise<void>): Promise<Club> {
  const name = 'Marta Rivera';
  const slug = `marta-${Date.now().toString(36)}`;
  const nights = await bookableNights([DEPARTURE, addDay(DEPARTURE)]);
  await signUpAsCreator(page, `${uniqueName('creator')}@example.test`, name);
  await axe('the dashboard after sign-up');

  await claimAddressAndHero(page, slug);
  await axe('club settings');
  await recommendStay(page, nights[0]!, 'Where I always stay');
  await axe('manage stays');
  const packageTitle = 'Two nights by the sea';
  await buildAndPublishPackage(page, packageTitle, nights);
  await axe('the package builder');

  // The club as visitors see it, from the dashboard, then the public page itself.
  await platform.open(page, '/dashboard/club');
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByRole('link', { name: new RegExp(escaped(packageTitle)) }).waitFor();
  await axe('the club preview');
  await page.getByRole('link', { name: 'Open your club' }).click();
  await page.waitForURL(new RegExp(`/user/${slug}$`));
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByRole('heading', { name: 'Where I always stay' }).first().waitFor();
  return { slug, name, packageTitle };
}

/** Reopens `path` until `ready` is visible there: the numbers arrive by events, a moment after the booking. */
async function openUntil(page: Page, path: string, ready: () => Locator) {
  await expect
    .poll(
      async () => {
        await platform.open(page, path);
        return ready()
          .waitFor({ timeout: 3_000 })
          .then(() => true)
          .catch(() => false);
      },
      { timeout: 40_000, interval: 500 },
    )
    .toBe(true);
}

it('takes a creator from an invite to a live club, a traveller from its link to a paid package, and shows the creator the booking', async () => {
  const creator = await platform.visitor(PHONE);
  const violations: string[] = [];
  const axeOn = (page: Page) => async (what: string) => {
    violations.push(...(await seriousViolations(page)).map((v) => `${what}: ${v}`));
  };
  const club = await creatorBuildsClub(creator.page, axeOn(creator.page));

  // A traveller opens the club from the creator's link, on a phone.
  const traveller = await platform.visitor(PHONE);
  const { page } = traveller;
  // A phone's browser, as the club's page-view beacon counts people (a headless browser is a bot to it).
  await traveller.context.setExtraHTTPHeaders({ 'user-agent': PHONE_BROWSER });
  const axe = axeOn(page);
  const email = `${uniqueName('fan')}@example.test`;
  await platform.open(page, `/user/${club.slug}`);
  await page.getByRole('heading', { level: 1, name: club.name }).waitFor();
  await page.waitForLoadState('networkidle');
  await axe('the club home');
  await screenshotsAt(page, 'club-home', BOTH, async () => {
    await page.reload();
    await hydrated(page);
  });

  // Subscribes by email, and confirms with the mail's link.
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Please check your inbox to confirm your subscription.' }).waitFor();
  const mail = await waitForMail(email, { subject: 'Please confirm your subscription', timeoutMs: 20_000 });
  await platform.open(page, mailLinkPath(mail, '/emailSubscription/'));
  // Opening the link only asks (mail scanners open links); the button confirms.
  await page.getByRole('heading', { level: 1, name: 'Confirm your subscription' }).waitFor();
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await page.getByRole('heading', { level: 1, name: `You're subscribed to ${club.name}'s club` }).waitFor();
  await axe('the subscription confirmed');

  // Back to the club, the package, a departure, and on to the checkout.
  await page.getByRole('link', { name: `Visit ${club.name}'s club` }).click();
  await page
    .getByRole('link', { name: new RegExp(escaped(club.packageTitle)) })
    .first()
    .click();
  await page.waitForURL(/\/packages\//);
  await page.getByRole('heading', { level: 1, name: club.packageTitle }).waitFor();
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await axe('the package page');
  await screenshotsAt(page, 'club-package', BOTH, async () => {
    await page.reload();
    await hydrated(page);
  });
  await page.getByRole('spinbutton', { name: /^month, Departure date/ }).click();
  await page.keyboard.type(typed(DEPARTURE));
  await page.getByRole('button', { name: 'Book this package' }).click();
  await page.waitForURL(/\/itinerary\/[^/]+\/contact$/, { timeout: 20_000 });
  await axe('the sign-up step');
  await signUpInTheModal(page, email);
  await page.getByRole('form', { name: 'Guest details' }).waitFor();
  await fillGuestDetails(page, email);
  await page.getByRole('heading', { name: 'Pay by card' }).waitFor();
  await payByKeyboard(page);
  await page.getByRole('heading', { name: 'Booking details' }).waitFor({ timeout: 30_000 });
  await axe('the confirmation');

  // The creator sees the booking in today's numbers, and the commission in income.
  const { page: desk } = creator;
  const freshAtEachSize = (ready: () => Locator) => async () => {
    await desk.reload();
    await hydrated(desk);
    await ready().waitFor();
  };
  await desk.setViewportSize(DESKTOP);
  const welcome = () => desk.getByRole('heading', { level: 1, name: `Welcome, ${club.name}` });
  await platform.open(desk, '/dashboard');
  await welcome().waitFor();
  await axeOn(desk)('the dashboard with a booking');
  await screenshotsAt(desk, 'dashboard-home', BOTH, freshAtEachSize(welcome));

  const today = new Date().toISOString().slice(0, 10);
  const bookings = () => desk.getByRole('listitem').filter({ hasText: /^Bookings\s*[1-9]/ });
  await openUntil(desk, `/dashboard/analytics?from=${today}&to=${today}`, bookings);
  // The traveller's visits to the club were counted too, by its page-view beacon.
  const pageViews = desk.getByRole('listitem').filter({ has: desk.getByText('Page views', { exact: true }) });
  expect(await pageViews.textContent()).toMatch(/^Page views\s*[1-9]/);
  await axeOn(desk)('analytics');
  // Drawn on a wide screen, the charts shrink with a narrowed window rather than widen the page.
  await desk.setViewportSize(PHONE);
  await expect.poll(() => sidewaysOverflow(desk)).toBe('');
  await desk.setViewportSize(DESKTOP);
  // A week of numbers for the pictures: the range picker's preset, the booking on its last day.
  await desk.getByRole('link', { name: 'Last 7 days' }).click();
  await desk.waitForURL(/range=last-7-days/);
  await bookings().waitFor();
  await screenshotsAt(desk, 'dashboard-analytics', BOTH, freshAtEachSize(bookings));

  const commission = () => desk.getByRole('listitem').filter({ hasText: /^Commission/ });
  await openUntil(desk, '/dashboard/income', commission);
  await axeOn(desk)('income');
  await screenshotsAt(desk, 'dashboard-income', BOTH, freshAtEachSize(commission));

  expect(violations).toEqual([]);
  expect(creator.problems).toEqual([]);
  expect(traveller.problems).toEqual([]);
  // About 120 s alone (bb95a0b and now alike); beside the other browser files in CI it took over 240 s.
}, 420_000);

it('lets a creator recommend a stay with the keyboard alone', async () => {
  const creator = await new Creator(platform.stack.gateway).signUp(`${uniqueName('keys')}@example.test`, 'Kim Keys');
  await creator.claimSlug(`kim-${Date.now().toString(36)}`);
  const [hotel] = await hotelsToUse(1);
  const { page, problems } = await platform.signedIn(creator.token!, DESKTOP);
  // Waiting for the picker from the start: Playwright asks the browser to catch file pickers only once someone
  // listens, and that request can arrive after a key pressed at once (the CI run where Enter opened nothing).
  const chooser = page.waitForEvent('filechooser', { timeout: 110_000 });
  chooser.catch(() => undefined); // a step failing before it closes the page: that failure is the one to report
  await platform.open(page, '/dashboard/stays/add');
  await page.getByRole('heading', { level: 1, name: 'Recommend a stay' }).waitFor();

  // The hotel: typed, chosen from the suggestions with the arrow keys and Enter.
  const field = page.getByRole('combobox', { name: 'Hotel' });
  await tabTo(page, field, 60);
  await page.keyboard.type(hotel!.name, { delay: 20 });
  const suggestion = page.getByRole('option', { name: new RegExp(`^${escaped(hotel!.name)}`) }).first();
  await suggestion.waitFor();
  for (let i = 0; i < 8 && (await suggestion.getAttribute('data-focused')) === null; i++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => field.inputValue()).toMatch(new RegExp(`^${escaped(hotel!.name)}`));

  await tabTo(page, page.getByLabel('Title', { exact: true }));
  await page.keyboard.type('Breakfast on the terrace');
  await tabTo(page, page.getByLabel('Why you recommend it', { exact: true }));
  await page.keyboard.type('Quiet rooms.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('The best coffee in town.');

  // The cover photo: the button opens the device's picker from the keyboard too.
  await tabTo(page, page.getByRole('button', { name: 'Choose a cover photo' }));
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(await photo('terrace.jpg', '#f2b880', '#6b3f22'));
  await page.getByRole('img', { name: 'Preview of terrace.jpg' }).waitFor();

  await tabTo(page, page.getByRole('button', { name: 'Recommend this stay' }));
  await page.keyboard.press('Space');
  await page.waitForURL(/\/dashboard\/manage-stays$/, { timeout: 20_000 });
  const list = page.getByRole('list', { name: 'Your recommended stays' });
  await list.getByRole('heading', { level: 2, name: 'Breakfast on the terrace' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
}, 120_000);
