// The only place a service listens: start, then on SIGTERM or SIGINT stop taking requests,
// let in-flight work finish, close everything, and exit.
import type { FastifyInstance } from 'fastify';

export interface RunOptions {
  graceMs?: number;
  /** Default to the service's `config.PORT` and `config.HOST`; the gateway, which has no BaseConfig, names its own. */
  port?: number;
  host?: string;
}

export async function runService(
  app: Pick<FastifyInstance, 'close' | 'listen' | 'log' | 'config'>,
  options: RunOptions = {},
): Promise<void> {
  const port = options.port ?? app.config.PORT;
  const host = options.host ?? app.config.HOST;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, options.graceMs ?? 25_000);
    force.unref();
    try {
      await app.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port, host });
}
