// System test: auth, notifications, catalog and the gateway as separate processes; a client signs up, signs
// in, refreshes and follows a magic link, and a visitor searches hotels, all through the gateway's port.
import { AvailabilityAnswerSchema, SearchPageSchema, type AccountView, type TokenAnswer } from '@travelclub/contracts';
import { linkIn, testInfra, uniqueName, waitForMail } from '@travelclub/kit/testing';
import { startPart, type RunningPart } from '@travelclub/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

const parts: RunningPart[] = [];
let gateway: string;

beforeAll(async () => {
  const infra = testInfra();
  const shared = {
    MONGO_URL: infra.mongoUrl,
    KAFKA_BROKERS: infra.kafkaBrokers,
    REDIS_URL: infra.redisUrl,
    KAFKA_TOPIC_PREFIX: `${uniqueName('system')}.`,
    QUEUE_PREFIX: uniqueName('system'),
  };
  const auth = await startPart('auth', {
    ...shared,
    MONGO_DB: uniqueName('system_auth').replace(/-/g, '_'),
    WEB_URL: 'http://web.travelclub.test',
    COOKIE_SECURE: 'false',
    RATE_LIMIT_PREFIX: uniqueName('system-auth-rl'),
  });
  parts.push(auth);
  const notifications = await startPart('notifications', {
    ...shared,
    MONGO_DB: uniqueName('system_notifications').replace(/-/g, '_'),
    SMTP_URL: infra.smtpUrl,
  });
  parts.push(notifications);
  const catalog = await startPart('catalog', {
    ...shared,
    MONGO_DB: uniqueName('system_catalog').replace(/-/g, '_'),
    JWKS_URL: `${auth.url}/.well-known/jwks.json`,
    SEED_HOTELS: '300',
    SEARCH_PREFIX: uniqueName('system-search'),
    IMAGES_BASE_URL: 'http://travelclub.test',
  });
  parts.push(catalog);
  const front = await startPart('gateway', {
    REDIS_URL: infra.redisUrl,
    AUTH_URL: auth.url,
    NOTIFICATIONS_URL: notifications.url,
    CATALOG_URL: catalog.url,
    JWKS_URL: `${auth.url}/.well-known/jwks.json`,
    RATE_LIMIT_PREFIX: `${uniqueName('system-gw')}:`,
  });
  parts.push(front);
  gateway = front.url;
}, 120_000);

afterAll(async () => {
  for (const part of parts.reverse()) await part.stop();
});

/** Whatever the auth routes answer: tokens, an account, a message, or the error envelope. */
type Answer = Partial<TokenAnswer & AccountView & { message: string; returnUrl: string }> & {
  user: AccountView;
  accessToken: string;
  refreshToken: string;
  error: { code: string; message: string };
};

const call = async (method: string, path: string, body?: object, token?: string) => {
  const res = await fetch(gateway + path, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer };
};

it('signs up, signs in and refreshes through the gateway', async () => {
  const email = `${uniqueName('system')}@example.test`;
  const password = 'a system test secret';
  const visitor = await call('POST', '/api/v1/auth/anonymous');
  expect(visitor.status).toBe(201);
  // A new correlation id starts at the gateway, and the answer says which.
  expect(visitor.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);

  const signedUp = await call(
    'POST',
    '/api/v1/auth/signUp',
    { email, password, repassword: password, publicName: 'Sys Tem', role: 'consumer' },
    visitor.body.accessToken,
  );
  expect(signedUp.status).toBe(201);
  expect(signedUp.body.user).toMatchObject({ id: visitor.body.user.id, email, isAnonymous: false });

  const signedIn = await call('POST', '/api/v1/auth/signIn', { email, password });
  expect(signedIn.status).toBe(200);
  expect(signedIn.body.user.id).toBe(visitor.body.user.id);

  const me = await call('GET', '/api/v1/auth/me', undefined, signedIn.body.accessToken);
  expect(me.body).toMatchObject({ id: visitor.body.user.id, email });

  const refreshed = await call('POST', '/api/v1/auth/token/refresh', { refreshToken: signedIn.body.refreshToken });
  expect(refreshed.status).toBe(200);
  expect(refreshed.body.refreshToken).not.toBe(signedIn.body.refreshToken);
  // A second tab refreshing with the same token a moment later gets the same new one (auth's reuse grace).
  const secondTab = await call('POST', '/api/v1/auth/token/refresh', { refreshToken: signedIn.body.refreshToken });
  expect(secondTab.status).toBe(200);
  expect(secondTab.body.refreshToken).toBe(refreshed.body.refreshToken);

  const wrong = await call('POST', '/api/v1/auth/signIn', { email, password: 'not it at all' });
  expect(wrong.status).toBe(401);
  expect(wrong.body.error).toEqual({
    code: 'wrong-password',
    message: 'The specified password does not match the records.',
  });
});

it('refuses a protected route without a token at the edge', async () => {
  const res = await call('GET', '/api/v1/auth/me');
  expect(res.status).toBe(401);
  expect(res.body.error.code).toBe('unauthenticated');
});

it('follows a magic link mailed by the notifications process', async () => {
  const email = `${uniqueName('system-link')}@example.test`;
  const asked = await call('POST', '/api/v1/authentication/magicLink', { email, returnUrl: '/user/trips' });
  expect(asked.body).toEqual({ message: 'A sign in link has been sent to your email address.' });
  const link = new URL(linkIn(await waitForMail(email, { timeoutMs: 20_000 }), '/continueSignIn'));
  const signedIn = await call('POST', '/api/v1/auth/magicLink/consume', { code: link.searchParams.get('code') });
  expect(signedIn.status).toBe(200);
  expect(signedIn.body).toMatchObject({ returnUrl: '/user/trips', user: { email, emailVerified: true } });
});

it('lets a visitor find a destination, search it, check a hotel and like it through the gateway', async () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const suggest = await fetch(`${gateway}/api/v1/destinations/autocomplete?query=tok`);
  expect(suggest.status).toBe(200);
  const places = (await suggest.json()) as { destinations: { id: string; locationType: string; hotelCount: number }[] };
  const cities = places.destinations.filter((d) => d.locationType === 'city');
  expect(cities.length).toBeGreaterThan(0);

  // Without a token: search and availability are public.
  const created = await call('POST', '/api/v1/hotel/search/create', {
    destination: 'country-US',
    checkIn: day(30),
    checkOut: day(32),
    guests: 2,
    currency: 'EUR',
  });
  expect(created.status).toBe(201);
  const { searchId } = created.body as unknown as { searchId: string };
  const pageRes = await fetch(`${gateway}/api/v1/hotel/search/${searchId}?take=5`);
  const page = SearchPageSchema.parse(await pageRes.json());
  const hotel = page.hotels.find((h) => h.cheapestRate)!;
  expect(hotel.cheapestRate!.totalPrice.currency).toBe('EUR');
  // Checking rooms is the first step towards a cart: it takes a token, an anonymous visitor's will do.
  const visitor = await call('POST', '/api/v1/auth/anonymous');
  const availability = await call(
    'POST',
    `/api/v1/hotel/${hotel.id}/checkAvailability`,
    { hotelId: hotel.id, hotelSearchId: searchId },
    visitor.body.accessToken,
  );
  expect(availability.status).toBe(200);
  const answer = AvailabilityAnswerSchema.parse(availability.body);
  expect(Math.min(...answer.roomTypes.flatMap((rt) => rt.rooms.map((r) => r.totalPrice.amount)))).toBe(
    hotel.cheapestRate!.totalPrice.amount,
  );

  // The image links point at the gateway's origin, which serves them from the catalog.
  const link = new URL(hotel.titleImage!.links['200px']);
  const image = await fetch(`${gateway}${link.pathname}${link.search}`);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/jpeg');

  // Liking needs a token too: the gateway refuses without one.
  expect((await call('PUT', `/api/v1/hotel/${hotel.id}/like`, { like: true })).status).toBe(401);
  const liked = await call('PUT', `/api/v1/hotel/${hotel.id}/like`, { like: true }, visitor.body.accessToken);
  expect(liked.body).toMatchObject({ hotelId: hotel.id, liked: true, likes: 1 });

  // Room holds are not public: the gateway does not route them at all.
  expect((await call('POST', '/internal/v1/holds', {}, visitor.body.accessToken)).status).toBe(404);
});
