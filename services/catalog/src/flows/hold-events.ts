// The catalog's outgoing events about holds: placed, released, and a paid hold booked or failed. The
// inventory store writes each with the change it reports, in the same update (the outbox).
import { newEvent } from '@travelclub/kit';
import type { HoldRecord } from '../domain/holds.js';
import type { HoldEvents } from '../store/inventory.js';

/** What every hold event says: which hold, of which room type, for which itinerary. */
const about = ({ id, hotelId, roomType, itineraryId }: HoldRecord) => ({
  holdId: id,
  hotelId,
  roomType,
  itineraryId,
});

export const holdEvents: HoldEvents = {
  placed: (hold, ctx) =>
    newEvent(
      'catalog.hold.placed',
      hold.id,
      {
        ...about(hold),
        rateId: hold.rateId,
        lineItemId: hold.lineItemId,
        checkInDate: hold.checkIn,
        checkOutDate: hold.checkOut,
        expiresAt: new Date(hold.expiresAt).toISOString(),
      },
      ctx,
    ),

  released: (hold, reason, ctx) => newEvent('catalog.hold.released', hold.id, { ...about(hold), reason }, ctx),

  confirmed: (hold, invoiceId, ctx) =>
    newEvent('catalog.booking.confirmed', hold.id, { ...about(hold), invoiceId }, ctx),

  failed: (hold, invoiceId, ctx) =>
    newEvent(
      'catalog.booking.failed',
      hold.id,
      { ...about(hold), invoiceId, reason: 'The hold lapsed before payment and the rooms are no longer free' },
      ctx,
    ),
};
