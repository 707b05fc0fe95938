// The only place a service listens: build it, listen, then on SIGTERM or SIGINT stop taking requests,
// let in-flight work finish, close everything, and exit. Given a builder, it listens before the start-up
// steps that need Kafka have succeeded: probes get 503 (`startup: down`) while they retry, not a refused
// connection, and a broker that is slow to come up never kills the service.
import type { FastifyInstance } from 'fastify';
import { buildWithStartupInBackground, type Startup } from './startup.js';
import { stopTelemetry } from './telemetry.js';

export interface RunOptions {
  graceMs?: number;
  /** Default to the service's `config.PORT` and `config.HOST`; the gateway, which has no BaseConfig, names its own. */
  port?: number;
  host?: string;
}

type RunnableApp = Pick<FastifyInstance, 'close' | 'listen' | 'log' | 'config'> & { startup?: Startup };

/**
 * Runs an app. Pass the builder (`() => buildApp(config)`) rather than a built app, so the start-up steps run
 * in the background; a step that fails for good (not a passing Kafka problem) stops the process with code 1.
 */
export async function runService(
  appOrBuild: RunnableApp | (() => Promise<RunnableApp>),
  options: RunOptions = {},
): Promise<void> {
  const app = typeof appOrBuild === 'function' ? await buildWithStartupInBackground(appOrBuild) : appOrBuild;
  const port = options.port ?? app.config.PORT;
  const host = options.host ?? app.config.HOST;
  let stopping = false;
  const stop = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ reason }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, options.graceMs ?? 25_000);
    force.unref();
    try {
      await app.close();
      // The spans of the last requests and events still go out.
      await stopTelemetry();
      app.log.info('stopped');
      process.exit(exitCode);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port, host });
  app.startup?.whenDone().then(
    () => app.startup?.inBackground && app.log.info('started: every start-up step succeeded'),
    (err: unknown) => {
      if (stopping) return;
      app.log.fatal({ err }, 'a start-up step failed for good; stopping');
      void stop('start-up failed', 1);
    },
  );
}
