// A travel package as stored, the stays it books (derived from its days) and its view. Pure: no I/O.
import type {
  ImageAsset,
  OfferedDates,
  PackageDay,
  PackagePricing,
  PackageStatus,
  PackageStay,
  TravelPackage,
  TravelPackageBody,
} from '@travelclub/contracts';

export interface PackageRecord {
  _id: string;
  /** The creator's account. */
  userId: string;
  title: string;
  summary: string;
  cover?: ImageAsset;
  gallery: ImageAsset[];
  days: PackageDay[];
  pricing: PackagePricing;
  offeredDates: OfferedDates;
  capacity: number;
  status: PackageStatus;
  /** The creator's order, lowest first; none on packages made before there was an order. */
  position?: number;
  createdAt: Date;
  updatedAt: Date;
  /** The write counter: every change is guarded by it. */
  version: number;
}

/** The nights a package books: consecutive nights in the same hotel and room type are one stay. */
export function packageStays(days: readonly PackageDay[]): PackageStay[] {
  const stays: PackageStay[] = [];
  days.forEach((day, night) => {
    if (!day.stay) return;
    const last = stays.at(-1);
    const { hotelId, roomType } = day.stay;
    if (last && last.hotelId === hotelId && last.roomType === roomType && last.night + last.nights === night)
      last.nights++;
    else stays.push({ hotelId, roomType, night, nights: 1 });
  });
  return stays;
}

/** Each hotel a package books, with the room types it books there, in the order of their first night. */
export function roomTypesByHotel(days: readonly PackageDay[]): Map<string, Set<string>> {
  const hotels = new Map<string, Set<string>>();
  for (const day of days) {
    if (!day.stay) continue;
    const types = hotels.get(day.stay.hotelId) ?? new Set<string>();
    types.add(day.stay.roomType);
    hotels.set(day.stay.hotelId, types);
  }
  return hotels;
}

/** The offered dates in order (a creator may type them in any). */
const sortedDates = (offered: OfferedDates): OfferedDates =>
  offered.kind === 'dates' ? { kind: 'dates', dates: [...offered.dates].sort() } : offered;

/** The fields a creator's body sets (photos, status and the dates of the record are kept by the caller). */
export function packageFields(body: TravelPackageBody) {
  return {
    title: body.title,
    summary: body.summary,
    days: body.days,
    pricing: body.pricing,
    offeredDates: sortedDates(body.offeredDates),
    capacity: body.capacity,
  };
}

/** Whether the stays (what activation checked at the catalog) differ between two versions of the days. */
export const sameStays = (a: readonly PackageDay[], b: readonly PackageDay[]) =>
  JSON.stringify(packageStays(a)) === JSON.stringify(packageStays(b));

/** What a travel package and a guide both show first: its id, its creator, title, summary and cover. */
export const contentHead = (record: Pick<PackageRecord, '_id' | 'userId' | 'title' | 'summary' | 'cover'>) => ({
  id: record._id,
  userId: record.userId,
  title: record.title,
  summary: record.summary,
  ...(record.cover && { cover: record.cover }),
});

export function packageView(record: PackageRecord): TravelPackage {
  const stays = packageStays(record.days);
  return {
    ...contentHead(record),
    gallery: record.gallery,
    days: record.days,
    nights: record.days.filter((day) => day.stay).length,
    stays,
    pricing: record.pricing,
    offeredDates: record.offeredDates,
    capacity: record.capacity,
    status: record.status,
    ...(record.position !== undefined && { position: record.position }),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
