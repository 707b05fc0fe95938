// A written guide (itinerary content) as stored, the hotels it names, and its view. Pure: no I/O.
import type { Guide, GuideDay, ImageAsset } from '@travelclub/contracts';
import { contentHead } from './packages.js';

export type GuideStatus = Guide['status'];

export interface GuideRecord {
  _id: string;
  /** The creator's account. */
  userId: string;
  title: string;
  summary: string;
  cover?: ImageAsset;
  days: GuideDay[];
  status: GuideStatus;
  createdAt: Date;
  updatedAt: Date;
  /** When it was first published. */
  publishedAt?: Date;
  /** The write counter: every change is guarded by it. */
  version: number;
}

/** Every hotel a guide names (its places and hotel cards), each once, with where it first appears. */
export function hotelsOf(days: readonly GuideDay[]): Map<string, string> {
  const hotels = new Map<string, string>();
  days.forEach((day, d) => {
    day.places.forEach((place, p) => {
      if (place.hotelId && !hotels.has(place.hotelId)) hotels.set(place.hotelId, `days.${d}.places.${p}.hotelId`);
    });
    day.blocks.forEach((block, b) => {
      if (block.type === 'hotel' && !hotels.has(block.hotelId))
        hotels.set(block.hotelId, `days.${d}.blocks.${b}.hotelId`);
    });
  });
  return hotels;
}

export function guideView(record: GuideRecord): Guide {
  return {
    ...contentHead(record),
    days: record.days,
    status: record.status,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    ...(record.publishedAt && { publishedAt: record.publishedAt.toISOString() }),
  };
}
