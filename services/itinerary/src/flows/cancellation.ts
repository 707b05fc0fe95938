// Cancelling (docs/booking.md, "Cancellation"): by the owner or support staff, under the frozen terms, with
// itinerary.cancelled carrying what billing gives back and, for a booking that was paid, the cancellation mail.
// What the terms say cancelling now would cost and give back.
import type { AuthUser, CancellationTermsAnswer } from '@travelclub/contracts';
import { AppError, appError, newEvent, type CausalContext, type Logger } from '@travelclub/kit';
import { actingRole, cancel, cancellationMoney, goodwillRefunded, termsFor } from '../domain/cancellation.js';
import { isOpen, type ItineraryRecord } from '../domain/itinerary.js';
import { itinerariesCancelled } from '../metrics.js';
import type { Caller, ItineraryAccess } from './access.js';
import type { BookingMailer } from './mails.js';
import type { InvoiceWithdrawalFlows } from './invoice-withdrawal.js';

/**
 * itinerary.cancelled of an itinerary just cancelled (`wasPaid`: it was confirmed), with what billing gives back
 * of the paid invoice: the terms' rule is the itinerary's.
 */
export function cancelledEvent(record: ItineraryRecord, wasPaid: boolean, ctx: CausalContext) {
  const cancellation = record.cancellation!;
  const failed = cancellation.reason === 'booking-failed';
  const { refund } = cancellationMoney(record, termsFor(record), new Date(cancellation.at), wasPaid, failed);
  return newEvent(
    'itinerary.cancelled',
    record._id,
    {
      itineraryId: record._id,
      userId: record.ownerId,
      ...(record.invoiceId ? { invoiceId: record.invoiceId } : {}),
      cancelledBy: cancellation.by,
      cancelledAt: cancellation.at,
      reason: cancellation.reason,
      terms: record.terms!,
      refund,
      ...(record.creator ? { creator: record.creator } : {}),
    },
    ctx,
  );
}

interface CancellationDeps {
  access: ItineraryAccess;
  withdrawal: InvoiceWithdrawalFlows;
  mailer: BookingMailer;
  log: Logger;
}

export function cancellationFlows({ access, withdrawal, mailer, log }: CancellationDeps) {
  /** Sends the cancellation mail; a queue that is down must not undo a cancellation already made. */
  async function mailCancellation(record: ItineraryRecord, wasPaid: boolean) {
    const cancellation = record.cancellation!;
    const failed = cancellation.reason === 'booking-failed';
    const at = new Date(cancellation.at);
    const { charge, refund } = cancellationMoney(record, termsFor(record), at, wasPaid, failed);
    await mailer
      .cancelled(record, { charge, refund })
      .catch((err: unknown) => log.error({ err, itineraryId: record._id }, 'could not queue the cancellation mail'));
  }

  return {
    mailCancellation,

    /** Cancels for the owner or support staff; staff's `note` is recorded as the reason of their action. */
    async cancel(id: string, { user, ctx }: Caller, note?: string): Promise<ItineraryRecord> {
      const found = await access.reachable(id, user);
      const byStaff = user.id !== found.ownerId;
      // Staff say why: the reason is the point of their record.
      if (byStaff && !note?.trim())
        throw new AppError('validation-failed', [
          { path: 'note', message: 'Support staff give the reason for a cancellation' },
        ]);
      // Nothing to cancel: refused before billing is asked for its invoice back.
      if (!isOpen(found) && found.status !== 'confirmed') throw appError('itinerary-not-cancellable');
      const reopened = await withdrawal.reopen(found, ctx);
      const by = { userId: user.id, role: actingRole(user) };
      const staffAction = (at: Date) => ({ at, userId: user.id, action: 'cancel', ...(note ? { reason: note } : {}) });
      let wasPaid = false;
      const result = await access.mutateOrMissing(
        id,
        (current) => {
          wasPaid = current.status === 'confirmed';
          const now = new Date();
          const next = cancel(current, by, 'requested', now)!;
          return {
            record: next,
            events: [cancelledEvent(next, wasPaid, ctx)],
            ...(byStaff ? { staffAction: staffAction(now) } : {}),
          };
        },
        reopened,
      );
      if (result.changed) itinerariesCancelled.inc();
      if (byStaff)
        log.info(
          { staffId: user.id, itineraryId: id, action: 'cancel', withReason: !!note },
          'support staff cancelled',
        );
      await mailCancellation(result.record, wasPaid);
      return result.record;
    },

    async cancellationTerms(id: string, user: AuthUser): Promise<CancellationTermsAnswer> {
      const record = await access.visible(id, user, 'read-cancellation-terms');
      const terms = termsFor(record);
      const paid = record.status === 'confirmed';
      const { charge, refund } = cancellationMoney(record, terms, new Date(), paid);
      const given = paid ? goodwillRefunded(record) : 0;
      const before = given > 0 ? { refundedBefore: { amount: given, currency: refund.currency } } : {};
      return { itineraryId: id, terms, chargeNow: charge, refundNow: refund, ...before };
    },
  };
}
export type CancellationFlows = ReturnType<typeof cancellationFlows>;
