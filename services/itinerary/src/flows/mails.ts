// The booking mails (confirmation, cancellation): each an `emails` job for the notifications worker, keyed
// by the itinerary so a redelivered event or a retried request queues one mail. They go to the lead guest's
// address only once the booking was paid: before that, the address is whatever a visitor typed, and a cart
// anyone can make must not be a way to have our sender mail strangers. For the same reason they go to the lead
// guest of the paid booking, never to an address typed into the contact data after payment. Every mail counts
// against the mail limits of the account and of the address; over them it is not queued, and what caused it
// stands.
import { formatMoney, type Money } from '@travelclub/contracts';
import type { JobQueue, Logger, MailLimits } from '@travelclub/kit';
import { itineraryView, totalOf, type ItineraryRecord } from '../domain/itinerary.js';
import { bookedGuest, staysText, wasPaid } from '../domain/mails.js';

export interface BookingMailerDeps {
  webUrl: string;
  limits: MailLimits;
  log: Logger;
}

export function bookingMailer(queue: JobQueue<'emails'>, { webUrl, limits, log }: BookingMailerDeps) {
  const link = (path: string) => new URL(path, webUrl).toString();

  /** What every booking mail says: no title or other words of the traveller's choosing beyond the guest's name. */
  const bookingData = (record: ItineraryRecord, path: string) => ({
    link: link(path),
    itineraryId: record._id,
    reference: itineraryView(record).reference,
    leadGuestName: bookedGuest(record)!.name,
    stays: staysText(record),
    total: formatMoney(totalOf(record)),
  });

  async function send(
    record: ItineraryRecord,
    template: 'booking-confirmation' | 'booking-cancelled',
    data: Record<string, string>,
  ): Promise<boolean> {
    const to = bookedGuest(record)!.email;
    if (!(await limits.mayMail({ address: to, accountId: record.ownerId }))) {
      log.warn(
        { itineraryId: record._id, userId: record.ownerId, template },
        'booking mail not sent: over the mail limit',
      );
      return false;
    }
    const idempotencyKey = `${template}:${record._id}`;
    // BullMQ refuses a colon in a job id.
    await queue.add({ to, template, data, idempotencyKey }, { jobId: idempotencyKey.replace(/:/g, '-') });
    return true;
  }

  return {
    /** Queued when the paid invoice confirmed the itinerary; nothing without a lead guest to write to. */
    async confirmed(record: ItineraryRecord): Promise<boolean> {
      if (record.status !== 'confirmed' || !wasPaid(record) || !bookedGuest(record)) return false;
      const path = `/itinerary/${encodeURIComponent(record._id)}/confirmation`;
      return send(record, 'booking-confirmation', bookingData(record, path));
    },

    /** Queued when a paid booking was cancelled; a cart that was never paid is cancelled without a mail. */
    async cancelled(record: ItineraryRecord, money: { charge: Money; refund: Money }): Promise<boolean> {
      if (record.status !== 'cancelled' || !wasPaid(record) || !bookedGuest(record)) return false;
      return send(record, 'booking-cancelled', {
        ...bookingData(record, '/user/trips'),
        charge: formatMoney(money.charge),
        refund: formatMoney(money.refund),
      });
    },
  };
}
export type BookingMailer = ReturnType<typeof bookingMailer>;
