// The platform the web bench measures: every service (a demo catalog of a realistic size), the web server
// behind the gateway, and "the site", the one address the browser opens and the catalog's image links use.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { connect, createServer as createTcpServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { MongoClient } from 'mongodb';
import { startMailCatcher } from '../../scripts/mail-catcher.mjs';
import { freePort, processGroup, startStack, waitFor } from '@travelclub/testing';
import { serverSettings } from '../setup.js';

const root = resolve(import.meta.dirname, '..', '..');
const reactRouterCli = resolve(root, 'node_modules/@react-router/dev/bin.js');

export interface Site {
  /** What the browser opens: the gateway's port, forwarded (see `front`). */
  url: string;
  gateway: string;
  web: string;
  /** Where each part answers (web, gateway, auth, catalog, ...). */
  parts: Record<string, string>;
  /** Whether the gateway sends page requests to the web server (else the site routes them itself). */
  gatewayServesPages: boolean;
  stop(): Promise<void>;
}

/**
 * Builds the web app as it is now, from a copy of its sources in a folder of this run's own: others build
 * web/build all the time in this checkout, and a build there empties it, under the server serving from it.
 * The copy keeps the repository's layout (its tsconfig, a link to its node_modules) so it builds and runs the
 * same. Another helper's half-written file can break a build for a moment: it is tried again a few times.
 */
export async function buildWeb(attempts = 4): Promise<{ server: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'travelclub-bench-web-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  symlinkSync(resolve(root, 'node_modules'), join(dir, 'node_modules'));
  cpSync(resolve(root, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  const skipped = new Set(['build', '.react-router', 'test', 'node_modules'].map((name) => resolve(root, 'web', name)));
  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    rmSync(join(dir, 'web'), { recursive: true, force: true });
    cpSync(resolve(root, 'web'), join(dir, 'web'), { recursive: true, filter: (from) => !skipped.has(from) });
    const built = spawnSync(process.execPath, [reactRouterCli, 'build'], { cwd: join(dir, 'web'), encoding: 'utf8' });
    if (built.status === 0) {
      console.log(`web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return { server: join(dir, 'web', 'server', 'server.ts'), remove };
    }
    const output = `${built.stdout}\n${built.stderr}`;
    if (attempt >= attempts) {
      remove();
      throw new Error(`the web app did not build:\n${output}`);
    }
    const why = output.split('\n').filter((line) => /error|fail|could not/i.test(line));
    console.log(`the web app did not build (${why.slice(0, 3).join(' | ')}); trying again in 30 s`);
    await new Promise((done) => setTimeout(done, 30_000));
  }
}

export async function startSite(hotels: number, webServer: string): Promise<Site> {
  const settings = await serverSettings('MONGO_URL', 'KAFKA_BROKERS');
  const catcher = await startMailCatcher({ maxMessages: 50 });
  const [sitePort, webPort] = await Promise.all([freePort(), freePort()]);
  const url = `http://127.0.0.1:${sitePort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const infra = {
    mongoUrl: settings.MONGO_URL,
    kafkaBrokers: settings.KAFKA_BROKERS,
    redisUrl: process.env.REDIS_URL ?? settings.REDIS_URL ?? 'redis://127.0.0.1:6379',
    smtpUrl: catcher.smtpUrl,
  };
  const started = Date.now();
  // The stack already lifts the gateway's rate limits (every request of a bench comes from one address).
  // Image links go to the site, as they go to the gateway's public address in production.
  const stack = await startStack(infra, {
    hotels,
    env: { LOG_LEVEL: 'warn' },
    partEnv: { catalog: { IMAGES_BASE_URL: url }, gateway: { WEB_SERVER_URL: webUrl } },
  });
  const services = Object.fromEntries(
    (['auth', 'catalog', 'itinerary', 'billing'] as const).map((name) => [
      `${name.toUpperCase()}_URL`,
      stack.parts[name].url,
    ]),
  );
  // BENCH_CPU_PROFILE reaches this process too: processGroup starts it with --cpu-prof.
  const webProcess = processGroup();
  webProcess.start(webServer, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(webPort),
    PUBLIC_URL: url,
    IMAGES_BASE_URL: url,
    ...services,
  });
  await waitFor(`${webUrl}/health/ready`, 30_000);
  console.log(
    `${hotels} hotels, every service, the gateway and the web server up in ${(Date.now() - started) / 1000} s`,
  );

  const gatewayServesPages = await servesPages(stack.gateway);
  const front = gatewayServesPages ? tcpForward(stack.gateway) : pathRouter(stack.gateway, webUrl);
  await new Promise<void>((done) => front.listen(sitePort, '127.0.0.1', done));
  if (!gatewayServesPages)
    console.log(
      'NOTE: the gateway does not send pages to the web server yet (WEB_SERVER_URL); the site routes /api to the ' +
        'gateway and the rest to the web server itself, and autocannon measures the web server directly',
    );
  return {
    url,
    gateway: stack.gateway,
    web: webUrl,
    parts: { web: webUrl, ...Object.fromEntries(Object.entries(stack.parts).map(([name, part]) => [name, part.url])) },
    gatewayServesPages,
    async stop() {
      await new Promise((done) => front.close(done));
      await webProcess.stopAll();
      await stack.stop();
      await catcher.close();
      // Leave nothing behind in the shared server.
      const mongo = await MongoClient.connect(infra.mongoUrl);
      for (const db of Object.values(stack.databases)) await mongo.db(db).dropDatabase();
      await mongo.close();
    },
  };
}

async function servesPages(gateway: string) {
  const res = await fetch(`${gateway}/`).catch(() => null);
  await res?.body?.cancel();
  return Boolean(res?.ok && res.headers.get('content-type')?.startsWith('text/html'));
}

/** Bytes through to the gateway unchanged: the site is the gateway, on the port the image links name. */
function tcpForward(gateway: string): Server {
  const { port } = new URL(gateway);
  return createTcpServer((socket) => {
    const upstream = connect(Number(port), '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    const end = () => (socket.destroy(), upstream.destroy());
    socket.on('error', end);
    upstream.on('error', end);
  });
}

/** Until the gateway sends pages on: /api to the gateway, every other path to the web server. */
function pathRouter(gateway: string, web: string) {
  return createHttpServer((req, res) => {
    const target = new URL(req.url!, req.url!.startsWith('/api/') ? gateway : web);
    const forwarded = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
}
