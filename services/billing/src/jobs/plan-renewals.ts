// The `plan-renewal` job: on a schedule (one for every billing instance), creators' plans whose period is over
// are renewed (or end, when cancelled), and overdue plans whose grace is over lapse (flows/plan-renewals.ts).
// A job naming one creator deals only with theirs. Each run is safe to repeat: a month is charged once.
import { scheduledWorker, type JobQueue, type ServiceApp } from '@travelclub/kit';
import type { BillingFlows } from '../flows/index.js';

export async function startPlanRenewals(
  app: ServiceApp,
  {
    plans,
    queue,
    everySeconds,
  }: { plans: Pick<BillingFlows['creatorPlans'], 'renewDue'>; queue: JobQueue<'plan-renewal'>; everySeconds: number },
) {
  await scheduledWorker(app, { queue, everySeconds, data: {} }, async ({ userId }) => {
    const done = await plans.renewDue(new Date(), userId);
    if (Object.keys(done).length > 0) app.log.info({ done }, 'plans renewed, ended or lapsed');
    return done;
  });
}
