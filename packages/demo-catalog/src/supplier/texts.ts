// A hotel's texts: where it is, its Overview, house rules, the children's policy and notices, put
// together from the phrases of data/texts.json.
import type { SupplierHotel } from '@travelclub/contracts';
import STARS from '../../data/stars.json' with { type: 'json' };
import texts from '../../data/texts.json' with { type: 'json' };
import type { Random } from './random.js';

export const round1 = (n: number) => Math.round(n * 10) / 10;

export function locationText(random: Random, city: string, distanceKm: number, landmark: string): string {
  const km = Math.max(0.1, round1(distanceKm)).toFixed(1);
  if (distanceKm < 1) return `City centre, ${km} km from the ${landmark}`;
  if (distanceKm < 3) return `${random.pick(texts.districts)}, ${km} km from the centre`;
  return `${random.pick(texts.outskirts)}, ${km} km from ${city} centre`;
}

/** Property facilities a description can name as something to enjoy. */
const NOT_AN_ATTRACTION: ReadonlySet<string> = new Set(texts.notAnAttraction);

interface DescribedHotel {
  name: string;
  city: string;
  stars: number;
  rooms: number;
  facilities: SupplierHotel['facilities'];
  distanceKm: number;
  landmark: string;
  reviewRating: number;
}

/** The Overview: an opening line, then one to three of the sentences that fit the hotel. */
export function describe(random: Random, hotel: DescribedHotel): string {
  const { name, city, distanceKm } = hotel;
  const where =
    distanceKm < 1
      ? `in the heart of ${city}`
      : distanceKm < 3
        ? `a short ride from central ${city}`
        : `on the edge of ${city}`;
  const spa = hotel.facilities.some((f) => f.name.startsWith('Spa'));
  const kind = hotel.stars >= 4 ? (spa ? 'hotel and spa' : 'hotel') : random.pick(['hotel', 'hotel', 'guesthouse']);
  const more = sentences(random, hotel);
  const chosen = random.sample(more, random.int(1, Math.min(3, more.length)));
  return [`${name} is a ${STARS[hotel.stars - 1]!.words} ${kind} ${where}.`, ...chosen].join(' ');
}

/** The sentences an Overview may pick from. */
function sentences(random: Random, hotel: DescribedHotel): string[] {
  const { city, stars, distanceKm } = hotel;
  const features = hotel.facilities
    .filter((f) => f.group === 'property' && !NOT_AN_ATTRACTION.has(f.name))
    .map((f) => `the ${f.name.toLowerCase()}`);
  const more: string[] = [];
  if (features.length)
    more.push(
      `Guests can enjoy ${features.length > 1 ? `${features.slice(0, -1).join(', ')} and ` : ''}${features.at(-1)}.`,
    );
  more.push(
    `Each of its ${hotel.rooms} rooms has free Wi-Fi${stars >= 2 ? ', air conditioning' : ''} and a private bathroom.`,
  );
  const minutes = Math.max(2, Math.round((distanceKm / 5) * 60));
  more.push(
    distanceKm < 3
      ? `The ${hotel.landmark} is about ${minutes} minutes away on foot.`
      : `Buses and trains take you to the ${hotel.landmark} of ${city} in about ${Math.round(minutes / 3)} minutes.`,
  );
  if (hotel.reviewRating >= 8)
    more.push(
      `Guests rate it ${hotel.reviewRating.toFixed(1)} out of 10 and often mention the ${random.pick(texts.praise)}.`,
    );
  return more;
}

export function additionalInformation(random: Random): string {
  const checkIn = random.pick(texts.checkInHours);
  const checkOut = random.pick(texts.checkOutHours);
  return `Check-in from ${checkIn}:00, check-out until ${checkOut}:00. ${random.pick(texts.houseRules)}`;
}

export function childPolicy(random: Random): string {
  const freeAge = random.pick(texts.freeAges);
  const cots = random.chance(0.7) ? 'Cots are available free of charge on request.' : 'Cots are not available.';
  return `Children of all ages are welcome. Children up to ${freeAge} years stay free when using existing beds. ${cots} Extra beds are not available.`;
}

/** Where a notice depends on the hotel: small hotels close reception at night, bigger ones their grounds. */
const CLOSING_NOTICES = [
  [...texts.notices, texts.closingNotices.small],
  [...texts.notices, texts.closingNotices.large],
] as const;

export function importantNotice(random: Random, stars: number): string {
  return random.sample(CLOSING_NOTICES[stars >= 3 ? 1 : 0], random.int(1, 2)).join(' ');
}
