// What the catalog gets from outside: hotels from a supplier, the places they are listed under, and a
// painter for their pictures. The demo content (packages/demo-catalog) gives all three; a real supplier's
// feed could replace it without the catalog changing. Types only: no supplier is validated at run time.
import type { z } from 'zod';
import type { ProviderReference } from '../common.js';
import type { Address, FacilitySchema } from '../entities.js';

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

export interface SupplierRoomType {
  /** Stable code within the hotel: `standard-double`, `deluxe-king`, `family-suite`. */
  type: string;
  name: string;
  maxGuests: number;
  roomDetails: string;
  /** Rooms of this type in the hotel: the inventory each night starts from. */
  count: number;
  /** Multiplies the hotel's base price. */
  priceFactor: number;
  /** Image public ids; links are built when answering. */
  images: string[];
  providerReference: ProviderReference;
}

/** A hotel as a supplier gives it, and as the catalog stores it. */
export interface SupplierHotel {
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
  /** The currency the hotel prices in (ISO 4217, one of the supported currencies). */
  currency: string;
  /** A standard room's nightly price on an ordinary weeknight, in minor units of `currency`. */
  basePrice: number;
  /** Higher is more sought after; orders lists and maps. */
  popularity: number;
  roomTypes: SupplierRoomType[];
  ratePlans: RatePlan[];
}

/** Where hotels come from. The catalog imports whatever a supplier yields, batch by batch, so no supplier has to hold its whole inventory in memory. */
export interface HotelSupplier {
  /** Names the supplier in logs and in every hotel's providerReference. */
  readonly name: string;
  /** Every hotel the supplier offers, in batches; the same supplier settings give the same hotels. */
  hotels(): AsyncIterable<SupplierHotel[]>;
}

export interface City {
  /** `city-<GeoNames id>`. */
  id: string;
  name: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  population: number;
}

export interface Country {
  /** `country-<ISO code>`. */
  id: string;
  name: string;
  countryCode: string;
  /** The sum of all its places in the data (1,000 people or more): a ranking, not a census. */
  population: number;
  /** Of its largest city: where a map of the country centres. */
  latitude: number;
  longitude: number;
}

/** The places hotels are listed under; a hotel's destinationId is one of the cities' ids. */
export interface Destinations {
  /** Largest first. */
  cities: City[];
  /** Largest first; only countries with at least one of the cities. */
  countries: Country[];
}

/** A box to fit an image in, and its JPEG quality (see imageBoxes). */
export interface ImageBox {
  w: number;
  h: number;
  q: number;
  /** Width over height to cut the fitted picture to, about its middle (the share image's 16:9); none: whole. */
  aspect?: number;
}

/** Draws the hotel images the catalog's image route serves. */
export interface ImagePainter {
  /** Changes whenever the same id and box would give other bytes: it is part of every image's ETag. */
  readonly id: string;
  /** Whether the public id is one the painter draws. */
  draws(publicId: string): boolean;
  /** A JPEG of the image, fitted in the box (and cut to its aspect); the same id and box always give the same bytes. */
  paint(publicId: string, box: ImageBox): Promise<Uint8Array>;
}

/** What the catalog serves but does not make: the places, the hotels to import, the pictures. */
export interface CatalogContent {
  destinations: Destinations;
  /** Imported when the catalog starts empty; none: it starts empty. */
  supplier?: HotelSupplier;
  painter: ImagePainter;
}
