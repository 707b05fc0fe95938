// Hotel pages as a shared link's audience opens them: a creator's link to a hotel, `/hotel/<slug>?creator=<club>`,
// over `hotels` hotels of the bench's catalog with a Zipf popularity (the n-th most shared hotel is opened 1/n as
// often as the first: a few links take most visits, and the long tail is seldom the same page twice within a few
// seconds), most visitors without cookies and a `signedIn` share of them signed in as one of a few travellers,
// whose pages are their own. autocannon picks each request's page and visitor as it sends it.
import autocannon from 'autocannon';
import { browserSession, cookieHeader, Traveller } from '@travelclub/testing';
import type { Visit } from './paced.js';
import { BROWSER_HEADERS, measuredRun, type Load } from './ssr.js';

interface Destination {
  id: string;
  hotelCount: number;
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Queries whose answers together name the catalog's places (the autocomplete gives a few per query). */
const QUERIES = 'abcdefghijklmnoprstuvwyz'.split('').flatMap((a) => ['a', 'e', 'i', 'o', 'u'].map((b) => a + b));

/** The slugs of `count` hotels, from the best-stocked places (countries, regions, cities) down, as the public API lists them. */
export async function hotelSlugs(gateway: string, count: number): Promise<string[]> {
  const places = new Map<string, number>();
  for (const query of QUERIES) {
    const found = await json<{ destinations: Destination[] }>(
      await fetch(`${gateway}/api/v1/destinations/autocomplete?query=${query}`),
      'autocomplete',
    );
    for (const d of found.destinations) places.set(d.id, d.hotelCount);
  }
  const slugs = new Set<string>();
  for (const [destination] of [...places].sort((a, b) => b[1] - a[1])) {
    for (let skip = 0; slugs.size < count; skip += 100) {
      const page = await json<{ hotels: { slug: string }[] }>(
        await fetch(`${gateway}/api/v1/hotel`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ destination, take: 100, skip }),
        }),
        'the hotel list',
      );
      page.hotels.forEach((h) => slugs.add(h.slug));
      if (page.hotels.length < 100) break;
    }
    if (slugs.size >= count) break;
  }
  if (slugs.size < count) throw new Error(`the catalog listed ${slugs.size} hotels, fewer than ${count}`);
  return [...slugs].slice(0, count);
}

/** A sampler of ranks 0..n-1 with P(k) ∝ 1/(k+1): the cumulative weights, searched by halves. */
export function zipf(n: number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cumulative[k] = sum += 1 / (k + 1);
  return () => {
    const target = Math.random() * sum;
    let [low, high] = [0, n - 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/** The cookies of `count` travellers signed up and signed in through the web's session login. */
async function travellerCookies(gateway: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const traveller = await new Traveller(gateway).visit();
    const res = await traveller.signUp(`bench-web-${Date.now()}-${i}@example.test`);
    if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(res.body)}`);
    cookies.push(cookieHeader(await browserSession(gateway, res.body.accessToken)));
  }
  return cookies;
}

export interface Mix {
  paths: string[];
  cookies: string[];
  signedIn: number;
}

export async function hotelMix(gateway: string, club: string, hotels: number, signedIn: number): Promise<Mix> {
  const slugs = await hotelSlugs(gateway, hotels);
  return {
    paths: slugs.map((slug) => `/hotel/${slug}?creator=${club}`),
    cookies: await travellerCookies(gateway, 5),
    signedIn,
  };
}

/** Each request's page by its popularity, and a visitor with or without a session. */
export function mixVisit(mix: Mix): Visit {
  const rank = zipf(mix.paths.length);
  return () => {
    const cookie =
      Math.random() < mix.signedIn ? mix.cookies[Math.floor(Math.random() * mix.cookies.length)] : undefined;
    const headers = { ...BROWSER_HEADERS, ...(cookie && { cookie }) };
    return { path: mix.paths[rank()]!, headers, kind: cookie ? 'signed in' : 'without a session' };
  };
}

/** autocannon over the mix, flat out: `connections` visitors, each asking again as soon as a page came back. */
export function loadMix(
  origin: string,
  mix: Mix,
  options: { connections: number; seconds: number; warmup: number; pids: Record<string, number> },
): Promise<Load> {
  const visit = mixVisit(mix);
  const run = (duration: number) =>
    autocannon({
      url: origin,
      connections: options.connections,
      duration,
      requests: [
        {
          setupRequest: (request) => {
            const { path, headers } = visit();
            return { ...request, path, headers };
          },
        },
      ],
    });
  return measuredRun(run, options);
}
