// Demo data for `npm start`: a traveller and a creator account made through the gateway, as a person would
// sign up, and the creator's club (a bio, recommended stays, a package). Running it again finds them and changes
// nothing.
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';

export const demoAccounts = [
  { email: 'traveller@travelclub.local', password: 'traveller-demo', publicName: 'Tess Traveller', role: 'consumer' },
  { email: 'creator@travelclub.local', password: 'creator-demo', publicName: 'Cara Creator', role: 'creator' },
];

async function call(gatewayUrl, method, path, body, token) {
  const form = body instanceof FormData;
  const res = await fetch(new URL(path, gatewayUrl), {
    method,
    headers: {
      ...(body && !form ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: form ? body : body && JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
}
const post = (gatewayUrl, path, body) => call(gatewayUrl, 'POST', path, body);

const DEMO_STAYS = [
  ['Where I always stay', 'Ask for a room on the garden side: it is the quietest, and breakfast comes out there.'],
  ['Best breakfast in town', 'Fresh bread, local cheese and a terrace that gets the morning sun.'],
  ['A rooftop pool', 'Worth it for the sunset alone. Book the corner rooms for two views.'],
  ['For a long weekend', 'Five minutes on foot from the old town, and the staff know every good table nearby.'],
];

/** A seaside at dusk, drawn here (no picture files in the repository), as the club's hero image. */
const HERO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2b3a67"/><stop offset="0.55" stop-color="#e8846b"/><stop offset="1" stop-color="#f7c59f"/>
    </linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3d6e8c"/><stop offset="1" stop-color="#1d3a4f"/>
    </linearGradient>
  </defs>
  <rect width="1600" height="900" fill="url(#sky)"/>
  <circle cx="1120" cy="560" r="110" fill="#ffd89c"/>
  <path d="M0 520 L240 430 L420 500 L610 400 L820 520 Z" fill="#4a3f5c" opacity="0.8"/>
  <rect y="560" width="1600" height="340" fill="url(#sea)"/>
  <path d="M0 640 Q200 620 400 640 T800 640 T1200 640 T1600 640" stroke="#f7c59f" stroke-width="4" fill="none" opacity="0.5"/>
  <path d="M0 720 Q200 700 400 720 T800 720 T1200 720 T1600 720" stroke="#f7c59f" stroke-width="3" fill="none" opacity="0.3"/>
</svg>`;

async function uploadHero(api, userId) {
  const bytes = await sharp(Buffer.from(HERO_SVG)).jpeg({ quality: 82 }).toBuffer();
  const form = new FormData();
  form.append('image', new Blob([bytes], { type: 'image/jpeg' }), 'hero.jpg');
  const answer = await api('POST', `/api/v1/userProfile/${userId}/creator/heroImage`, form);
  if (answer.status >= 400) throw new Error(`demo hero image: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** The demo creator's club: a bio, a hero image, four recommended stays and an active package, made once. */
async function seedClub(gatewayUrl, token) {
  const api = (method, path, body) => call(gatewayUrl, method, path, body, token);
  // The profile comes from the sign-up's event; a first start may ask a moment before it is there.
  let profile = await api('GET', '/api/v1/userProfile');
  for (let i = 0; profile.status === 404 && i < 40; i++) {
    await sleep(250);
    profile = await api('GET', '/api/v1/userProfile');
  }
  if (profile.status === 404) profile = await api('POST', '/api/v1/userProfile', { publicName: 'Cara Creator' });
  if (profile.status >= 400) throw new Error(`demo club profile: ${profile.status} ${JSON.stringify(profile.body)}`);
  if (!profile.body.creatorProfile?.bio) {
    await api('PUT', '/api/v1/userProfile', {
      creatorProfile: {
        bio: 'Slow travel, small hotels and long breakfasts. These are the places I go back to.',
        links: [{ label: 'Instagram', url: 'https://instagram.com/cara.creator' }],
      },
    });
  }
  if (!profile.body.creatorProfile?.heroImage) await uploadHero(api, profile.body.userId);
  const mine = await api('GET', '/api/v1/userProfile/hotelRecommendations');
  if (mine.body.recommendations?.length === 0) {
    const hotels = (await api('GET', `/api/v1/hotel/recommended?take=${DEMO_STAYS.length}`)).body.hotels ?? [];
    for (const [i, hotel] of hotels.entries()) {
      const form = new FormData();
      form.append('title', DEMO_STAYS[i][0]);
      form.append('text', DEMO_STAYS[i][1]);
      await api('PUT', `/api/v1/hotel/${hotel.id}/recommend`, form);
    }
    const [first, second] = hotels;
    if (first && second) await seedPackage(api, first.id, second.id);
  }
  await seedGuide(api);
  return profile.body.slug;
}

/** A written guide (the club's itineraries tab) through two of the club's stays, published. */
async function seedGuide(api) {
  const guides = await api('GET', '/api/itinerary-content');
  if (guides.status !== 200 || guides.body.guides.length > 0) return;
  const stays = (await api('GET', '/api/v1/userProfile/hotelRecommendations')).body.recommendations ?? [];
  const hotel = (i) => (stays[i] ? [{ type: 'hotel', hotelId: stays[i].hotelId }] : []);
  await api('POST', '/api/itinerary-content', {
    title: 'Three slow days',
    summary: 'How I spend a long weekend: late breakfasts, one museum, and a pool at sunset.',
    status: 'published',
    days: [
      {
        title: 'Arrive and wander',
        blocks: [
          { type: 'paragraph', text: 'Drop your bags and walk the old town before dinner: it is at its best at dusk.' },
          ...hotel(0),
        ],
      },
      {
        title: 'Markets and museums',
        blocks: [
          { type: 'heading', level: 3, text: 'Morning' },
          { type: 'list', items: ['The covered market for breakfast', 'The city museum when it opens'] },
          { type: 'paragraph', text: 'Afternoons are for a long lunch and a nap. Nobody here hurries.' },
        ],
      },
      {
        title: 'Pool day',
        blocks: [{ type: 'paragraph', text: 'Move to the rooftop hotel for the last night.' }, ...hotel(1)],
      },
    ],
  });
}

/** Three nights in two of the club's hotels, bookable on any date. */
async function seedPackage(api, firstId, secondId) {
  const roomOf = async (id) => ({
    hotelId: id,
    roomType: (await api('GET', `/api/v1/hotel/${id}`)).body.roomTypes[0].type,
  });
  const [first, second] = [await roomOf(firstId), await roomOf(secondId)];
  const made = await api('PUT', '/api/v1/travelpackage', {
    title: 'A long weekend, my way',
    summary: 'Two nights in my favourite hotel, one by the pool, and every table worth booking.',
    days: [
      { title: 'Arrive and wander', activities: ['Old town walk', 'Dinner on the square'], stay: first },
      { title: 'Markets and museums', activities: ['Morning market', 'The city museum'], stay: first },
      { title: 'Pool day', activities: ['Rooftop pool', 'Sunset drinks'], stay: second },
      { title: 'Home', activities: ['Last breakfast'] },
    ],
    pricing: { kind: 'liveQuote' },
    offeredDates: { kind: 'any' },
    capacity: 4,
  });
  if (made.status === 201) await api('POST', `/api/v1/bff/travelPackage/${made.body.id}/toggle`, { isActive: true });
}

/**
 * Signs each demo account in, signing it up first when it does not exist yet; with `club`, the creator's club
 * too (it needs the creator service and the catalog).
 */
export async function seedDemoData(gatewayUrl, { club = true } = {}) {
  const lines = [];
  for (const account of demoAccounts) {
    const { email, password } = account;
    let answer = await post(gatewayUrl, '/api/v1/auth/signIn', { email, password });
    if (answer.body?.error?.code === 'user-not-found') {
      answer = await post(gatewayUrl, '/api/v1/auth/signUp', { ...account, repassword: password });
    }
    if (answer.status >= 400) throw new Error(`demo account ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
    lines.push(`  ${answer.body.user.roles.join(',').padEnd(14)} ${email} / ${password}`);
    if (club && account.role === 'creator' && answer.body.accessToken) {
      const slug = await seedClub(gatewayUrl, answer.body.accessToken);
      lines.push(`  ${''.padEnd(14)} club: ${new URL(`/user/${slug}`, gatewayUrl)}`);
    }
  }
  return lines;
}

/** Waits until `url` answers 200, or gives up after `timeoutMs` or once `signal` aborts. */
export async function waitUntilReady(url, timeoutMs = 60_000, signal = undefined) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !signal?.aborted) {
    if (
      await fetch(url, { signal }).then(
        (res) => res.ok,
        () => false,
      )
    )
      return true;
    await sleep(500, undefined, { signal }).catch(() => undefined);
  }
  return false;
}
