// City names for the basemap, from our own data: the demo catalog's places (packages/demo-catalog), the
// same cities hotels are listed in. The biggest go in one small file; the rest into the grid cells.
import { loadDestinations } from '@travelclub/demo-catalog';
import { cellKey, type CityRow } from '../app/map/basemap';

/** The cities the catalog lists hotels in have at least this many people (the demo supplier's floor). */
export const LISTED_MIN_POPULATION = 50_000;
/** Cities labelled at every zoom, from one file of about 800 rows. */
export const MAJOR_MIN_POPULATION = 500_000;

export interface Place {
  name: string;
  latitude: number;
  longitude: number;
  population: number;
}

/** The cities hotels are listed in, as the catalog's demo supplier has them (at build time only). */
export function loadPlaces(): Place[] {
  return loadDestinations(LISTED_MIN_POPULATION).cities;
}

const row = (city: Place): CityRow => [
  city.name,
  Math.round(city.longitude * 1000) / 1000,
  Math.round(city.latitude * 1000) / 1000,
  city.population,
];

/** The major cities (biggest first), and the other listed cities by cell (biggest first in each). */
export function cityRows(places: Place[]): { major: CityRow[]; byCell: Map<string, CityRow[]> } {
  const sorted = places
    .filter((city) => city.population >= LISTED_MIN_POPULATION && city.name.trim() !== '')
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
  const major: CityRow[] = [];
  const byCell = new Map<string, CityRow[]>();
  for (const city of sorted) {
    if (city.population >= MAJOR_MIN_POPULATION) {
      major.push(row(city));
      continue;
    }
    const key = cellKey(city.longitude, city.latitude);
    const list = byCell.get(key);
    if (list) list.push(row(city));
    else byCell.set(key, [row(city)]);
  }
  return { major, byCell };
}
