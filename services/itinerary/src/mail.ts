// The booking mails (confirmation, cancellation): each an `emails` job for the notifications worker, keyed
// by the itinerary so a redelivered event or a retried request queues one mail.
import type { Money } from '@travelclub/contracts';
import type { JobQueue } from '@travelclub/kit';
import { formatMoney, staysText, totalOf, type ItineraryRecord } from './domain/itinerary.js';

const titleOf = (record: ItineraryRecord) => record.title || 'Your trip';

export function bookingMailer(queue: JobQueue<'emails'>, webUrl: string) {
  const link = (path: string) => new URL(path, webUrl).toString();
  return {
    /** Queued when the paid invoice confirmed the itinerary; nothing without a lead guest to write to. */
    async confirmed(record: ItineraryRecord): Promise<boolean> {
      if (!record.leadGuest) return false;
      const idempotencyKey = `booking-confirmation:${record._id}`;
      await queue.add(
        {
          to: record.leadGuest.email,
          template: 'booking-confirmation',
          data: {
            link: link(`/itinerary/${encodeURIComponent(record._id)}/confirmation`),
            itineraryId: record._id,
            title: titleOf(record),
            leadGuestName: record.leadGuest.name,
            stays: staysText(record),
            total: formatMoney(totalOf(record)),
          },
          idempotencyKey,
        },
        // BullMQ refuses a colon in a job id.
        { jobId: idempotencyKey.replace(/:/g, '-') },
      );
      return true;
    },

    async cancelled(record: ItineraryRecord, money: { charge: Money; refund: Money }): Promise<boolean> {
      if (!record.leadGuest) return false;
      const idempotencyKey = `booking-cancelled:${record._id}`;
      await queue.add(
        {
          to: record.leadGuest.email,
          template: 'booking-cancelled',
          data: {
            link: link('/user/trips'),
            itineraryId: record._id,
            title: titleOf(record),
            leadGuestName: record.leadGuest.name,
            stays: staysText(record),
            total: formatMoney(totalOf(record)),
            charge: formatMoney(money.charge),
            refund: formatMoney(money.refund),
          },
          idempotencyKey,
        },
        { jobId: idempotencyKey.replace(/:/g, '-') },
      );
      return true;
    },
  };
}
export type BookingMailer = ReturnType<typeof bookingMailer>;
