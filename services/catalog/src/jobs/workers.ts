// The catalog's jobs: `hold-expiry` releases an unpaid hold at its expiry; `availability-refresh` runs on
// a schedule, releases overdue holds whose expiry job was lost, and moves settled holds out of their
// inventory documents (released ones a crash left there, bookings whose stay is over).
import { scheduledWorker, serviceQueue, serviceWorker, type ServiceApp } from '@travelclub/kit';
import type { HoldFlows } from '../flows/holds.js';

export async function startCatalogJobs(
  app: ServiceApp,
  { holds, refreshEverySeconds }: { holds: HoldFlows; refreshEverySeconds: number },
) {
  serviceWorker(app, 'hold-expiry', async ({ holdId }, job) => {
    const released = await holds.expire(holdId, {
      correlationId: `hold-expiry:${holdId}`,
      causationId: `job:${job.id}`,
    });
    return { released };
  });

  const refresh = serviceQueue(app, 'availability-refresh');
  await scheduledWorker(
    app,
    { queue: refresh, everySeconds: refreshEverySeconds, data: { scope: 'all' } },
    async (_payload, job) => {
      const ctx = { correlationId: 'availability-refresh', causationId: `job:${job.id}` };
      const { released, settled } = await holds.refresh(ctx);
      if (released || settled) app.log.info({ released, settled }, 'availability refreshed');
      return { released, settled };
    },
  );
}
