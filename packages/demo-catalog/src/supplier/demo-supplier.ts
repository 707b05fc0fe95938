// The demo supplier: believable hotels in real cities, made up from a seed, so the catalog has an
// inventory to search without a real supplier. The same count and seed always give the same hotels.
import { supportedCurrencies, type City, type HotelSupplier, type SupplierHotel } from '@travelclub/contracts';
import countryToCurrency from 'country-to-currency';
import { setImmediate as nextTurn } from 'node:timers/promises';
import priceLevels from '../../data/price-levels.json' with { type: 'json' };
import { loadDestinations } from '../places/destinations.js';
import { streetStyleOf } from './addresses.js';
import { makeHotel, type CityPlan } from './hotel.js';
import { PROVIDER } from './provider.js';
import { mix32 } from './random.js';

/** Only cities this big get demo hotels: smaller places would each get a lone hotel at best. */
export const DEMO_MIN_POPULATION = 50_000;
const DEFAULT_BATCH_SIZE = 1_000;

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
const PRICE_LEVELS: ReadonlyMap<string, number> = new Map(Object.entries(priceLevels));

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

function* demoBatches(
  count: number,
  seed: number,
  imagesPrefix: string,
  batchSize: number,
): Generator<SupplierHotel[]> {
  const seedKey = mix32(seed);
  const idKey = mix32(seed ^ 0x5bd1e995);
  let batch: SupplierHotel[] = [];
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
