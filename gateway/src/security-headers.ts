// The security headers on every answer, decided by @fastify/helmet once at start-up and then replayed.
// Registered as usual, the plugin rebuilds helmet's middleware on every request: in bench:gateway
// that cost about a third of the gateway's throughput, for headers that never change.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';

/** What any answer carries anyway; everything else on the probe's answer came from helmet. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

export async function securityHeaders(options: FastifyHelmetOptions): Promise<[name: string, value: string][]> {
  const probe = Fastify();
  try {
    await probe.register(helmet, options);
    probe.get('/', async () => '');
    const res = await probe.inject({ method: 'GET', url: '/' });
    return Object.entries(res.headers).flatMap(([name, value]) =>
      NOT_HELMETS.has(name) || value === undefined ? [] : [[name, String(value)] as [string, string]],
    );
  } finally {
    await probe.close();
  }
}
