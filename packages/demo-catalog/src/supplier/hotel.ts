// One demo hotel: its stars, size, place, name, price and texts, all drawn from the hotel's own dice.
import { convert, nicePrice, type City, type SupplierHotel } from '@travelclub/contracts';
import STARS from '../../data/stars.json' with { type: 'json' };
import texts from '../../data/texts.json' with { type: 'json' };
import { postalCode, streetAddress, type StreetStyle } from './addresses.js';
import { pickFacilities } from './facilities.js';
import { hotelName, slugOfWords } from './names.js';
import { mix32, seededRandom, type Random } from './random.js';
import { PROVIDER } from './provider.js';
import { pickRoomTypes, ratePlans } from './rooms.js';
import { additionalInformation, childPolicy, describe, importantNotice, locationText, round1 } from './texts.js';

/** What every hotel of a city shares, worked out once per city. */
export interface CityPlan {
  city: City;
  hotels: number;
  currency: string;
  /** The country's hotel price level, 1 for the United States. */
  priceLevel: number;
  /** Bigger cities cost more and spread further. */
  sizeFactor: number;
  radiusKm: number;
  streets: StreetStyle;
  /** Two digits every postal code in the city starts with. */
  postalPrefix: string;
}

/** A standard room on an ordinary weeknight at a three-star hotel in a mid-sized US city. */
const BASE_USD_CENTS = 9_500;

/** Star ratings as hotel listings have them: mostly three and four stars. */
function pickStars(random: Random): number {
  let roll = random.next();
  for (let i = 0; i < STARS.length; i++) {
    roll -= STARS[i]!.weight;
    if (roll < 0) return i + 1;
  }
  return 3;
}

const round5 = (n: number) => Math.round(n * 100_000) / 100_000;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

export function makeHotel(
  index: number,
  plan: CityPlan,
  seedKey: number,
  idKey: number,
  imagesPrefix: string,
): SupplierHotel {
  const { city } = plan;
  const random = seededRandom(mix32((seedKey ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0));
  // A bijection of the index: ids are unique within an inventory yet look random.
  const _id = `h${mix32((index ^ idKey) >>> 0)
    .toString(36)
    .padStart(7, '0')}`;

  const stars = pickStars(random);
  const reviewRating = round1(clamp(6.1 + 0.55 * stars + 0.55 * random.gaussian(), 5.5, 9.8));
  const [fewest, most] = STARS[stars - 1]!.rooms;
  const rooms = clamp(random.int(fewest!, most!), 15, 300);
  // Bigger, better hotels in bigger cities collect more reviews.
  const reviewCount = Math.round(rooms * random.between(2, 25) * (0.5 + 0.15 * stars) * plan.sizeFactor);
  const { coordinates, distanceKm } = placeNear(random, city, plan.radiusKm);

  const nameWords = hotelName(random, city.name, stars);
  const name = nameWords.join(' ');
  const usdCents =
    BASE_USD_CENTS * plan.priceLevel * STARS[stars - 1]!.priceFactor * plan.sizeFactor * random.between(0.88, 1.12);
  const basePrice = nicePrice(
    convert({ amount: Math.round(usdCents), currency: 'USD' }, plan.currency).amount,
    plan.currency,
  );

  const facilities = pickFacilities(random, stars);
  const imageCount = random.int(4, 6);
  const images: string[] = [];
  for (let n = 1; n <= imageCount; n++) images.push(`${imagesPrefix}${_id}-${n}`);
  const roomTypes = pickRoomTypes(random, stars, rooms, index, _id, imagesPrefix);
  const landmark = random.pick(texts.landmarks);
  const described = { name, city: city.name, stars, rooms, facilities, distanceKm, landmark, reviewRating };

  return {
    _id,
    name,
    slug: slugOfWords(nameWords, _id.slice(1)),
    address: {
      line1: streetAddress(random, plan.streets),
      city: city.name,
      ...postalCode(random, city.countryCode, plan.postalPrefix),
      countryCode: city.countryCode,
    },
    coordinates,
    destinationId: city.id,
    description: describe(random, described),
    images,
    facilities,
    additionalInformation: additionalInformation(random),
    childAndExtraBedPolicy: childPolicy(random),
    importantNotice: importantNotice(random, stars),
    starRating: stars,
    reviewRating,
    ratingSummary: { score: reviewRating, reviewCount },
    hotelLocation: locationText(random, city.name, distanceKm, landmark),
    providerReference: { provider: PROVIDER, id: `demo-${index}` },
    currency: plan.currency,
    basePrice,
    popularity: Math.round(reviewCount * reviewRating * stars),
    roomTypes,
    ratePlans: ratePlans(random, stars),
  };
}

/** A spot within the city's radius, denser towards the centre, as hotels are. */
function placeNear(random: Random, city: City, radiusKm: number) {
  const distanceKm = radiusKm * random.next();
  const bearing = random.next() * 2 * Math.PI;
  const latitude = clamp(city.latitude + (distanceKm * Math.cos(bearing)) / 111.32, -89.9, 89.9);
  const lonScale = 111.32 * Math.max(0.05, Math.cos((city.latitude * Math.PI) / 180));
  let longitude = city.longitude + (distanceKm * Math.sin(bearing)) / lonScale;
  if (longitude > 180) longitude -= 360;
  if (longitude < -180) longitude += 360;
  return { coordinates: { latitude: round5(latitude), longitude: round5(longitude) }, distanceKm };
}
