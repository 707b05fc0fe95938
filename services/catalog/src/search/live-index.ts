// The index an instance answers from: built from MongoDB at start, and built again when an import changed
// the hotel set (the inventory marker's version tells). A rebuild swaps the whole index in, so callers read
// it through `index()` each time.
import type { Destinations } from '@travelclub/contracts';
import type { Logger } from '@travelclub/kit';
import type { HotelStore } from '../store/hotels.js';
import { CatalogIndex, type IndexedHotel } from './catalog-index.js';

/**
 * Reads every hotel into the index. What is kept is trimmed for the garbage collector, which walks every
 * object of a 200,000-hotel index on each major collection: one shared copy of each set of rate plans (most
 * hotels sell the same few), and only the title image.
 */
async function loadIndex(hotels: HotelStore, destinations: Destinations): Promise<CatalogIndex> {
  const all: IndexedHotel[] = [];
  const planSets = new Map<string, IndexedHotel['ratePlans']>();
  for await (const doc of hotels.cursor()) {
    const hotel = doc as unknown as IndexedHotel;
    const key = JSON.stringify(hotel.ratePlans);
    let ratePlans = planSets.get(key);
    if (!ratePlans) planSets.set(key, (ratePlans = hotel.ratePlans));
    all.push({
      ...hotel,
      images: hotel.images.slice(0, 1),
      ratePlans,
      likes: hotel.likes ?? 0,
    });
  }
  return new CatalogIndex(all, destinations);
}

export async function liveIndex(hotels: HotelStore, destinations: Destinations, log: Logger) {
  let builtFrom = (await hotels.marker())?.version;
  let current = await loadIndex(hotels, destinations);
  log.info({ hotels: current.size }, 'catalog index built');
  let rebuilding: Promise<boolean> | undefined;
  return {
    index: () => current,
    /** Rebuilds the index now if the hotel set changed since it was built; answers whether it did. */
    refreshIndex: () =>
      (rebuilding ??= (async () => {
        const marker = await hotels.marker();
        if (!marker || marker.version === builtFrom) return false;
        current = await loadIndex(hotels, destinations);
        builtFrom = marker.version;
        log.info({ hotels: current.size }, 'catalog index rebuilt after an import');
        return true;
      })().finally(() => (rebuilding = undefined))),
  };
}
