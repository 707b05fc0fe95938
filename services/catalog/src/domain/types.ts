// The catalog's names for the hotel shapes: a hotel is stored as its supplier gave it (contracts'
// supplier.ts). Public shapes live in contracts too.
import type { RatePlan, SupplierHotel, SupplierRoomType } from '@travelclub/contracts';

export type { RatePlan };
/** A hotel as MongoDB keeps it (the source of truth). */
export type StoredHotel = SupplierHotel;
export type StoredRoomType = SupplierRoomType;
