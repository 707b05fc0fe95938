// The web server: the built app's static files (hashed assets cached for a year) and every other request
// rendered by React Router. It sits behind the gateway, which sends it every path outside /api.
import { createRequestListener } from '@react-router/node';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';
import sirv from 'sirv';

const buildDir = fileURLToPath(new URL('../build/', import.meta.url));
if (!existsSync(`${buildDir}server/index.js`)) {
  console.error('The web app is not built: run `npm run build -w web` first (npm start does it for you).');
  process.exit(1);
}
if (process.env.NODE_ENV !== 'production') {
  // React's development build cannot render with react-dom's production server renderer.
  console.error('The web server runs the production build: start it with NODE_ENV=production.');
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const build = (await import(`${buildDir}server/index.js`)) as ServerBuild;

const assets = sirv(`${buildDir}client/assets`, { immutable: true, maxAge: 31_536_000, gzip: true });
const files = sirv(`${buildDir}client`, { maxAge: 3_600, gzip: true });
const render = createRequestListener({ build, mode: 'production' });

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const next = () => void render(req, res);
  if (req.url?.startsWith('/assets/')) return assets(req, res, next);
  if (req.url === '/health/live' || req.url === '/health/ready') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    return res.end('{"status":"up"}');
  }
  return files(req, res, next);
});
server.keepAliveTimeout = 65_000;

server.listen(port, host, () => {
  console.log(JSON.stringify({ level: 30, name: 'web', msg: `web app listening on http://${host}:${port}` }));
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
