// Importing hotels from a supplier into MongoDB, then telling running instances to rebuild their indexes.
import type { HotelSupplier } from '@travelclub/contracts';
import type { Logger } from '@travelclub/kit';
import type { HotelStore } from '../store/hotels.js';

/**
 * Imports every hotel the supplier gives; hotels already there stay as they are. Answers how many were new.
 * `onProgress` hears, after each batch, how many hotels were read so far.
 */
export async function importHotels(
  store: HotelStore,
  supplier: HotelSupplier,
  onProgress?: (done: number) => void,
): Promise<number> {
  let added = 0;
  let read = 0;
  for await (const batch of supplier.hotels()) {
    added += await store.insertBatch(batch);
    read += batch.length;
    onProgress?.(read);
  }
  await store.bumpMarker(await store.count());
  return added;
}

/** At start: imports the supplier's hotels if the catalog has none (no supplier: it stays empty). */
export async function importIfEmpty(store: HotelStore, supplier: HotelSupplier | undefined, log: Logger) {
  if (!supplier || (await store.count()) > 0) return;
  const started = Date.now();
  const added = await importHotels(store, supplier);
  log.info({ hotels: added, ms: Date.now() - started }, `catalog was empty: ${supplier.name} inventory imported`);
}
