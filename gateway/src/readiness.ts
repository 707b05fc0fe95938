// GET /health: asks every configured service whether it is ready, all at once and briefly, and answers
// 200 only when all are, naming each service's state. GET /health/live is the gateway process alone.
import type { LivenessSchema, Readiness } from '@travelclub/contracts';
import type { FastifyInstance, LogLevel } from 'fastify';
import type { z } from 'zod';
import type { Upstreams } from './upstreams.js';

export function registerReadinessRoutes(
  app: FastifyInstance,
  upstreams: Upstreams,
  options: { timeoutMs: number; logLevel: LogLevel },
) {
  // Probes come every few seconds: keep them out of the log unless something is wrong, but never log
  // more than the gateway is configured to.
  const logLevel: LogLevel = ['error', 'fatal', 'silent'].includes(options.logLevel) ? options.logLevel : 'warn';
  const live: z.infer<typeof LivenessSchema> = { status: 'live' };
  app.get('/health/live', { logLevel }, async () => live);

  app.get('/health', { logLevel }, async (req, reply) => {
    const states = await Promise.all(
      upstreams.configured.map(async (service) => {
        try {
          const { status } = await upstreams.getJson(service, '/health/ready', options.timeoutMs);
          if (status === 200) return [service, 'up'] as const;
          req.log.warn({ service, status }, 'service not ready');
        } catch (err) {
          req.log.warn({ service, err: (err as Error).message }, 'service did not answer its readiness check');
        }
        return [service, 'down'] as const;
      }),
    );
    const ready = states.every(([, state]) => state === 'up');
    const answer: Readiness = { status: ready ? 'ready' : 'not-ready', checks: Object.fromEntries(states) };
    return reply.code(ready ? 200 : 503).send(answer);
  });
}
