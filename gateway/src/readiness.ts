// GET /health: asks every configured service whether it is ready, all at once and briefly, and answers
// 200 only when all are, naming each service's state. GET /health/live is the gateway process alone.
import { ReadinessSchema, type GatewayHealth, type LivenessSchema } from '@travelclub/contracts';
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

  // A service's readiness is logged when it changes, not on every probe: a catalog importing its hotels
  // for a minute while `npm start` polls twice a second is one line, then one more when it is ready. The
  // service is named `upstream`: `service` already names the gateway in every line.
  const lastState = new Map<string, 'up' | 'down'>();
  const record = (service: string, state: 'up' | 'down', why?: { msg: string; [field: string]: unknown }) => {
    const before = lastState.get(service);
    lastState.set(service, state);
    if (state === 'down' && before !== 'down' && why) {
      const { msg, ...fields } = why;
      app.log.warn({ upstream: service, ...fields }, msg);
    }
    if (state === 'up' && before === 'down') app.log.info({ upstream: service }, 'service ready');
  };

  /** One service's state and, when it answered, the state of each of its own dependencies. */
  async function check(service: (typeof upstreams.configured)[number]) {
    try {
      const { status, body } = await upstreams.getJson(service, '/health/ready', options.timeoutMs);
      const parsed = ReadinessSchema.safeParse(body);
      const dependencies = parsed.success ? parsed.data.checks : {};
      if (status === 200) {
        record(service, 'up');
        return [service, 'up', dependencies] as const;
      }
      record(service, 'down', { msg: 'service not ready', status });
      return [service, 'down', dependencies] as const;
    } catch (err) {
      record(service, 'down', { msg: 'service did not answer its readiness check', err: (err as Error).message });
      return [service, 'down', {}] as const;
    }
  }

  app.get('/health', { logLevel }, async (_req, reply) => {
    const states = await Promise.all(upstreams.configured.map(check));
    const ready = states.every(([, state]) => state === 'up');
    const answer: GatewayHealth = {
      status: ready ? 'ready' : 'not-ready',
      checks: Object.fromEntries(states.map(([service, state]) => [service, state])),
      dependencies: Object.fromEntries(states.map(([service, , dependencies]) => [service, dependencies])),
    };
    return reply.code(ready ? 200 : 503).send(answer);
  });
}
