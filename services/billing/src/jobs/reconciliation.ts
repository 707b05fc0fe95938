// The `payment-reconciliation` job: on a schedule (one for every billing instance), payments left unsettled
// past their lease (a crash or a timeout lost the provider's answer) are looked up at the provider by their
// key and settled: paid, declined, refunded when their invoice can no longer take them, or dropped when the
// provider never received them. A job naming one invoice settles only that one. A scheduled look that found
// nothing to settle and was slow (the local store reads every invoice for it) rests before the next one
// (`restAfter`): on real MongoDB, an index answers it and every run looks.
import { restAfter, scheduledWorker, type JobQueue, type ServiceApp } from '@travelclub/kit';
import type { PaymentFlows } from '../flows/payments.js';

export async function startReconciliation(
  app: ServiceApp,
  {
    payments,
    queue,
    everySeconds,
  }: { payments: Pick<PaymentFlows, 'reconcile'>; queue: JobQueue<'payment-reconciliation'>; everySeconds: number },
) {
  const reconcile = restingReconciliation(payments.reconcile);
  await scheduledWorker(app, { queue, everySeconds, data: {} }, async ({ invoiceId }) => {
    const settled = await reconcile(new Date(), invoiceId);
    if (Object.keys(settled).length > 0) app.log.info({ settled }, 'payments reconciled');
    return settled;
  });
}

/**
 * `reconcile` as the schedule runs it: after a look through every invoice that settled nothing, the looks the
 * schedule brings are skipped until it has rested (`restAfter`). A job naming one invoice always runs.
 */
export function restingReconciliation(reconcile: PaymentFlows['reconcile']): PaymentFlows['reconcile'] {
  let restingUntil = 0;
  return async (now, invoiceId) => {
    if (invoiceId) return reconcile(now, invoiceId);
    if (Date.now() < restingUntil) return {};
    const began = Date.now();
    const settled = await reconcile(now);
    restingUntil = Object.keys(settled).length > 0 ? 0 : began + restAfter(Date.now() - began, 0);
    return settled;
  };
}
