// The web server's process: the built app behind the gateway, which sends it every path outside /api. The only
// place that reads the environment and listens (its pages on PORT, its figures on METRICS_PORT); on SIGTERM it
// stops taking requests, lets the ones in flight finish, sends the spans it still holds, and exits.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Registry, serveMetrics } from '@travelclub/kit/metrics';
import { startTelemetry, stopTelemetry } from '@travelclub/kit/telemetry';
import type { ServerBuild } from 'react-router';
import { createWebHandler } from './handler.js';
import { createLog } from './log.js';
import { pageHeaders } from './security.js';

/** As long as the services get to finish their work (the kit's shutdown budget). */
const SHUTDOWN_GRACE_MS = 25_000;

// Traces from the OTEL_* settings (docs/observability.md), before the app's loaders open a connection.
startTelemetry('web');
const log = createLog('web', process.env.LOG_LEVEL ?? 'info');
const buildDir = fileURLToPath(new URL('../build/', import.meta.url));
if (!existsSync(`${buildDir}server/index.js`)) {
  log.fatal('the web app is not built: run `npm run build -w web` first (npm start does it for you)');
  process.exit(1);
}
if (process.env.NODE_ENV !== 'production') {
  // React's development build cannot render with react-dom's production server renderer.
  log.fatal('the web server runs the production build: start it with NODE_ENV=production');
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
/** Prometheus' port: never the public one, which the gateway forwards to (it answers /metrics with a page). */
const metricsPort = Number(process.env.METRICS_PORT ?? 9464);
const build = (await import(`${buildDir}server/index.js`)) as ServerBuild;

let accepting = true;
const metrics = new Registry();
const server = createServer(
  createWebHandler({
    build,
    clientDir: `${buildDir}client/`,
    pageHeaders: pageHeaders(),
    log,
    isAccepting: () => accepting,
    metrics,
  }),
);
// Longer than the gateway's pool keeps a connection idle, so this side never closes one under a request.
server.keepAliveTimeout = 65_000;
server.on('error', (err) => {
  log.fatal('the web server could not listen', { err });
  process.exit(1);
});

/** The port a server got (the one asked for, or the system's pick for 0). */
const portOf = (listening: Server) => (listening.address() as AddressInfo).port;

let metricsServer: Server;
try {
  metricsServer = await serveMetrics({ port: metricsPort, host, registry: metrics });
} catch (err) {
  log.fatal('the web server could not serve its metrics', { err, port: metricsPort });
  process.exit(1);
}
log.info(`metrics at http://${host}:${portOf(metricsServer)}/metrics`);
server.listen(port, host, () => log.info(`web app listening at http://${host}:${portOf(server)}`));

function stop(reason: string) {
  if (!accepting) return;
  accepting = false;
  log.info('shutting down', { reason });
  setTimeout(() => {
    log.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  // Answers in flight finish; idle kept-alive connections close now, busy ones once their answer is sent.
  server.close(() => {
    metricsServer.close();
    void stopTelemetry().finally(() => {
      log.info('stopped');
      process.exit(0);
    });
  });
  server.closeIdleConnections();
}
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
