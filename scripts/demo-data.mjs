// Demo data for `npm start`: a traveller and a creator account made through the gateway, as a person would
// sign up, and the creator's club (a bio, recommended stays, a package). Running it again finds them and changes
// nothing.
import { setTimeout as sleep } from 'node:timers/promises';

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

/** The demo creator's club: a bio, four recommended stays and an active package, made once. */
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
  return profile.body.slug;
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
