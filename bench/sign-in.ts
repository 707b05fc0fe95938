// Sign-ins per second and their latency with the argon2id cost the auth service is configured with.
// The auth service runs as its own process against the local servers; autocannon signs in with a pool
// of real accounts (limits raised so they do not refuse the load).
// Usage: npm run bench:signin [-- --seconds 10 --connections 8]
import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { freePort, processGroup, serverOf, waitFor } from '@travelclub/testing';
import { benchOptions, serverSettings } from './setup.js';

const values = benchOptions({ seconds: 10, connections: 8 });
const cost = {
  memoryCost: Number(process.env.ARGON2_MEMORY_KIB ?? 19_456),
  timeCost: Number(process.env.ARGON2_TIME_COST ?? 2),
  parallelism: Number(process.env.ARGON2_PARALLELISM ?? 1),
};

const infra = await serverSettings('MONGO_URL', 'KAFKA_BROKERS', 'REDIS_URL');
const port = await freePort();
const runId = Date.now().toString(36);
const parts = processGroup();
parts.start(serverOf('auth'), {
  ...infra,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  MONGO_DB: `bench_auth_${runId}`,
  KAFKA_TOPIC_PREFIX: `bench-${runId}.`,
  RATE_LIMIT_PREFIX: `bench-${runId}`,
  SIGNIN_MAX_PER_IP: '1000000',
  SIGNIN_MAX_PER_EMAIL: '1000000',
  ARGON2_MEMORY_KIB: String(cost.memoryCost),
  ARGON2_TIME_COST: String(cost.timeCost),
  ARGON2_PARALLELISM: String(cost.parallelism),
});
const base = `http://127.0.0.1:${port}`;
try {
  await waitFor(`${base}/health/ready`);

  // One hash alone, for the cost of a single sign-in's argon2 work.
  const started = performance.now();
  for (let i = 0; i < 5; i++) await hash('a password to time', cost);
  const hashMs = (performance.now() - started) / 5;

  const password = 'bench password 1';
  const emails = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const email = `bench-${runId}-${i}@example.test`;
      const res = await fetch(`${base}/api/v1/auth/signUp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, repassword: password, publicName: `Bench ${i}` }),
      });
      if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      return email;
    }),
  );

  let next = 0;
  const run = (seconds: number) =>
    autocannon({
      url: `${base}/api/v1/auth/signIn`,
      connections: values.connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ email: emails[next++ % emails.length], password }),
          }),
        },
      ],
    });
  await run(2); // warm-up
  const result = await run(values.seconds);
  const failed = result.non2xx + result.errors + result.timeouts;
  console.log(
    `sign-in: ${result.requests.total} in ${values.seconds} s over ${values.connections} connections, ${failed} failed; ` +
      `argon2id m=${cost.memoryCost} KiB t=${cost.timeCost} p=${cost.parallelism}, one hash ${hashMs.toFixed(1)} ms`,
  );
  console.log(
    `RESULT signins_per_s=${result.requests.average.toFixed(1)} p50_ms=${result.latency.p50} p99_ms=${result.latency.p99} ` +
      `hash_ms=${hashMs.toFixed(1)} failed=${failed}`,
  );
} finally {
  await parts.stopAll();
}
