// Importing hotels from a supplier into MongoDB, then telling running instances to rebuild their indexes.
import type { HotelSupplier } from './supplier/supplier.js';
import type { HotelStore } from './store/hotels.js';

/** Imports every hotel the supplier gives; hotels already there stay as they are. Answers how many were new. */
export async function importHotels(store: HotelStore, supplier: HotelSupplier): Promise<number> {
  let added = 0;
  for await (const batch of supplier.hotels()) added += await store.insertBatch(batch);
  await store.bumpMarker(await store.count());
  return added;
}
