// /health/live (the process answers) and /health/ready (every dependency answers, the start-up steps have
// all succeeded, and we are not closing).
import { LivenessSchema, ReadinessSchema } from '@travelclub/contracts';
import type { ServiceApp } from './service.js';
import { withTimeout } from './timeout.js';

export type DependencyCheck = () => Promise<void>;

/** The readiness entry, present only while the start-up steps (Kafka producer, topics, consumers) are not all done. */
export const STARTUP_CHECK = 'startup';

export function registerHealthRoutes(app: ServiceApp, checks: Record<string, DependencyCheck>, timeoutMs = 1_500) {
  // Probes come every few seconds: keep them out of the log unless something is wrong, but never
  // log more than the service is configured to.
  const logLevel = (['error', 'fatal', 'silent'] as const).find((level) => level === app.config.LOG_LEVEL) ?? 'warn';
  // A dependency's state is logged when it changes, not on every probe: a broker down for a minute is
  // two lines (down, then up), not one per probe.
  const lastState = new Map<string, 'up' | 'down'>();
  const record = (name: string, state: 'up' | 'down', problem?: string) => {
    const before = lastState.get(name);
    lastState.set(name, state);
    if (state === 'down' && before !== 'down') app.log.warn({ dependency: name, err: problem }, 'dependency not ready');
    if (state === 'up' && before === 'down') app.log.info({ dependency: name }, 'dependency ready again');
  };

  app.get('/health/live', { logLevel, schema: { response: { 200: LivenessSchema } } }, async () => ({
    status: 'live' as const,
  }));
  app.get(
    '/health/ready',
    { logLevel, schema: { response: { 200: ReadinessSchema, 503: ReadinessSchema } } },
    async (_req, reply) => {
      const states = await Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          try {
            await withTimeout(check(), timeoutMs, name);
            record(name, 'up');
            return [name, 'up'] as const;
          } catch (err) {
            record(name, 'down', (err as Error).message);
            return [name, 'down'] as const;
          }
        }),
      );
      // The steps log their own retries; here they only hold readiness back, under their own name.
      if (app.startup.pending().length > 0) states.push([STARTUP_CHECK, 'down']);
      const ready = states.every(([, state]) => state === 'up');
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not-ready', checks: Object.fromEntries(states) });
    },
  );
}
