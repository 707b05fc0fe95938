// /health/live (the process answers) and /health/ready (every dependency answers, and we are not closing).
import { LivenessSchema, ReadinessSchema } from '@travelclub/contracts';
import type { ServiceApp } from './service.js';
import { withTimeout } from './timeout.js';

export type DependencyCheck = () => Promise<void>;

export function registerHealthRoutes(app: ServiceApp, checks: Record<string, DependencyCheck>, timeoutMs = 1_500) {
  // Probes come every few seconds: keep them out of the log unless something is wrong, but never
  // log more than the service is configured to.
  const logLevel = (['error', 'fatal', 'silent'] as const).find((level) => level === app.config.LOG_LEVEL) ?? 'warn';
  app.get('/health/live', { logLevel, schema: { response: { 200: LivenessSchema } } }, async () => ({
    status: 'live' as const,
  }));
  app.get(
    '/health/ready',
    { logLevel, schema: { response: { 200: ReadinessSchema, 503: ReadinessSchema } } },
    async (req, reply) => {
      const states = await Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          try {
            await withTimeout(check(), timeoutMs, name);
            return [name, 'up'] as const;
          } catch (err) {
            req.log.warn({ dependency: name, err: (err as Error).message }, 'dependency not ready');
            return [name, 'down'] as const;
          }
        }),
      );
      const ready = states.every(([, state]) => state === 'up');
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not-ready', checks: Object.fromEntries(states) });
    },
  );
}
