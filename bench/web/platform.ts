// The platform the web bench measures, as `npm start` runs it: every service (a demo catalog of a realistic
// size) and the web app behind the gateway, one origin for pages, the API and image links. @travelclub/testing
// builds the web app first when web/build is missing or older than its sources. The web server then runs
// from a copy of that build: anyone building web/build again during the bench (tests do, whenever the app's
// sources change) would otherwise empty the folder it serves from, and its pages would lose their files.
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MongoClient } from 'mongodb';
import { freePort, processGroup, startStack, waitFor, type Stack } from '@travelclub/testing';
import { stackInfra } from '../setup.js';

const root = resolve(import.meta.dirname, '..', '..');

export interface Site {
  /** What the browser opens: the gateway. */
  url: string;
  /** Where each part answers (web, gateway, auth, catalog, ...), for their processes' CPU. */
  parts: Record<string, string>;
  /** Where the servers the parts use answer (MongoDB, Kafka, Redis): they share the cores too. */
  servers: Record<string, string>;
  /** The MongoDB-compatible server and each part's database, to fill the stores before measuring (earlier.ts). */
  mongoUrl: string;
  databases: Stack['databases'];
  /** The web server's metrics (its page cache's outcomes among them). */
  webMetrics: string;
  /** The last lines the web server and the gateway printed, to say why a page failed. */
  lastWords(): string;
  stop(): Promise<void>;
}

/**
 * The platform with `hotels` hotels; the web server from `webDir` (a checkout's web folder, built): by default
 * this checkout's, or another commit's to measure it beside this one on the same services.
 */
export async function startSite(hotels: number, webDir = resolve(root, 'web')): Promise<Site> {
  const { infra, catcher } = await stackInfra(50);
  const started = Date.now();
  // The stack lifts the gateway's rate limits (every request of a bench comes from this one address).
  // BENCH_CPU_PROFILE=<dir> reaches every part, the web server included (@travelclub/testing's processes.ts).
  const stack = await startWithRetries(() =>
    startStack(infra, { hotels, web: true, env: { LOG_LEVEL: 'warn' } }),
  ).catch(async (err) => {
    await catcher.close();
    throw err;
  });
  const web = await fromSnapshot(stack, webDir).catch(async (err) => {
    await stack.stop();
    await catcher.close();
    throw err;
  });
  console.log(`${hotels} hotels, every service, the web app and the gateway up in ${(Date.now() - started) / 1000} s`);
  return {
    url: stack.gateway,
    parts: Object.fromEntries(Object.entries(stack.parts).map(([name, part]) => [name, part.url])),
    servers: { mongo: infra.mongoUrl, kafka: `kafka://${infra.kafkaBrokers.split(',')[0]}`, redis: infra.redisUrl },
    mongoUrl: infra.mongoUrl,
    databases: stack.databases,
    webMetrics: web.metrics,
    lastWords: () =>
      `(the web server's own lines are above)\ngateway:\n${stack.parts.gateway.output().split('\n').slice(-15).join('\n')}`,
    async stop() {
      // The gateway first, as the stack stops it: no request is on its way to the web server when that stops.
      await stack.parts.gateway.stop();
      await web.stop();
      await stack.stop();
      await catcher.close();
      // Leave nothing behind in the shared server.
      const mongo = await MongoClient.connect(infra.mongoUrl);
      for (const db of Object.values(stack.databases)) await mongo.db(db).dropDatabase();
      await mongo.close();
    },
  };
}

/**
 * Starts the stack, again after a pause when the web app's build failed: in a checkout others work in, a
 * half-written file or a build started at the same moment breaks one for a while.
 */
async function startWithRetries<T>(start: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (attempt >= attempts || !message.includes('did not build')) throw err;
      console.log(`the web app did not build (${message.split('\n').slice(1, 4).join(' | ')}); again in 30 s`);
      await new Promise((done) => setTimeout(done, 30_000));
    }
  }
}

/**
 * Copies web/build (with web/server, web/app and web/package.json, the repository's tsconfig and links to its
 * node_modules, so it runs as it does in place), stops the stack's web server and starts one from the copy, on
 * the same port with the same settings. A copy that meets a build under way is taken again.
 */
async function fromSnapshot(stack: Stack, webDir: string) {
  const dir = mkdtempSync(join(tmpdir(), 'travelclub-bench-web-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  for (let attempt = 1; ; attempt++) {
    try {
      rmSync(join(dir, 'web'), { recursive: true, force: true });
      cpSync(join(webDir, 'build'), join(dir, 'web/build'), { recursive: true });
      cpSync(join(webDir, 'server'), join(dir, 'web/server'), { recursive: true });
      // The server shares a module with the app's entry (app/lib/page-reuse.server.ts): the app's sources go too.
      cpSync(join(webDir, 'app'), join(dir, 'web/app'), { recursive: true });
      // Its "type": "module" makes the server's TypeScript an ES module.
      cpSync(join(webDir, 'package.json'), join(dir, 'web/package.json'));
      if (existsSync(join(dir, 'web/build/server/index.js'))) break;
    } catch (err) {
      if (attempt >= 10) {
        remove();
        throw err;
      }
    }
    await new Promise((done) => setTimeout(done, 3_000));
  }
  symlinkSync(resolve(root, 'node_modules'), join(dir, 'node_modules'));
  // npm keeps some of the web app's packages in its own node_modules (React Router 8, which no other workspace uses).
  if (existsSync(resolve(root, 'web/node_modules')))
    symlinkSync(resolve(root, 'web/node_modules'), join(dir, 'web/node_modules'));
  cpSync(resolve(root, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  const url = stack.parts.web.url;
  const services = ['auth', 'notifications', 'catalog', 'itinerary', 'billing', 'creator'] as const;
  await stack.parts.web.stop();
  const metricsPort = await freePort();
  const server = processGroup({ beforeExit: () => stack.stop() });
  server.start(join(dir, 'web/server/server.ts'), {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: new URL(url).port,
    PUBLIC_URL: stack.gateway,
    WEB_URL: stack.gateway,
    IMAGES_BASE_URL: stack.gateway,
    SHOW_TEST_CARDS: 'true',
    METRICS_PORT: String(metricsPort),
    ...Object.fromEntries(services.map((name) => [`${name.toUpperCase()}_URL`, stack.parts[name].url])),
  });
  await waitFor(`${url}/health/ready`, 60_000);
  return {
    metrics: `http://127.0.0.1:${metricsPort}/metrics`,
    async stop() {
      await server.stopAll();
      remove();
    },
  };
}
