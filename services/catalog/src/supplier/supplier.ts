// Where hotels come from: the demo supplier today, a real supplier's feed later. The catalog imports
// whatever a supplier yields, batch by batch, so no supplier has to hold its whole inventory in memory.
import type { StoredHotel } from '../domain/types.js';

export interface HotelSupplier {
  /** Names the supplier in logs and in every hotel's providerReference. */
  readonly name: string;
  /** Every hotel the supplier offers, in batches; the same supplier settings give the same hotels. */
  hotels(): AsyncIterable<StoredHotel[]>;
}
