// `npm start`: brings the infrastructure up (and a mail catcher unless SMTP_URL names a server) and runs
// every service that exists, each as its own process with the shared settings. A service exists once its
// folder has src/server.ts.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemoData, waitUntilReady } from './demo-data.mjs';
import { status, up } from './infra.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where each part listens on a developer machine; the gateway is the front door. */
const ports = {
  gateway: 8080,
  auth: 3001,
  catalog: 3002,
  itinerary: 3003,
  billing: 3004,
  creator: 3005,
  assistant: 3006,
  notifications: 3007,
};

const candidates = [
  ...readdirSync(join(root, 'services')).map((name) => ({ name, dir: join(root, 'services', name) })),
  { name: 'gateway', dir: join(root, 'gateway') },
];
const runnable = candidates.filter(({ dir }) => existsSync(join(dir, 'src', 'server.ts')));

// Servers named in the environment (docker compose, a shared cluster) win; otherwise the local ones.
const given = ['MONGO_URL', 'KAFKA_BROKERS', 'REDIS_URL'].every((name) => process.env[name]);
const env = given ? {} : (await up()).env;
console.log(
  given
    ? `\nUsing the servers in the environment: ${process.env.MONGO_URL} | ${process.env.KAFKA_BROKERS} | ${process.env.REDIS_URL}\n`
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

const shared = {
  ...env,
  // A local run is plain http on this machine, with a support account for the admin tools.
  COOKIE_SECURE: 'false',
  WEB_URL: `http://localhost:${ports.gateway}`,
  SUPPORT_EMAIL: 'support@travelclub.local',
  SUPPORT_PASSWORD: 'support-demo-password',
  // The catalog imports the demo supplier's hotels when it starts empty; image links go through the gateway.
  SEED_HOTELS: '20000',
  IMAGES_BASE_URL: `http://localhost:${ports.gateway}`,
  ...(process.env.JWT_SIGNING_KEY ? {} : { JWT_SIGNING_KEY: readFileSync(keyFile, 'utf8'), JWT_KEY_ID: 'local' }),
  // The services' identities on internal routes (docs/identity.md): a new secret every run.
  SERVICE_TOKEN_SECRET: randomBytes(32).toString('base64url'),
  ...process.env,
  ...(catcher ? { SMTP_URL: catcher.smtpUrl, MAIL_CATCHER_URL: catcher.httpUrl } : {}),
  JWKS_URL: process.env.JWKS_URL ?? `http://127.0.0.1:${ports.auth}/.well-known/jwks.json`,
  // Where each running service answers (AUTH_URL, ...), for the gateway and service-to-service calls.
  ...Object.fromEntries(
    Object.entries(ports)
      .filter(([name]) => name !== 'gateway' && runnable.some((part) => part.name === name))
      .map(([name, port]) => [
        `${name.toUpperCase()}_URL`,
        process.env[`${name.toUpperCase()}_URL`] ?? `http://127.0.0.1:${port}`,
      ]),
  ),
};
const children = runnable.map(({ name, dir }) => {
  const port = ports[name] ?? 0;
  console.log(`starting ${name} on :${port}`);
  return spawn(process.execPath, ['--import', 'tsx', join(dir, 'src', 'server.ts')], {
    cwd: dir,
    env: { ...shared, PORT: String(port) },
    stdio: 'inherit',
  });
});

// Demo data goes in through the gateway once everything answers.
if (runnable.some(({ name }) => name === 'gateway')) {
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  void (async () => {
    if (!(await waitUntilReady(`${gatewayUrl}/health`, 90_000))) {
      console.error('the platform did not become ready within 90 s; no demo data');
      return;
    }
    try {
      const accounts = await seedDemoData(gatewayUrl);
      console.log(
        [
          '',
          `TravelClub is up: ${gatewayUrl} (API docs at ${gatewayUrl}/docs)`,
          'Demo accounts:',
          ...accounts,
          `  role/support   ${shared.SUPPORT_EMAIL} / ${shared.SUPPORT_PASSWORD}`,
          '',
        ].join('\n'),
      );
    } catch (err) {
      console.error(`demo data failed: ${err.message}`);
    }
  })();
}

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
let running = children.length;
for (const child of children) {
  child.on('exit', (code) => {
    if (!stopping && code !== 0) {
      console.error(`a service exited with code ${code}; stopping the others`);
      stop();
      process.exitCode = 1;
    }
    // The catcher outlives the services, so mail sent while they shut down is still caught.
    if (--running === 0) void catcher?.close();
  });
}
