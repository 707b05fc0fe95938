// Credentials and TLS for Redis travel in REDIS_URL alone: a redis-server of the test's own that requires a
// password (and has an ACL user), on a plain port and a TLS port. The kit's connection, a service and a BullMQ
// queue and worker work with the right credentials, and stop with Redis's own refusal on wrong ones.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canConnect, freePort } from '../../../scripts/local-servers.mjs';
import { makeTestCertificates } from '../../../scripts/secure-kafka.mjs';
import {
  closeRedis,
  createJobQueue,
  createJobWorker,
  createRedis,
  createService,
  withTimeout,
  type JobQueue,
  type JobWorker,
} from '../src/index.js';
import { testConfig, uniqueName } from '../src/testing/index.js';
import { silentLogger } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'redis-credentials-'));
const defaultPassword = randomBytes(8).toString('hex');
// Characters a URL must percent-encode: the URL carries them all the same.
const user = { name: 'travelclub', password: `p@ss:w/rd#${randomBytes(4).toString('hex')}` };
const enc = encodeURIComponent;
let server: ChildProcess;
let port: number;
let tlsPort: number;
let certs: ReturnType<typeof makeTestCertificates>;

beforeAll(async () => {
  certs = makeTestCertificates(join(dir, 'certs'));
  port = await freePort(0);
  tlsPort = await freePort(0);
  server = spawn(
    'redis-server',
    [
      ['--port', String(port)],
      ['--bind', '127.0.0.1'],
      ['--save', ''],
      ['--appendonly', 'no'],
      ['--dir', dir],
      ['--requirepass', defaultPassword],
      // An ACL user with every right: what a managed Redis hands out.
      ['--user', user.name, 'on', `>${user.password}`, '~*', '&*', '+@all'],
      ['--tls-port', String(tlsPort)],
      ['--tls-cert-file', certs.serverCert],
      ['--tls-key-file', certs.serverKey],
      ['--tls-ca-cert-file', certs.ca],
      ['--tls-auth-clients', 'no'],
    ].flat(),
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 20_000;
  while (!((await canConnect(port)) && (await canConnect(tlsPort)))) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves when the connection is ready, rejects with the first error it reports. */
const ready = (redis: Redis) =>
  withTimeout(new Promise((resolve, fail) => redis.once('ready', resolve).once('error', fail)), 5_000, 'Redis');

async function withConnection<T>(url: string, use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = createRedis(url);
  try {
    await ready(redis);
    return await use(redis);
  } finally {
    await closeRedis(redis);
  }
}

describe('Redis credentials in REDIS_URL', () => {
  it('signs in as the default user with the password alone', async () => {
    const whoami = await withConnection(`redis://:${enc(defaultPassword)}@127.0.0.1:${port}`, (r) =>
      r.call('ACL', 'WHOAMI'),
    );
    expect(whoami).toBe('default');
  });

  it('signs in as an ACL user, on the database the URL names', async () => {
    const url = `redis://${user.name}:${enc(user.password)}@127.0.0.1:${port}/3`;
    const [whoami, info] = await withConnection(url, async (r) => [
      await r.call('ACL', 'WHOAMI'),
      String(await r.call('CLIENT', 'INFO')),
    ]);
    expect(whoami).toBe(user.name);
    expect(info).toMatch(/ db=3 /);
  });

  it('starts a service on those credentials, and refuses to start on wrong or missing ones', async () => {
    const url = `redis://${user.name}:${enc(user.password)}@127.0.0.1:${port}`;
    const app = await createService({
      name: 'kit-redis-auth',
      config: testConfig('kit-redis-auth', { REDIS_URL: url }),
    });
    try {
      expect(await app.redis.call('ACL', 'WHOAMI')).toBe(user.name);
      expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const wrong = `redis://${user.name}:not-the-password@127.0.0.1:${port}`;
    await expect(
      createService({ name: 'kit-redis-wrong', config: testConfig('kit-redis-wrong', { REDIS_URL: wrong }) }),
    ).rejects.toThrow(/^WRONGPASS invalid username-password pair or user is disabled/);
    const none = `redis://127.0.0.1:${port}`;
    await expect(
      createService({ name: 'kit-redis-none', config: testConfig('kit-redis-none', { REDIS_URL: none }) }),
    ).rejects.toThrow(/NOAUTH Authentication required/);
  });

  it('runs a BullMQ queue and worker on the ACL user', async () => {
    const settings = { redisUrl: `redis://${user.name}:${enc(user.password)}@127.0.0.1:${port}`, prefix: 'secure' };
    const queue: JobQueue<'hold-expiry'> = createJobQueue('hold-expiry', settings);
    const done: string[] = [];
    let worker: JobWorker | undefined;
    try {
      const handled = new Promise<void>((resolve) => {
        worker = createJobWorker(
          'hold-expiry',
          async ({ holdId }) => {
            done.push(holdId);
            resolve();
          },
          { ...settings, logger: silentLogger },
        );
      });
      const holdId = uniqueName('hold');
      await queue.add({ holdId, hotelId: 'h-1', expiresAt: new Date().toISOString() });
      await withTimeout(handled, 10_000, 'the job');
      expect(done).toEqual([holdId]);
      // The worker's blocking connection is its own: it signed in too.
      const clients = await withConnection(settings.redisUrl, async (r) => String(await r.call('CLIENT', 'LIST')));
      expect(clients.split('\n').filter((c) => c.includes(`user=${user.name}`)).length).toBeGreaterThanOrEqual(3);
    } finally {
      await worker?.close();
      await queue.queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it('gives BullMQ’s queue and worker Redis’s refusal of wrong credentials', async () => {
    const settings = { redisUrl: `redis://${user.name}:wrong@127.0.0.1:${port}`, prefix: 'secure-wrong' };
    const errors: string[] = [];
    const worker = createJobWorker('hold-expiry', async () => undefined, { ...settings, logger: silentLogger });
    worker.worker.on('error', (err) => errors.push(err.message));
    const queue = createJobQueue('hold-expiry', { ...settings, addTimeoutMs: 1_000 });
    try {
      await expect(queue.add({ holdId: 'h', hotelId: 'h-1', expiresAt: new Date().toISOString() })).rejects.toThrow(
        'Redis did not answer within 1000 ms (last error: WRONGPASS invalid username-password pair or user is disabled.)',
      );
      expect(errors[0]).toMatch(/^WRONGPASS invalid username-password pair/);
    } finally {
      // A worker that never got a connection has no job in hand: closing it need not wait for Redis.
      await worker.worker.close(true);
      await worker.close();
      await queue.close();
    }
  });
});

describe('Redis TLS in REDIS_URL (rediss://)', () => {
  it('connects over TLS: a CA it does not know is refused', async () => {
    const url = `rediss://${user.name}:${enc(user.password)}@localhost:${tlsPort}`;
    await expect(withConnection(url, (r) => r.ping())).rejects.toThrow(
      /self[- ]signed certificate in certificate chain/,
    );
  });

  it('signs in over TLS once the CA is trusted (NODE_EXTRA_CA_CERTS), with the credentials of the URL', async () => {
    const fixture = fileURLToPath(new URL('./fixtures/redis-whoami.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        fixture,
        `rediss://${user.name}:${enc(user.password)}@localhost:${tlsPort}`,
        // The plain port does not speak TLS: rediss:// is never quietly downgraded.
        `rediss://${user.name}:${enc(user.password)}@localhost:${port}`,
      ],
      { env: { ...process.env, NODE_EXTRA_CA_CERTS: certs.ca } },
    );
    const [overTls, toPlainPort] = stdout.trim().split('\n');
    expect(overTls).toBe(user.name);
    expect(toPlainPort).toMatch(/^error: /);
  }, 30_000);
});
