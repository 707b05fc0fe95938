// `npm start` (scripts/start.mjs) when a part dies while the platform starts: the others are stopped and the
// command exits non-zero within seconds, with one line naming the part and why. It used to stay up with
// nothing serving (the mail catcher and the demo-data waiter kept it alive).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { testInfra, uniqueName } from '@travelclub/kit/testing';
import { freePort } from '@travelclub/testing';
import { expect, it, vi } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('stops the other parts and exits non-zero within seconds, naming the part that died', async () => {
  const infra = testInfra();
  const run = uniqueName('npmstart').replace(/-/g, '_');
  const [auth, notifications, gateway] = await Promise.all([freePort(), freePort(), freePort()]);
  const child = spawn(process.execPath, [resolve(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      MONGO_URL: infra.mongoUrl,
      KAFKA_BROKERS: infra.kafkaBrokers,
      REDIS_URL: infra.redisUrl,
      // No SMTP_URL: the in-process mail catcher runs too, and must not keep the command alive.
      SMTP_URL: '',
      START_PARTS: 'auth,notifications,gateway',
      AUTH_PORT: String(auth),
      NOTIFICATIONS_PORT: String(notifications),
      GATEWAY_PORT: String(gateway),
      MONGO_DB_PREFIX: `${run}_`,
      KAFKA_TOPIC_PREFIX: `${run}.`,
      QUEUE_PREFIX: run,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let pids: Record<string, number> = {};
  try {
    pids = await vi.waitFor(
      () => {
        const found = Object.fromEntries(
          [...output.matchAll(/starting (\w+) on :\d+ \(pid (\d+)\)/g)].map((m) => [m[1], Number(m[2])]),
        );
        expect(Object.keys(found).sort()).toEqual(['auth', 'gateway', 'notifications']);
        return found;
      },
      { timeout: 60_000, interval: 100 },
    );
    // Dead while the platform is still starting, as billing died on a fresh machine's first start.
    await vi.waitFor(
      async () => expect((await fetch(`http://127.0.0.1:${notifications}/health/live`)).status).toBe(200),
      // A loaded machine (the suite's other workers) has taken over a minute to start three parts.
      { timeout: 180_000, interval: 200 },
    );
    process.kill(pids.notifications!, 'SIGKILL');
    const killedAt = Date.now();

    const code = await Promise.race([exited, sleep(20_000).then(() => 'still running' as const)]);
    expect(code, output).toBe(1);
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    const naming = output
      .split('\n')
      .filter((line) => line.includes('notifications') && /died|killed|exited/.test(line));
    expect(naming).toEqual(['notifications was killed by SIGKILL; stopping the other parts.']);
    expect(isAlive(pids.auth!)).toBe(false);
    expect(isAlive(pids.gateway!)).toBe(false);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    for (const pid of Object.values(pids)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
}, 300_000);
