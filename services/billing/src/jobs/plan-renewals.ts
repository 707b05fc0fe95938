// The `plan-renewal` job: on a schedule (one for every billing instance), creators' plans whose period is over
// are renewed (or end, when cancelled), and overdue plans whose grace is over lapse (flows/plan-renewals.ts).
// A job naming one creator deals only with theirs. Each run is safe to repeat: a month is charged once.
import { serviceWorker, type JobQueue, type ServiceApp } from '@travelclub/kit';
import type { BillingFlows } from '../flows/index.js';

export async function startPlanRenewals(
  app: ServiceApp,
  {
    plans,
    queue,
    everySeconds,
  }: { plans: Pick<BillingFlows['creatorPlans'], 'renewDue'>; queue: JobQueue<'plan-renewal'>; everySeconds: number },
) {
  serviceWorker(
    app,
    'plan-renewal',
    async ({ userId }) => {
      const done = await plans.renewDue(new Date(), userId);
      if (Object.keys(done).length > 0) app.log.info({ done }, 'plans renewed, ended or lapsed');
      return done;
    },
    { concurrency: 1 },
  );

  // One schedule for all instances: upserting the same scheduler id changes nothing when it exists.
  await queue.queue.upsertJobScheduler(
    'plan-renewal',
    { every: everySeconds * 1000 },
    { name: 'plan-renewal', data: {} },
  );
}
