// The demo supplier: believable hotels in real cities, made up from a seed, so the catalog has an
// inventory to search without a real supplier. The same count and seed always give the same hotels.
import { catalogLimits, supportedCurrencies } from '@travelclub/contracts';
import countryToCurrency from 'country-to-currency';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { convert } from '../domain/money.js';
import { nicePrice } from '../domain/pricing.js';
import type { RatePlan, StoredHotel, StoredRoomType } from '../domain/types.js';
import { loadDestinations, type City } from './destinations.js';
import { mix32, seededRandom, type Random } from './random.js';
import type { HotelSupplier } from './supplier.js';

/** Only cities this big get demo hotels: smaller places would each get a lone hotel at best. */
export const DEMO_MIN_POPULATION = 50_000;
const DEFAULT_BATCH_SIZE = 1_000;
const PROVIDER = 'demo';

/** A comma-separated list written across lines, as word lists read best. */
const words = (list: string): string[] =>
  list
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

export interface DemoSupplierOptions {
  /** Hotels to make, exactly. */
  count: number;
  seed: number;
  /** Put before every image public id (letters, digits and hyphens), to tell inventories apart. */
  imagesPrefix?: string;
  batchSize?: number;
}

export function demoSupplier(options: DemoSupplierOptions): HotelSupplier {
  const { count, seed, imagesPrefix = '', batchSize = DEFAULT_BATCH_SIZE } = options;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Hotel count must be a whole number: ${count}`);
  if (!Number.isInteger(seed)) throw new RangeError(`Seed must be a whole number: ${seed}`);
  if (!/^[a-z0-9-]*$/.test(imagesPrefix)) throw new RangeError(`Image prefix may use a-z, 0-9 and -: ${imagesPrefix}`);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`Batch size must be positive: ${batchSize}`);
  return {
    name: PROVIDER,
    async *hotels() {
      for (const batch of demoBatches(count, seed, imagesPrefix, batchSize)) {
        yield batch;
        // Making hotels is pure computation: let I/O (health checks, the importer's writes) through.
        await nextTurn();
      }
    },
  };
}

// ---------- where the hotels go ----------

/** What every hotel of a city shares, worked out once per city. */
interface CityPlan {
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

/** Splits `count` over the cities by population with the largest-remainder method: the sum is exact. */
export function allocateHotels(count: number, cities: readonly Pick<City, 'population'>[]): number[] {
  const total = cities.reduce((sum, city) => sum + city.population, 0);
  if (!total || !count) return cities.map(() => 0);
  const quotas = cities.map((city) => (count * city.population) / total);
  const shares = quotas.map(Math.floor);
  let left = count - shares.reduce((sum, n) => sum + n, 0);
  const byRemainder = quotas.map((quota, i) => ({ i, rest: quota - Math.floor(quota) }));
  byRemainder.sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left-- <= 0) break;
    shares[i]! += 1;
  }
  return shares;
}

const SUPPORTED: ReadonlySet<string> = new Set(supportedCurrencies);
const CURRENCY_OF: Readonly<Record<string, string | undefined>> = countryToCurrency;

function currencyOf(countryCode: string): string {
  const currency = CURRENCY_OF[countryCode];
  return currency && SUPPORTED.has(currency) ? currency : 'USD';
}

/** Hotel price levels against the United States (1.0), from typical mid-range room prices. */
const PRICE_LEVELS: ReadonlyMap<string, number> = new Map(
  words(`
    AE 0.95, AR 0.5, AT 0.85, AU 0.95, BD 0.3, BE 0.85, BR 0.5, CA 0.95, CH 1.35, CL 0.6, CN 0.5, CO 0.4,
    CZ 0.55, DE 0.85, DK 1.15, EG 0.35, ES 0.75, FI 0.85, FR 0.95, GB 1.1, GR 0.7, HK 1, HR 0.65, HU 0.5,
    ID 0.35, IE 1.05, IL 1.05, IN 0.35, IS 1.3, IT 0.85, JP 0.8, KE 0.5, KR 0.7, MA 0.45, MX 0.55,
    MY 0.4, NG 0.45, NL 1, NO 1.2, NZ 0.9, PE 0.4, PH 0.4, PK 0.3, PL 0.5, PT 0.65, RO 0.45, RU 0.45,
    SA 0.8, SE 0.9, SG 1.1, TH 0.4, TR 0.5, TW 0.6, US 1, VN 0.3, ZA 0.5
  `).map((entry) => {
    const [code, level] = entry.split(' ');
    return [code!, Number(level)];
  }),
);

/** Outside the table: a rough guess by where the city lies, Europe dearer than most of the rest. */
function priceLevelOf(city: City): number {
  const known = PRICE_LEVELS.get(city.countryCode);
  if (known !== undefined) return known;
  const inEurope = city.latitude > 35 && city.latitude < 72 && city.longitude > -25 && city.longitude < 45;
  return inEurope ? 0.7 : 0.45;
}

function planCities(count: number, seed: number): CityPlan[] {
  const cities = loadDestinations().cities.filter((city) => city.population >= DEMO_MIN_POPULATION);
  const shares = allocateHotels(count, cities);
  const plans: CityPlan[] = [];
  cities.forEach((city, i) => {
    const hotels = shares[i]!;
    if (!hotels) return;
    const doublings = Math.log2(city.population / DEMO_MIN_POPULATION);
    plans.push({
      city,
      hotels,
      currency: currencyOf(city.countryCode),
      priceLevel: priceLevelOf(city),
      sizeFactor: 0.85 + 0.05 * doublings,
      radiusKm: 1 + 0.8 * doublings,
      streets: streetStyleOf(city.countryCode),
      postalPrefix: String((mix32(Number(city.id.slice(5)) ^ seed) % 90) + 10),
    });
  });
  return plans;
}

function* demoBatches(count: number, seed: number, imagesPrefix: string, batchSize: number): Generator<StoredHotel[]> {
  const seedKey = mix32(seed);
  const idKey = mix32(seed ^ 0x5bd1e995);
  let batch: StoredHotel[] = [];
  let index = 0;
  for (const plan of planCities(count, seed))
    for (let n = 0; n < plan.hotels; n++) {
      batch.push(makeHotel(index, plan, seedKey, idKey, imagesPrefix));
      index++;
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
  if (batch.length) yield batch;
}

// ---------- one hotel ----------

/** Star ratings as hotel listings have them: mostly three and four stars. */
const STAR_WEIGHTS = [0.05, 0.15, 0.38, 0.3, 0.12] as const;
const STAR_PRICE = [0.45, 0.65, 1, 1.5, 2.6] as const;
const STAR_ROOMS: readonly (readonly [number, number])[] = [
  [15, 40],
  [18, 60],
  [30, 150],
  [60, 250],
  [80, 300],
];
const STAR_WORDS = [
  'simple one-star',
  'friendly two-star',
  'comfortable three-star',
  'stylish four-star',
  'luxury five-star',
];
/** A standard room on an ordinary weeknight at a three-star hotel in a mid-sized US city. */
const BASE_USD_CENTS = 9_500;

function pickStars(random: Random): number {
  let roll = random.next();
  for (let i = 0; i < STAR_WEIGHTS.length; i++) {
    roll -= STAR_WEIGHTS[i]!;
    if (roll < 0) return i + 1;
  }
  return 3;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

function makeHotel(index: number, plan: CityPlan, seedKey: number, idKey: number, imagesPrefix: string): StoredHotel {
  const { city } = plan;
  const random = seededRandom(mix32((seedKey ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0));
  // A bijection of the index: ids are unique within an inventory yet look random.
  const _id = `h${mix32((index ^ idKey) >>> 0)
    .toString(36)
    .padStart(7, '0')}`;

  const stars = pickStars(random);
  const reviewRating = round1(clamp(6.1 + 0.55 * stars + 0.55 * random.gaussian(), 5.5, 9.8));
  const rooms = clamp(random.int(STAR_ROOMS[stars - 1]![0], STAR_ROOMS[stars - 1]![1]), 15, 300);
  // Bigger, better hotels in bigger cities collect more reviews.
  const reviewCount = Math.round(rooms * random.between(2, 25) * (0.5 + 0.15 * stars) * plan.sizeFactor);

  // Denser towards the centre, as hotels are.
  const distanceKm = plan.radiusKm * random.next();
  const bearing = random.next() * 2 * Math.PI;
  const latitude = clamp(city.latitude + (distanceKm * Math.cos(bearing)) / 111.32, -89.9, 89.9);
  const lonScale = 111.32 * Math.max(0.05, Math.cos((city.latitude * Math.PI) / 180));
  let longitude = city.longitude + (distanceKm * Math.sin(bearing)) / lonScale;
  if (longitude > 180) longitude -= 360;
  if (longitude < -180) longitude += 360;

  const nameWords = hotelName(random, city.name, stars);
  const name = nameWords.join(' ');
  const usdCents =
    BASE_USD_CENTS * plan.priceLevel * STAR_PRICE[stars - 1]! * plan.sizeFactor * random.between(0.88, 1.12);
  const basePrice = nicePrice(
    convert({ amount: Math.round(usdCents), currency: 'USD' }, plan.currency).amount,
    plan.currency,
  );

  const facilities = pickFacilities(random, stars);
  const imageCount = random.int(4, 6);
  const images: string[] = [];
  for (let n = 1; n <= imageCount; n++) images.push(`${imagesPrefix}${_id}-${n}`);
  const roomTypes = pickRoomTypes(random, stars, rooms, index, _id, imagesPrefix);
  const landmark = random.pick(LANDMARKS);
  const suffix = _id.slice(1);

  return {
    _id,
    name,
    slug: slugOfWords(nameWords, suffix),
    address: {
      line1: streetAddress(random, plan.streets),
      city: city.name,
      ...postalCode(random, city.countryCode, plan.postalPrefix),
      countryCode: city.countryCode,
    },
    coordinates: { latitude: round5(latitude), longitude: round5(longitude) },
    destinationId: city.id,
    description: describe(random, {
      name,
      city: city.name,
      stars,
      rooms,
      facilities,
      distanceKm,
      landmark,
      reviewRating,
    }),
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

const round5 = (n: number) => Math.round(n * 100_000) / 100_000;

// ---------- names and slugs ----------

const HOTEL_WORDS = words(`
  Lumière, Belvedere, Aurora, Bellevue, Regina, Continental, Splendid, Miramar, Esplanade, Majestic,
  Astoria, Victoria, Imperial, Savoy, Metropole, Excelsior, Panorama, Alma, Serena, Bristol,
  Ambassador, Central, Europa, Orient
`);
const NOUNS = words(`
  Harbour, Garden, Market, River, Linden, Cedar, Foundry, Library, Orchard, Lantern, Copper, Meridian,
  Willow, Stone, Observatory, Canal, Station, Mill, Courtyard, Lighthouse, Olive
`);
const ADJECTIVES = ['Grand', 'Royal', 'Little', 'Old', 'New', 'Park', 'Urban', 'Blue', 'Golden', 'Silver', 'Green'];
const MODEST_KINDS = ['Suites', 'Hotel', 'Inn', 'Residences', 'Lodge', 'Rooms'];
const KINDS = [...MODEST_KINDS, 'Boutique Hotel', 'Hotel & Spa'];
const BRANDS = ['Novara', 'Kestrel', 'Halcyon', 'Arbor', 'Nomad', 'Solace', 'Parkway', 'Citadel', 'Mosaic', 'Vela'];
const AREAS = ['Centre', 'Old Town', 'Riverside', 'Airport', 'Station', 'Waterfront', 'Downtown', 'Marina'];

/** A hotel name as its words, so its slug can be made from slugs of the words (few, so memoised). */
function hotelName(random: Random, city: string, stars: number): string[] {
  const noun = random.pick(NOUNS);
  switch (random.int(0, 6)) {
    case 0:
      return ['Hotel', random.pick(HOTEL_WORDS), city];
    case 1:
      return ['The', noun, 'House', city];
    case 2:
      return [random.pick(ADJECTIVES), noun, random.pick(stars >= 4 ? KINDS : MODEST_KINDS), city];
    case 3:
      return [city, noun, stars <= 2 && random.chance(0.5) ? 'Hostel' : 'Hotel'];
    case 4:
      return [random.pick(BRANDS), city, random.pick(AREAS)];
    case 5:
      return stars >= 4 ? [random.pick(HOTEL_WORDS), 'Palace', city] : ['Hotel', random.pick(HOTEL_WORDS)];
    default:
      return [random.pick(ADJECTIVES), noun, random.pick(stars >= 4 ? KINDS : MODEST_KINDS)];
  }
}

/** Letters that Unicode does not decompose into a base letter and an accent. */
const FOLDED: Readonly<Record<string, string>> = Object.fromEntries(
  words('ß ss, æ ae, œ oe, ø o, ł l, đ d, ð d, þ th, ı i').map((pair) => pair.split(' ')),
);
const SLUG_MAX = 64;

/** Lower-case ASCII words joined by single hyphens ("São Paulo" → "sao-paulo"); may be empty. */
function slugWords(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđðþı]/g, (letter) => FOLDED[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A slug: the name's words, cut to fit, then the id part that makes it unique. */
export function slugOf(name: string, uniquePart: string): string {
  const room = SLUG_MAX - uniquePart.length - 1;
  const head = slugWords(name).slice(0, room).replace(/-+$/, '') || 'hotel';
  return `${head}-${uniquePart}`;
}

const slugWordCache = new Map<string, string>();
/** slugOf for a name given as words: the same slug, with each word's slug made once per run. */
function slugOfWords(words: readonly string[], uniquePart: string): string {
  const slugs: string[] = [];
  for (const word of words) {
    let slug = slugWordCache.get(word);
    if (slug === undefined) {
      slug = slugWords(word);
      // City names are bounded (about ten thousand), but a long-lived process should not grow forever.
      if (slugWordCache.size > 50_000) slugWordCache.clear();
      slugWordCache.set(word, slug);
    }
    if (slug) slugs.push(slug);
  }
  const room = SLUG_MAX - uniquePart.length - 1;
  const head = slugs.join('-').slice(0, room).replace(/-+$/, '') || 'hotel';
  return `${head}-${uniquePart}`;
}

// ---------- addresses ----------

interface StreetStyle {
  /** Street number first ("27 Market Street") or after the name ("Calle Mayor, 27"). */
  numberFirst: boolean;
  separator: string;
  streets: readonly string[];
}
const ENGLISH: StreetStyle = {
  numberFirst: true,
  separator: ' ',
  streets: words(`
    Market Street, High Street, King Street, Queen Street, Church Road, Park Avenue, Station Road,
    Victoria Street, Harbour Road, Mill Lane, Bridge Street, Castle Street, Elm Street, Oak Avenue,
    Maple Drive, Main Street, George Street, Albert Road, Riverside Drive, Cathedral Square
  `),
};
const STREET_STYLES: Readonly<Record<string, StreetStyle>> = {
  fr: {
    numberFirst: true,
    separator: ' ',
    streets: words(`
      rue de la République, avenue Victor Hugo, rue du Marché, rue des Lilas, place de la Gare,
      boulevard Saint-Michel, avenue Jean Jaurès, quai du Port, rue des Écoles, rue Pasteur
    `),
  },
  es: {
    numberFirst: false,
    separator: ', ',
    streets: words(`
      Calle Mayor, Avenida del Sol, Plaza de la Constitución, Calle San Juan, Calle de Cervantes,
      Calle Real, Paseo del Mar, Avenida de Colón, Calle de la Paz, Calle Nueva
    `),
  },
  pt: {
    numberFirst: false,
    separator: ', ',
    streets: words(`
      Rua Augusta, Avenida da Liberdade, Rua do Comércio, Rua das Flores, Rua Sete de Setembro,
      Largo de São Bento, Avenida da Praia, Rua Dom Pedro II, Rua do Ouvidor, Rua Direita
    `),
  },
  de: {
    numberFirst: false,
    separator: ' ',
    streets: words(`
      Hauptstraße, Bahnhofstraße, Lindenallee, Schillerstraße, Goethestraße, Marktplatz, Kirchweg,
      Bergstraße, Gartenstraße, Waldweg
    `),
  },
  it: {
    numberFirst: false,
    separator: ', ',
    streets: words(`
      Via Roma, Via Garibaldi, Via Dante, Corso Mazzini, Via Cavour, Via del Corso, Piazza Verdi,
      Via Nazionale, Via XX Settembre, Viale della Repubblica
    `),
  },
  nl: {
    numberFirst: false,
    separator: ' ',
    streets: words(`
      Kerkstraat, Molenweg, Havenkade, Prinsengracht, Marktplein, Lindenlaan, Stationsstraat
    `),
  },
};
/** The countries whose streets each style fits, by language. */
const COUNTRIES_OF_STYLE: Readonly<Record<string, string>> = {
  fr: 'FR BE LU MC SN CI MA DZ TN CM HT',
  es: 'ES MX AR CO CL PE VE EC GT CU BO DO HN PY SV NI CR PA UY',
  pt: 'PT BR AO MZ',
  de: 'DE AT CH LI',
  it: 'IT SM',
  nl: 'NL SR',
};
const LANGUAGE_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(COUNTRIES_OF_STYLE).flatMap(([language, codes]) =>
    codes.split(' ').map((code) => [code, language] as const),
  ),
);

function streetStyleOf(countryCode: string): StreetStyle {
  const language = LANGUAGE_OF.get(countryCode);
  return (language && STREET_STYLES[language]) || ENGLISH;
}

function streetAddress(random: Random, style: StreetStyle): string {
  const number = random.chance(0.7) ? random.int(1, 60) : random.int(61, 240);
  const street = random.pick(style.streets);
  return style.numberFirst ? `${number}${style.separator}${street}` : `${street}${style.separator}${number}`;
}

/** Postal code shapes (9 a digit, A a letter) and the countries using each; others use five digits. */
const COUNTRIES_OF_POSTAL_FORMAT: Readonly<Record<string, string>> = {
  'A99 9AA': 'GB',
  'A9A 9A9': 'CA',
  '9999 AA': 'NL',
  '999-9999': 'JP',
  '99999-999': 'BR',
  '9999-999': 'PT',
  '99-999': 'PL',
  '999999': 'IN CN RU SG',
  '9999': 'AU NZ AT CH BE DK NO HU ZA PH',
  '999 99': 'SE CZ GR SK',
  A9999AAA: 'AR',
  '99999': 'KR',
};
const POSTAL_FORMATS: ReadonlyMap<string, string> = new Map(
  Object.entries(COUNTRIES_OF_POSTAL_FORMAT).flatMap(([format, codes]) =>
    codes.split(' ').map((code) => [code, format] as const),
  ),
);
/** Where hotels do not use postal codes in addresses. */
const NO_POSTAL = new Set(['AE', 'HK', 'QA', 'IE', 'BO', 'JM', 'GH', 'AO', 'PA', 'SA', 'KP', 'SY', 'YE', 'ZW']);
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXY';

function postalCode(random: Random, countryCode: string, prefix: string): { postalCode?: string } {
  if (NO_POSTAL.has(countryCode)) return {};
  const format = POSTAL_FORMATS.get(countryCode) ?? '99999';
  let digits = 0;
  let code = '';
  for (const char of format) {
    if (char === '9') {
      // The first two digits are the city's, so hotels of one city share a postal area.
      code += digits < 2 ? prefix[digits] : String(random.int(0, 9));
      digits++;
    } else if (char === 'A') code += random.pick([...LETTERS]);
    else code += char;
  }
  return { postalCode: code };
}

// ---------- facilities ----------

type Group = StoredHotel['facilities'][number]['group'];
/** Each facility with the fewest stars a hotel needs to offer it. */
const FACILITIES: Readonly<Record<Group, readonly (readonly [string, number])[]>> = {
  'check-in-out': [
    ['24-hour front desk', 2],
    ['Express check-in and check-out', 3],
    ['Late check-out on request', 1],
    ['Early check-in on request', 1],
    ['Luggage storage', 1],
    ['Contactless check-in', 1],
    ['Private check-in and check-out', 4],
    ['Concierge', 4],
  ],
  property: [
    ['Free Wi-Fi', 1],
    ['Fitness centre', 3],
    ['Restaurant', 2],
    ['Bar', 2],
    ['Spa and wellness centre', 4],
    ['Indoor pool', 4],
    ['Outdoor pool', 3],
    ['Rooftop terrace', 3],
    ['Garden', 1],
    ['Non-smoking rooms', 1],
    ['Lift', 2],
    ['Air conditioning', 2],
    ['Business centre', 3],
    ['Shared lounge', 1],
  ],
  'getting-around': [
    ['Airport shuttle (surcharge)', 3],
    ['Bicycle rental', 1],
    ['Car hire desk', 3],
    ['Tour desk', 2],
    ['Public transport tickets at reception', 1],
    ['Taxi service', 1],
    ['Metro station within 300 m', 1],
  ],
  parking: [
    ['Private parking on site (surcharge)', 2],
    ['Public parking nearby', 1],
    ['Valet parking', 4],
    ['Electric vehicle charging', 3],
    ['Secure bicycle storage', 1],
    ['Accessible parking spaces', 2],
    ['Free parking', 1],
  ],
  extras: [
    ['Pets allowed on request', 1],
    ['Laundry service', 2],
    ['Room service', 3],
    ['Daily housekeeping', 2],
    ['Currency exchange', 3],
    ['Packed lunches', 2],
    ['Babysitting on request', 4],
    ['Ironing service', 3],
    ['Shared kitchen', 1],
  ],
};
const GROUPS = Object.keys(FACILITIES) as Group[];

/** What a hotel of each star rating may offer, per group (index 0 for one star). */
const OFFERED = [1, 2, 3, 4, 5].map((stars) =>
  GROUPS.map((group) => FACILITIES[group].filter(([, minStars]) => minStars <= stars).map(([name]) => name)),
);

function pickFacilities(random: Random, stars: number): StoredHotel['facilities'] {
  const facilities: StoredHotel['facilities'] = [];
  const offered = OFFERED[stars - 1]!;
  GROUPS.forEach((group, g) => {
    for (const name of random.sample(offered[g]!, random.int(2, 4))) facilities.push({ group, name });
  });
  return facilities;
}

// ---------- texts ----------

const LANDMARKS = ['old town', 'main square', 'cathedral', 'central station', 'waterfront', 'market hall', 'city park'];
const DISTRICTS = words(`
  Old Town, Riverside, University quarter, Harbour district, Museum quarter, Arts district
`);
const OUTSKIRTS = ['Quiet residential area', 'Business park', 'Lakeside', 'Hillside', 'Garden suburb'];

function locationText(random: Random, city: string, distanceKm: number, landmark: string): string {
  const km = Math.max(0.1, round1(distanceKm)).toFixed(1);
  if (distanceKm < 1) return `City centre, ${km} km from the ${landmark}`;
  if (distanceKm < 3) return `${random.pick(DISTRICTS)}, ${km} km from the centre`;
  return `${random.pick(OUTSKIRTS)}, ${km} km from ${city} centre`;
}

const PRAISE = words(`
  friendly staff, spotless rooms, breakfast, location, quiet nights, comfortable beds, views
`);

/** Property facilities a description can name as something to enjoy. */
const NOT_AN_ATTRACTION = new Set(['Free Wi-Fi', 'Non-smoking rooms', 'Lift', 'Air conditioning']);

interface DescribedHotel {
  name: string;
  city: string;
  stars: number;
  rooms: number;
  facilities: StoredHotel['facilities'];
  distanceKm: number;
  landmark: string;
  reviewRating: number;
}

/** The Overview: an opening line, then one to three of the sentences that fit the hotel. */
function describe(random: Random, hotel: DescribedHotel): string {
  const { name, city, stars, distanceKm } = hotel;
  const where =
    distanceKm < 1
      ? `in the heart of ${city}`
      : distanceKm < 3
        ? `a short ride from central ${city}`
        : `on the edge of ${city}`;
  const spa = hotel.facilities.some((f) => f.name.startsWith('Spa'));
  const kind = stars >= 4 ? (spa ? 'hotel and spa' : 'hotel') : random.pick(['hotel', 'hotel', 'guesthouse']);
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
      `Guests rate it ${hotel.reviewRating.toFixed(1)} out of 10 and often mention the ${random.pick(PRAISE)}.`,
    );
  const chosen = random.sample(more, random.int(1, Math.min(3, more.length)));
  return [`${name} is a ${STAR_WORDS[stars - 1]} ${kind} ${where}.`, ...chosen].join(' ');
}

const CHECK_IN_HOURS = [14, 15, 15, 16];
const CHECK_OUT_HOURS = [10, 11, 11, 12];
const HOUSE_RULES = [
  'Photo ID and a credit card are required at check-in.',
  'A deposit may be held on your card for incidentals.',
  'Quiet hours are from 22:00 to 07:00.',
  'Smoking is not allowed anywhere in the building.',
];

function additionalInformation(random: Random): string {
  const checkIn = random.pick(CHECK_IN_HOURS);
  const checkOut = random.pick(CHECK_OUT_HOURS);
  return `Check-in from ${checkIn}:00, check-out until ${checkOut}:00. ${random.pick(HOUSE_RULES)}`;
}

const FREE_AGES = [2, 4, 6, 12];

function childPolicy(random: Random): string {
  const freeAge = random.pick(FREE_AGES);
  const cots = random.chance(0.7) ? 'Cots are available free of charge on request.' : 'Cots are not available.';
  return `Children of all ages are welcome. Children up to ${freeAge} years stay free when using existing beds. ${cots} Extra beds are not available.`;
}

const NOTICES = [
  'Please tell the property your expected arrival time in advance.',
  'Guests must be 18 or older to check in.',
  'Parties and events are not allowed.',
  'Renovation work takes place on weekdays from 09:00 to 17:00; some rooms may hear noise.',
];
/** Where a notice depends on the hotel: small hotels close reception at night, bigger ones their grounds. */
const CLOSING_NOTICES = [
  [...NOTICES, 'Reception is closed between 23:00 and 07:00.'],
  [...NOTICES, 'The outdoor areas close at 22:00.'],
] as const;

function importantNotice(random: Random, stars: number): string {
  return random.sample(CLOSING_NOTICES[stars >= 3 ? 1 : 0], random.int(1, 2)).join(' ');
}

// ---------- rooms and rate plans ----------

interface RoomTypeTemplate {
  type: string;
  name: string;
  maxGuests: number;
  priceFactor: number;
  /** Its share of the hotel's rooms. */
  weight: number;
  stars: readonly [min: number, max: number];
  sizeM2: readonly [min: number, max: number];
  beds: readonly string[];
}

const ROOM_TYPES: readonly RoomTypeTemplate[] = [
  {
    type: 'single',
    name: 'Single Room',
    maxGuests: 1,
    priceFactor: 0.8,
    weight: 2,
    stars: [1, 3],
    sizeM2: [10, 14],
    beds: ['one single bed'],
  },
  {
    type: 'twin',
    name: 'Twin Room',
    maxGuests: 2,
    priceFactor: 1.02,
    weight: 3,
    stars: [1, 4],
    sizeM2: [16, 22],
    beds: ['two single beds'],
  },
  {
    type: 'superior-double',
    name: 'Superior Double Room',
    maxGuests: 2,
    priceFactor: 1.18,
    weight: 3,
    stars: [3, 5],
    sizeM2: [20, 26],
    beds: ['one queen-size bed'],
  },
  {
    type: 'deluxe-king',
    name: 'Deluxe King Room',
    maxGuests: 2,
    priceFactor: 1.35,
    weight: 2,
    stars: [3, 5],
    sizeM2: [24, 32],
    beds: ['one king-size bed'],
  },
  {
    type: 'triple',
    name: 'Triple Room',
    maxGuests: 3,
    priceFactor: 1.3,
    weight: 1,
    stars: [1, 3],
    sizeM2: [20, 28],
    beds: ['one double bed and one single bed', 'three single beds'],
  },
  {
    type: 'family-room',
    name: 'Family Room',
    maxGuests: 4,
    priceFactor: 1.55,
    weight: 1.5,
    stars: [2, 5],
    sizeM2: [28, 36],
    beds: ['one double bed and two single beds', 'one double bed and a bunk bed'],
  },
  {
    type: 'junior-suite',
    name: 'Junior Suite',
    maxGuests: 3,
    priceFactor: 1.75,
    weight: 1,
    stars: [4, 5],
    sizeM2: [35, 45],
    beds: ['one king-size bed and a sofa bed'],
  },
  {
    type: 'suite',
    name: 'Suite',
    maxGuests: 4,
    priceFactor: 2.3,
    weight: 0.6,
    stars: [4, 5],
    sizeM2: [45, 70],
    beds: ['one king-size bed, and a sofa bed in the living room'],
  },
  {
    type: 'apartment',
    name: 'Apartment',
    maxGuests: 6,
    priceFactor: 2.4,
    weight: 0.5,
    stars: [2, 4],
    sizeM2: [55, 85],
    beds: ['a double bed and two single beds in two bedrooms, and a sofa bed'],
  },
];
/** Every hotel has it: the hotel's base price is this room's price. */
const STANDARD: RoomTypeTemplate = {
  type: 'standard-double',
  name: 'Standard Double Room',
  maxGuests: 2,
  priceFactor: 1,
  weight: 5,
  stars: [1, 5],
  sizeM2: [15, 22],
  beds: ['one double bed', 'one queen-size bed'],
};
const ELIGIBLE_ROOM_TYPES = [1, 2, 3, 4, 5].map((stars) =>
  ROOM_TYPES.filter((t) => t.stars[0] <= stars && stars <= t.stars[1]),
);
const VIEWS = ['city view', 'courtyard view', 'garden view', 'street view', 'park view', 'inner courtyard view'];

function roomDetails(size: number, bed: string, view: string, stars: number): string {
  const bathroom = stars >= 4 ? 'Marble bathroom with bath and shower' : 'Private bathroom with shower';
  return `${size} m², ${bed}, ${view}. ${bathroom}, free Wi-Fi${stars >= 2 ? ', air conditioning' : ''} and a flat-screen TV.`;
}

function pickRoomTypes(
  random: Random,
  stars: number,
  rooms: number,
  index: number,
  hotelId: string,
  imagesPrefix: string,
): StoredRoomType[] {
  const templates = random.sample(ELIGIBLE_ROOM_TYPES[stars - 1]!, random.int(1, 4));
  templates.push(STANDARD);
  templates.sort((a, b) => a.priceFactor - b.priceFactor);
  // One room of each type, the rest by weight, and what rounding leaves to the standard rooms: the
  // counts add up to the hotel's size exactly.
  const weights = templates.reduce((sum, t) => sum + t.weight, 0);
  const spare = rooms - templates.length;
  const counts = templates.map((t) => 1 + Math.floor((spare * t.weight) / weights));
  counts[templates.indexOf(STANDARD)]! += rooms - counts.reduce((sum, n) => sum + n, 0);
  return templates.map((t, i) => {
    const size = random.int(t.sizeM2[0], t.sizeM2[1]);
    return {
      type: t.type,
      name: t.name,
      maxGuests: Math.min(t.maxGuests, catalogLimits.maxGuestsPerRoom),
      roomDetails: roomDetails(size, random.pick(t.beds), random.pick(VIEWS), stars),
      count: counts[i]!,
      priceFactor: t === STANDARD ? 1 : round2(t.priceFactor * random.between(0.96, 1.04)),
      images: [`${imagesPrefix}${hotelId}-${t.type}-1`, `${imagesPrefix}${hotelId}-${t.type}-2`],
      providerReference: { provider: PROVIDER, id: `demo-${index}-${t.type}` },
    };
  });
}

function ratePlans(random: Random, stars: number): RatePlan[] {
  const plans: RatePlan[] = [
    { code: 'flex', name: 'Flexible rate', benefits: [], priceFactor: 1, freeCancellationDays: 2 },
  ];
  const breakfast = random.chance(0.7);
  // Every hotel sells at least two plans: without breakfast, a non-refundable rate.
  const nonref = !breakfast || random.chance(0.75);
  if (breakfast)
    plans.push({
      code: 'breakfast',
      name: 'Bed and breakfast',
      benefits: ['Breakfast included'],
      priceFactor: round2(1.08 + 0.02 * stars),
      freeCancellationDays: 7,
    });
  if (nonref)
    plans.push({
      code: 'nonref',
      name: 'Non-refundable',
      benefits: [],
      priceFactor: round2(random.between(0.85, 0.9)),
      freeCancellationDays: null,
    });
  return plans;
}
