// Destination ideas for a free-text wish (`GET /api/v1/experimental/gpt/destinations` and Taylor's
// suggest_destinations tool): the catalog's own places in the country asked, ranked by what the wish measurably
// asks for, each with its figures as the reason and a stored search to open. Nothing is invented: a place with no
// hotel free for the stay is not suggested.
import {
  DEFAULT_CURRENCY,
  assistantLimits,
  type DestinationIdeas,
  type HotelResult,
  type Money,
  formatMoney,
} from '@travelclub/contracts';
import { AppError, type CausalContext } from '@travelclub/kit';
import type { CreatorPlatform } from '../clients/platform.js';
import { formatStay, plural, todayOf } from '../domain/format.js';
import { readWish, type Mood, type Wish } from '../domain/wish.js';
import { searchUrl } from '../tools/catalog-tools.js';

interface Place {
  destinationId: string;
  city: string;
  hotels: number;
  cheapest: Money;
  rating: number | null;
}

const GUESTS = 2;

function placesOf(hotels: HotelResult[]): Place[] {
  const byPlace = new Map<string, { city: string; prices: Money[]; ratings: number[] }>();
  for (const hotel of hotels) {
    if (!hotel.cheapestRate) continue;
    const place = byPlace.get(hotel.destinationId) ?? { city: hotel.address.city, prices: [], ratings: [] };
    place.prices.push(hotel.cheapestRate.totalPrice);
    const rating = hotel.reviewRating ?? hotel.ratingSummary?.score;
    if (rating !== undefined) place.ratings.push(rating);
    byPlace.set(hotel.destinationId, place);
  }
  return [...byPlace].map(([destinationId, p]) => ({
    destinationId,
    city: p.city,
    hotels: p.prices.length,
    cheapest: p.prices.reduce((a, b) => (b.amount < a.amount ? b : a)),
    rating: p.ratings.length ? Math.round((p.ratings.reduce((a, b) => a + b, 0) / p.ratings.length) * 10) / 10 : null,
  }));
}

const ORDERS: Record<Mood | 'default', (a: Place, b: Place) => number> = {
  quiet: (a, b) => a.hotels - b.hotels,
  lively: (a, b) => b.hotels - a.hotels,
  cheap: (a, b) => a.cheapest.amount - b.cheapest.amount,
  rated: (a, b) => (b.rating ?? 0) - (a.rating ?? 0),
  default: (a, b) => (b.rating ?? 0) - (a.rating ?? 0) || b.hotels - a.hotels,
};

const MOOD_WORDS: Record<Mood, string> = {
  quiet: 'quiet (places with fewer hotels first)',
  lively: 'lively (places with more hotels first)',
  cheap: 'good value (the lowest prices first)',
  rated: 'special (the best-rated places first)',
};

function understoodOf(wish: Wish, country: string): string[] {
  return [
    `Country: ${country}`,
    `When: ${wish.month ? `a weekend in ${wish.month}` : 'the next month'}, priced for ${formatStay(wish.checkIn, wish.checkOut)} for ${GUESTS}`,
    ...wish.moods.map((mood) => `Mood: ${MOOD_WORDS[mood]}`),
  ];
}

const NOT_CHECKED = (word: string) =>
  `“${word}”: the catalog does not describe places this way, so I could not check it`;

export async function destinationIdeas(
  platform: CreatorPlatform,
  query: string,
  today: string,
): Promise<DestinationIdeas> {
  const wish = readWish(query, today);
  const notChecked = wish.notChecked.map(NOT_CHECKED);
  if (!wish.country)
    return {
      query,
      understood: [],
      notChecked: [...notChecked, 'Which country: name one, for example “in Portugal”'],
      ideas: [],
    };
  const countryDestination = (await platform.destinations(wish.country.name)).destinations.find(
    (d) => d.locationType === 'country' && d.countryCode === wish.country!.code,
  );
  const understood = understoodOf(wish, wish.country.name);
  if (!countryDestination)
    return {
      query,
      understood,
      notChecked: [...notChecked, `The catalog has no hotels in ${wish.country.name} yet`],
      ideas: [],
    };
  const stay = { checkIn: wish.checkIn, checkOut: wish.checkOut, guests: GUESTS, rooms: 1, currency: DEFAULT_CURRENCY };
  const page = await platform.search({ destination: countryDestination.id, ...stay }, 100);
  const order = ORDERS[wish.moods[0] ?? 'default'];
  const places = placesOf(page.hotels)
    .sort((a, b) => order(a, b) || a.city.localeCompare(b.city))
    .slice(0, assistantLimits.maxIdeas);
  const ideas = await Promise.all(
    places.map(async (place) => {
      const searchId = await platform.createSearch({ destination: place.destinationId, ...stay });
      const rated = place.rating === null ? '' : `, rated ${place.rating.toFixed(1)} out of 10 on average`;
      return {
        destination: {
          id: place.destinationId,
          name: place.city,
          locationType: 'city' as const,
          countryCode: wish.country!.code,
          label: `${place.city}, ${wish.country!.name}`,
          hotelCount: place.hotels,
        },
        reason: `${plural(place.hotels, 'hotel')} with rooms for ${formatStay(wish.checkIn, wish.checkOut)}, from ${formatMoney(place.cheapest)} for the stay${rated}`,
        searchUrl: searchUrl(searchId),
      };
    }),
  );
  return { query, understood, notChecked, ideas };
}

/** The ideas route's flow: a creator's own calls to the platform, within the per-minute limit. */
export function ideaFlows(parts: {
  platformFor(accessToken: string, ctx: CausalContext): CreatorPlatform;
  take(creatorId: string): Promise<boolean>;
}) {
  return {
    async suggest(creatorId: string, accessToken: string, query: string, ctx: CausalContext) {
      if (!(await parts.take(creatorId))) throw new AppError('too-many-requests');
      return destinationIdeas(parts.platformFor(accessToken, ctx), query, todayOf(undefined));
    },
  };
}

export type IdeaFlows = ReturnType<typeof ideaFlows>;
