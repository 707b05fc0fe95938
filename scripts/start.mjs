// `npm start`: brings the infrastructure up (with Zipkin, the trace viewer, which nothing waits for; and a mail
// catcher unless SMTP_URL names a server) and runs every service that exists, the gateway and the web app, each
// as its own process with the shared settings, its traces sent to Zipkin and its metrics on a known port. A
// service exists once its folder has src/server.ts; the web app is built first when it is missing or stale.
// When a part dies, the others are stopped and the command exits non-zero with one line naming the part and
// why; it never lingers with nothing serving.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemoData, waitUntilReady } from './demo-data.mjs';
import { dataServers, status, up } from './infra.mjs';
import {
  metricsEndpoints,
  metricsPortsOf,
  observabilityLines,
  ownTracingChoices,
  tracingEnvOf,
  zipkinPage,
  zipkinWanted,
} from './start-observability.mjs';
import { buildWebIfStale } from './web-build.mjs';
import { waitForZipkin, zipkinAnswers } from './zipkin.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where each part listens on a developer machine (`<PART>_PORT` moves one); the gateway is the front door. */
const ports = Object.fromEntries(
  Object.entries({
    gateway: 8080,
    auth: 3001,
    catalog: 3002,
    itinerary: 3003,
    billing: 3004,
    creator: 3005,
    assistant: 3006,
    notifications: 3007,
    web: 3000,
  }).map(([name, port]) => [name, Number(process.env[`${name.toUpperCase()}_PORT`] ?? port)]),
);
/** The gateway's and the web server's `/metrics`, apart from their public ports (GATEWAY_/WEB_METRICS_PORT). */
const metricsPorts = metricsPortsOf(process.env);
/** How long Zipkin may still take once the platform is up before we say it did not start. */
const ZIPKIN_LATE_MS = 120_000;
/** How long the parts get to stop once one has died or Ctrl-C was pressed, before they are killed. */
const STOP_GRACE_MS = 10_000;
/** How long the demo data waits for the whole platform to be ready (a first start imports 20,000 hotels). */
const READY_TIMEOUT_MS = 180_000;

/** Every part that could run: where it runs from and the file that starts it. */
const candidates = [
  ...readdirSync(join(root, 'services')).map((name) => ({ name, dir: join(root, 'services', name) })),
  { name: 'gateway', dir: join(root, 'gateway') },
].map((part) => ({ ...part, entry: join(part.dir, 'src', 'server.ts') }));
candidates.push({ name: 'web', dir: join(root, 'web'), entry: join(root, 'web', 'server', 'server.ts') });
// START_PARTS=auth,notifications,gateway runs only those parts (to try one flow, or in tests).
const only = process.env.START_PARTS?.split(',').map((name) => name.trim());
const unknown = only?.filter((name) => !candidates.some((part) => part.name === name)) ?? [];
if (unknown.length > 0) {
  console.error(`START_PARTS names parts that do not exist: ${unknown.join(', ')}`);
  process.exit(2);
}
const runnable = candidates.filter(({ name, entry }) => existsSync(entry) && (!only || only.includes(name)));
const runs = (name) => runnable.some((part) => part.name === name);

// Servers named in the environment (docker compose, a shared cluster) win; otherwise the local ones. Zipkin
// comes with the local ones (start-observability.mjs says when); it is launched, not waited for.
const given = ['MONGO_URL', 'KAFKA_BROKERS', 'REDIS_URL'].every((name) => process.env[name]);
let withZipkin;
try {
  withZipkin = zipkinWanted(process.env, { serversGiven: given });
} catch (err) {
  console.error(err.message);
  process.exit(2);
}
const servers = [...(given ? [] : dataServers), ...(withZipkin ? ['zipkin'] : [])];
const { env, zipkin } = servers.length > 0 ? await up({ servers }) : { env: {} };
console.log(
  given
    ? `\nUsing the servers in the environment: ${process.env.MONGO_URL} | ${process.env.KAFKA_BROKERS} | ${process.env.REDIS_URL}` +
        `${zipkin ? `\nZipkin (traces): ${zipkinPage(zipkin.url)}` : ''}\n`
    : `\nInfrastructure:\n${await status()}\n`,
);

if (runnable.length === 0) {
  console.log(
    [
      'No service exists yet to start: so far TravelClub has its foundation (contracts, the service kit,',
      'the local infrastructure). Services, the gateway and the web app arrive with their own issues,',
      'and `npm start` runs each of them as soon as its folder has src/server.ts.',
      '',
      given ? '' : 'The infrastructure above stays up for you to use; `npm run infra:down` stops it.',
    ].join('\n'),
  );
  process.exit(0);
}

// Without an SMTP server named in the environment, mail goes to an in-process catcher that shows it over HTTP.
let catcher;
if (!process.env.SMTP_URL) {
  const { startMailCatcher } = await import('./mail-catcher.mjs');
  catcher = await startMailCatcher({ smtpPort: 1025, httpPort: 1080, fallbackToFreePort: true });
  console.log(`Mail is caught, not sent: read it at ${catcher.httpUrl}/messages (MAIL_CATCHER_URL, ?to=address)\n`);
}

// Tokens survive restarts of a local run: one signing key, made once, kept with the local infrastructure.
const keyFile = join(root, '.infra', 'jwt-signing-key.pem');
if (!process.env.JWT_SIGNING_KEY && !existsSync(keyFile)) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  mkdirSync(dirname(keyFile), { recursive: true });
  writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
}

// The web app before anything starts: a build that fails stops here, with its output.
if (runs('web')) {
  try {
    await buildWebIfStale();
  } catch (err) {
    console.error(`\n${err.message}\n\nNothing was started${given ? '' : ' (the infrastructure stays up)'}.`);
    process.exit(1);
  }
}

/** The gateway's address on this machine: the site's origin, where the web app and the API are. */
const siteUrl = `http://127.0.0.1:${ports.gateway}`;
const shared = {
  ...env,
  // 16 MB semi-spaces, as the images have them: Node 24's own young generation made long scavenge pauses under
  // load (docs/runtime.md).
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-semi-space-size=16`.trim(),
  // A local run is plain http on this machine, with a support account for the admin tools. Mailed links,
  // image links and the web app share one origin, so the browser's cookies hold on every page and picture.
  COOKIE_SECURE: 'false',
  WEB_URL: siteUrl,
  SUPPORT_EMAIL: 'support@travelclub.local',
  SUPPORT_PASSWORD: 'support-demo-password',
  // The catalog imports the demo supplier's hotels when it starts empty; image links go through the gateway.
  SEED_HOTELS: '20000',
  IMAGES_BASE_URL: siteUrl,
  // The creator's uploaded images are linked through the gateway too (its local store: services/creator/.data).
  PUBLIC_MEDIA_URL: siteUrl,
  ...(process.env.JWT_SIGNING_KEY ? {} : { JWT_SIGNING_KEY: readFileSync(keyFile, 'utf8'), JWT_KEY_ID: 'local' }),
  // The services' identities on internal routes (docs/identity.md): a new secret every run.
  SERVICE_TOKEN_SECRET: randomBytes(32).toString('base64url'),
  ...process.env,
  ...(catcher ? { SMTP_URL: catcher.smtpUrl, MAIL_CATCHER_URL: catcher.httpUrl } : {}),
  JWKS_URL: process.env.JWKS_URL ?? `http://127.0.0.1:${ports.auth}/.well-known/jwks.json`,
  // Where each running service answers (AUTH_URL, ...), for the gateway and service-to-service calls.
  ...Object.fromEntries(
    Object.entries(ports)
      .filter(([name]) => name !== 'gateway' && name !== 'web' && runs(name))
      .map(([name, port]) => [
        `${name.toUpperCase()}_URL`,
        process.env[`${name.toUpperCase()}_URL`] ?? `http://127.0.0.1:${port}`,
      ]),
  ),
};
/**
 * The web server's own: the production build (its only mode), the site's public origin (PUBLIC_URL, for
 * canonical links; WEB_URL stays the mailed links' origin), the payment sandbox's test cards shown (a
 * developer's machine). Its loaders call the services directly, at the *_URL above.
 */
const webEnv = {
  NODE_ENV: 'production',
  PUBLIC_URL: process.env.PUBLIC_URL ?? siteUrl,
  SHOW_TEST_CARDS: process.env.SHOW_TEST_CARDS ?? 'true',
};
// Services answer only on this machine (the gateway is the way in); the gateway listens where HOST says, by
// default on every interface. MONGO_DB_PREFIX gives every part a database of its own under a prefix (tests).
const envOf = (name) => {
  const own = { ...shared, PORT: String(ports[name] ?? 0), ...tracingEnvOf(name, process.env, zipkin?.url) };
  if (name in metricsPorts) own.METRICS_PORT = String(metricsPorts[name]);
  if (name !== 'gateway') own.HOST = '127.0.0.1';
  if (process.env.MONGO_DB_PREFIX) own.MONGO_DB = `${process.env.MONGO_DB_PREFIX}${name}`;
  if (name === 'gateway' && runs('web'))
    own.WEB_SERVER_URL = process.env.WEB_SERVER_URL ?? `http://127.0.0.1:${ports.web}`;
  return name === 'web' ? { ...own, ...webEnv } : own;
};

/** The last lines a part printed, to say why it died. */
function outputTail(limit = 40) {
  const lines = [];
  let partial = '';
  return {
    add(chunk) {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) if (line.trim()) lines.push(line);
      lines.splice(0, Math.max(0, lines.length - limit));
    },
    lines: () => (partial.trim() ? [...lines, partial] : [...lines]),
  };
}

/**
 * The last error a part printed: an uncaught error's first line (with the detail lines that follow a line
 * ending in a colon, such as a configuration error's), or a log line at level error or worse.
 */
function lastError(lines) {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    if (/^[A-Za-z]*(Error|Exception)\b.*:/.test(line)) {
      const details = [];
      for (const next of lines.slice(i + 1, i + 4)) {
        if (!line.trimEnd().endsWith(':') || /^\s+at /.test(next)) break;
        details.push(next.trim());
      }
      return [line.trim(), ...details].join(' ');
    }
    if (line.startsWith('{')) {
      try {
        const entry = JSON.parse(line);
        if (entry.level >= 50) return [entry.msg, entry.err?.message].filter(Boolean).join(': ');
      } catch {
        // not a log line
      }
    }
  }
  return undefined;
}

const parts = runnable.map(({ name, dir, entry }) => {
  const tail = outputTail();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: dir,
    env: envOf(name),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  console.log(`starting ${name} on :${ports[name] ?? 0} (pid ${child.pid})`);
  // Passed through as they come, and kept, so a part that dies can be explained in one line.
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    tail.add(chunk.toString());
  });
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    tail.add(chunk.toString());
  });
  return { name, child, tail, exited: false };
});

let stopping = false;
let exitCode = 0;
const demoData = new AbortController();

let finishing;
/** Exits explicitly once the parts are gone: nothing left open (the catcher, a timer) may keep us running. */
function finish() {
  finishing ??= (async () => {
    // The catcher outlives the services, so mail sent while they shut down is still caught.
    await Promise.race([catcher?.close().catch(() => undefined), new Promise((done) => setTimeout(done, 2_000))]);
    process.exit(exitCode);
  })();
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  demoData.abort();
  const alive = parts.filter((part) => !part.exited);
  for (const { child } of alive) child.kill('SIGTERM');
  if (alive.length === 0) finish();
  // A part that does not stop in time is killed: the command always ends.
  setTimeout(() => {
    const stuck = parts.filter((part) => !part.exited);
    if (stuck.length === 0) return;
    console.error(`${stuck.map((p) => p.name).join(', ')} did not stop within ${STOP_GRACE_MS / 1000} s; killed`);
    for (const { child } of stuck) child.kill('SIGKILL');
    finish();
  }, STOP_GRACE_MS);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // A second Ctrl-C does not wait for the parts.
    if (stopping) {
      for (const { child, exited } of parts) if (!exited) child.kill('SIGKILL');
      process.exit(exitCode || 130);
    }
    stop(0);
  });
}

for (const part of parts) {
  const died = (reason) => {
    if (part.exited) return;
    part.exited = true;
    if (!stopping) {
      const why = lastError(part.tail.lines());
      console.error(`\n${part.name} ${reason}${why ? ` (last error: ${why})` : ''}; stopping the other parts.\n`);
      stop(1);
    }
    if (parts.every((p) => p.exited)) finish();
  };
  // 'close', not 'exit': by then its last lines have been read, so the error can be named.
  part.child.on('close', (code, signal) => died(signal ? `was killed by ${signal}` : `exited with code ${code}`));
  part.child.on('error', (err) => died(`could not run (${err.message})`));
}

// Demo data goes in through the gateway once everything answers.
if (runnable.some(({ name }) => name === 'gateway')) {
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  void (async () => {
    const ready = await waitUntilReady(`${gatewayUrl}/health`, READY_TIMEOUT_MS, demoData.signal);
    if (stopping) return;
    if (!ready) {
      const health = await fetch(`${gatewayUrl}/health`)
        .then((res) => res.json())
        .catch(() => undefined);
      const down = Object.entries(health?.checks ?? {})
        .filter(([, state]) => state !== 'up')
        .map(([name]) => name);
      console.error(
        `the platform was not ready within ${READY_TIMEOUT_MS / 1000} s (not ready: ${down.join(', ') || 'the gateway'}); no demo data`,
      );
      return;
    }
    try {
      const accounts = await seedDemoData(gatewayUrl, { club: runs('creator') && runs('catalog') });
      const zipkinUp = zipkin ? await zipkinAnswers(zipkin.port) : false;
      console.log(
        [
          '',
          runs('web')
            ? `TravelClub is up: open ${siteUrl}/ (API docs at ${siteUrl}/docs)`
            : `TravelClub is up: ${gatewayUrl} (API docs at ${gatewayUrl}/docs; START_PARTS left the web app out)`,
          ...observabilityLines({
            zipkinUrl: zipkin?.url,
            zipkinUp,
            tracingElsewhere: ownTracingChoices(process.env),
            metrics: metricsEndpoints(
              runnable.map(({ name }) => name),
              ports,
              metricsPorts,
            ),
          }),
          'Demo accounts:',
          ...accounts,
          `  role/support   ${shared.SUPPORT_EMAIL} / ${shared.SUPPORT_PASSWORD}`,
          '',
        ].join('\n'),
      );
      // A Zipkin still starting is announced once it answers; the platform never waited for it.
      if (zipkin && !zipkinUp) {
        waitForZipkin(zipkin, ZIPKIN_LATE_MS).then(
          () => stopping || console.log(`Zipkin answers now: open a booking's trace at ${zipkinPage(zipkin.url)}`),
          (err) => stopping || console.error(`${err.message}; the platform runs on without a trace viewer`),
        );
      }
    } catch (err) {
      if (!stopping) console.error(`demo data failed: ${err.message}`);
    }
  })();
}
