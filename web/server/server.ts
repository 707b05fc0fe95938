// The web server's process: the built app behind the gateway, which sends it every path outside /api. The only
// place that reads the environment and listens; on SIGTERM it stops taking requests, lets the ones in flight
// finish, and exits.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';
import { createWebHandler } from './handler.js';
import { createLog } from './log.js';
import { pageHeaders } from './security.js';

/** As long as the services get to finish their work (the kit's shutdown budget). */
const SHUTDOWN_GRACE_MS = 25_000;

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
const build = (await import(`${buildDir}server/index.js`)) as ServerBuild;

let accepting = true;
const server = createServer(
  createWebHandler({
    build,
    clientDir: `${buildDir}client/`,
    pageHeaders: pageHeaders(),
    log,
    isAccepting: () => accepting,
  }),
);
// Longer than the gateway's pool keeps a connection idle, so this side never closes one under a request.
server.keepAliveTimeout = 65_000;
server.on('error', (err) => {
  log.fatal('the web server could not listen', { err });
  process.exit(1);
});

server.listen(port, host, () => log.info(`web app listening at http://${host}:${port}`));

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
    log.info('stopped');
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
