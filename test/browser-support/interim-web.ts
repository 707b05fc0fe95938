// Until the stack starts the web server itself: the built web app run beside a stack, and one origin in front
// of both (/api to the gateway, every other path to the web server), which is what the gateway will do.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort, waitFor, type Stack, type StackOptions } from '@travelclub/testing';

const require = createRequire(import.meta.url);
// BROWSER_WEB_DIR: a copy of web/ (its build and server) to run instead, kept still while others rebuild web/.
const webDir = process.env.BROWSER_WEB_DIR ?? dirname(dirname(require.resolve('@travelclub/web/server')));
const webServer = join(webDir, 'server', 'server.ts');

/** Builds the web app when it has no build yet (one test file at a time). */
export async function ensureWebBuild() {
  if (existsSync(join(webDir, 'build/server/index.js'))) return;
  const lock = join(webDir, '.build-lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      await new Promise((done) => setTimeout(done, 300));
    }
  }
  try {
    if (existsSync(join(webDir, 'build/server/index.js'))) return;
    await new Promise<void>((done, fail) => {
      const child = spawn('npm', ['run', '-s', 'build'], { cwd: webDir, stdio: 'inherit' });
      child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`the web build exited with ${code}`))));
    });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface InterimWeb {
  url: string;
  stop(): Promise<void>;
}

/** The front origin's port, chosen before the stack starts: its mails and images must name it. */
export async function frontOrigin() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    stackOptions: (options: StackOptions): StackOptions => ({
      ...options,
      env: { WEB_URL: url, ...options.env },
      partEnv: { ...options.partEnv, catalog: { IMAGES_BASE_URL: url, ...options.partEnv?.catalog } },
    }),
  };
}

/** Runs the web server for `stack` and the front origin on `frontPort`. */
export async function startInterimWeb(stack: Stack, frontPort: number): Promise<InterimWeb> {
  await ensureWebBuild();
  const webPort = await freePort();
  const url = `http://127.0.0.1:${frontPort}`;
  let output = '';
  const web = spawn(process.execPath, ['--import', 'tsx', webServer], {
    cwd: webDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(webPort),
      PUBLIC_URL: url,
      AUTH_URL: stack.parts.auth.url,
      CATALOG_URL: stack.parts.catalog.url,
      ITINERARY_URL: stack.parts.itinerary.url,
      BILLING_URL: stack.parts.billing.url,
      NOTIFICATIONS_URL: stack.parts.notifications.url,
      SHOW_TEST_CARDS: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  web.stdout.on('data', (chunk) => (output += chunk));
  web.stderr.on('data', (chunk) => (output += chunk));
  const webUrl = `http://127.0.0.1:${webPort}`;
  try {
    await waitFor(`${webUrl}/health/live`, 20_000);
  } catch (err) {
    web.kill('SIGKILL');
    throw new Error(`${String(err)}\n${output}`);
  }
  const front = frontDoor(stack.gateway, webUrl);
  await new Promise<void>((done) => front.listen(frontPort, '127.0.0.1', done));
  return {
    url,
    async stop() {
      front.closeAllConnections();
      await new Promise((done) => front.close(done));
      if (web.exitCode === null) {
        const exited = new Promise((done) => web.once('exit', done));
        web.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** The gateway's coming rule, by hand: /api to the gateway, anything else to the web server. */
function frontDoor(gateway: string, web: string): Server {
  return createServer((req, res) => {
    const target = new URL(req.url ?? '/', req.url?.startsWith('/api/') ? gateway : web);
    const upstream = request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
}
