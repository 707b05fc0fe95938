// The `payment-reconciliation` job: on a schedule (one for every billing instance), payments left unsettled
// past their lease (a crash or a timeout lost the provider's answer) are looked up at the provider by their
// key and settled: paid, declined, refunded when their invoice can no longer take them, or dropped when the
// provider never received them. A job naming one invoice settles only that one.
import { scheduledWorker, type JobQueue, type ServiceApp } from '@travelclub/kit';
import type { PaymentFlows } from '../flows/payments.js';

export async function startReconciliation(
  app: ServiceApp,
  {
    payments,
    queue,
    everySeconds,
  }: { payments: Pick<PaymentFlows, 'reconcile'>; queue: JobQueue<'payment-reconciliation'>; everySeconds: number },
) {
  await scheduledWorker(app, { queue, everySeconds, data: {} }, async ({ invoiceId }) => {
    const settled = await payments.reconcile(new Date(), invoiceId);
    if (Object.keys(settled).length > 0) app.log.info({ settled }, 'payments reconciled');
    return settled;
  });
}
