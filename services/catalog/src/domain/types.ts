// The catalog's own shapes: a hotel as stored (its rates are computed from a price model, per stay),
// rate plans, and what the in-memory indexes keep. Public shapes live in contracts.
import type { Address, ProviderReference } from '@travelclub/contracts';
import type { z } from 'zod';
import type { FacilitySchema } from '@travelclub/contracts';

/** How one kind of rate is sold: the plan's price factor, benefits and cancellation terms. */
export interface RatePlan {
  /** Short stable code, part of rate ids: `flex`, `breakfast`, `nonref`. */
  code: string;
  name: string;
  benefits: string[];
  /** Multiplies the room type's nightly price. */
  priceFactor: number;
  /**
   * Free cancellation until this many days before check-in (0: free until check-in day), then the first
   * night is charged; null: non-refundable, the whole stay is charged from booking.
   */
  freeCancellationDays: number | null;
}

export interface StoredRoomType {
  /** Stable code within the hotel: `standard-double`, `deluxe-king`, `family-suite`. */
  type: string;
  name: string;
  maxGuests: number;
  roomDetails: string;
  /** Rooms of this type in the hotel: the inventory each night starts from. */
  count: number;
  /** Multiplies the hotel's base price. */
  priceFactor: number;
  /** Image public ids (see images/cdn.ts); links are built when answering. */
  images: string[];
  providerReference: ProviderReference;
}

/** A hotel as MongoDB keeps it (the source of truth). */
export interface StoredHotel {
  _id: string;
  name: string;
  slug: string;
  address: Address;
  coordinates: { latitude: number; longitude: number };
  /** `city-<id>`: the destination the hotel is listed under. */
  destinationId: string;
  description: string;
  /** Image public ids; the first is the title image. */
  images: string[];
  facilities: z.infer<typeof FacilitySchema>[];
  additionalInformation?: string;
  childAndExtraBedPolicy?: string;
  importantNotice?: string;
  ratingSummary?: { score: number; reviewCount: number };
  reviewRating?: number;
  starRating?: number;
  hotelLocation?: string;
  providerReference: ProviderReference;
  /** The currency the hotel prices in (ISO 4217, one of contracts' supported currencies). */
  currency: string;
  /** A standard room's nightly price on an ordinary weeknight, in minor units of `currency`. */
  basePrice: number;
  /** Higher is more sought after; orders lists and maps. */
  popularity: number;
  roomTypes: StoredRoomType[];
  ratePlans: RatePlan[];
}
