// The support desk's side of the itineraries store: staff actions recorded on an itinerary, the search (a
// MongoDB filter built from the parsed query's values only, never from the request as it came, so no operator
// gets in; user text matched literally; newest change first), the detail with every invoice, and the keys it
// keeps beside each record (filed at start-up for itineraries written before it).
import { normalizeBookingReference, type SupportItineraryListQuery } from '@travelclub/contracts';
import type { mongo } from 'mongoose';
import { contactKeysOf, literalPattern } from '../domain/support.js';
import type { ItineraryRecord, StaffAction } from '../domain/itinerary.js';

/** The fields the store keeps beside the record for the desk (never part of the record itself). */
export interface SupportKeys {
  /** The contact addresses, lower-cased (`contactKeysOf`): the email filter is an index hit. */
  contactKeys: string[];
  /** Every invoice the itinerary had, the current one last added. */
  invoiceIds: string[];
}

/** An itinerary as stored, as far as the desk reads it. */
export type Stored = ItineraryRecord & Partial<SupportKeys>;

/** The desk's keys of a record about to be written. */
export const supportKeysOf = (record: ItineraryRecord) => ({ contactKeys: contactKeysOf(record) });

/** The line filters (hotel, check-in range) of one same line, or none. */
function lineFilter(query: SupportItineraryListQuery): Record<string, unknown> | undefined {
  const line: Record<string, unknown> = {};
  if (query.hotelId !== undefined) line['hotelBooking.hotelId'] = query.hotelId;
  const checkIn: Record<string, string> = {};
  if (query.checkInFrom !== undefined) checkIn.$gte = query.checkInFrom;
  if (query.checkInTo !== undefined) checkIn.$lte = query.checkInTo;
  if (Object.keys(checkIn).length > 0) line.checkInDate = checkIn;
  return Object.keys(line).length > 0 ? { $elemMatch: line } : undefined;
}

/** Free text: the id or booking reference exactly, or part of a name, an address, a hotel or the title, in any case. */
function textFilter(q: string): mongo.Filter<Stored>[] {
  const text = new RegExp(literalPattern(q), 'i');
  const reference = normalizeBookingReference(q);
  return [
    { _id: q },
    ...(reference ? [{ reference }] : []),
    { title: text },
    { 'leadGuest.name': text },
    { 'leadGuest.email': text },
    { 'paidLeadGuest.name': text },
    { 'paidLeadGuest.email': text },
    { 'lineItems.hotelBooking.hotelName': text },
    { 'lineItems.hotelBooking.rooms.guestNames': text },
  ] as mongo.Filter<Stored>[];
}

export function supportFilter(query: SupportItineraryListQuery): mongo.Filter<Stored> {
  const filter: Record<string, unknown> = {};
  if (query.status !== undefined) filter.status = query.status;
  if (query.userId !== undefined) filter.ownerId = query.userId;
  if (query.creator !== undefined) filter.creator = query.creator;
  if (query.email !== undefined) filter.contactKeys = query.email.trim().toLowerCase();
  const line = lineFilter(query);
  if (line) filter.lineItems = line;
  if (query.q !== undefined) filter.$or = textFilter(query.q);
  return filter as mongo.Filter<Stored>;
}

/** The list page's fields: not the staff log, the terms or the outbox. */
const SUMMARY_PROJECTION = { outbox: 0, outboxKey: 0, staffActions: 0, terms: 0, contactKeys: 0, invoiceIds: 0 };

/** One page of the matches, newest change first, and how many match in all. */
async function searchPage(collection: mongo.Collection<Stored>, query: SupportItineraryListQuery) {
  const filter = supportFilter(query);
  const skip = (query.page - 1) * query.pageSize;
  const [total, records] = await Promise.all([
    collection.countDocuments(filter),
    collection
      .find(filter, { projection: SUMMARY_PROJECTION, sort: { updatedAt: -1, _id: -1 }, skip, limit: query.pageSize })
      .toArray(),
  ]);
  return { total, records: records as Omit<ItineraryRecord, 'staffActions' | 'terms'>[] };
}

/**
 * Files the itineraries written before the desk came under their contact addresses and current invoice, once:
 * those that have the keys are skipped (an index hit on real MongoDB), so a restart costs nothing.
 */
async function backfillSupportKeys(collection: mongo.Collection<Stored>): Promise<number> {
  const missing = collection.find(
    { contactKeys: { $exists: false } },
    { projection: { leadGuest: 1, paidLeadGuest: 1, invoiceId: 1 } },
  );
  let filed = 0;
  for await (const record of missing) {
    const update: Record<string, unknown> = { $set: { contactKeys: contactKeysOf(record) } };
    if (record.invoiceId) update.$addToSet = { invoiceIds: record.invoiceId };
    const done = await collection.updateOne({ _id: record._id, contactKeys: { $exists: false } }, update);
    filed += done.modifiedCount;
  }
  return filed;
}

/** The store's methods for the support desk, over the itineraries as stored. */
export function supportDesk(collection: mongo.Collection<Stored>) {
  return {
    /** Support staff read it: kept on the itinerary, beside its state (no version change). */
    async recordStaffAction(id: string, action: StaffAction): Promise<void> {
      await collection.updateOne({ _id: id }, { $push: { staffActions: action } });
    },

    /** The desk's list: one page of the matches, newest change first, and how many match. */
    search: (query: SupportItineraryListQuery) => searchPage(collection, query),

    /** The record and every invoice it had, by its id or its booking reference (as staff type it). */
    async withInvoices(idOrReference: string): Promise<{ record: ItineraryRecord; invoiceIds: string[] } | null> {
      const reference = normalizeBookingReference(idOrReference);
      const filter = reference ? { $or: [{ _id: idOrReference }, { reference }] } : { _id: idOrReference };
      const found = await collection.findOne(filter as mongo.Filter<Stored>, {
        projection: { outbox: 0, outboxKey: 0, contactKeys: 0 },
      });
      if (!found) return null;
      const { invoiceIds = [], contactKeys: _keys, ...record } = found;
      return { record, invoiceIds };
    },

    /** Files itineraries written before the desk under its keys (a start-up step; none the next time). */
    backfillSupportKeys: () => backfillSupportKeys(collection),
  };
}
