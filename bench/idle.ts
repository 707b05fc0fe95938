// What the platform costs at rest: every service, the gateway, Kafka, the MongoDB-compatible server and Redis
// as a booking bench starts them, left alone once up (after --settle seconds: start-up work, the first
// collections), then the CPU each process spends in --seconds of nothing asked of it (from /proc: the
// kernel's count). On a machine whose cores the parts share, what they spend waiting is taken from every
// request; in production it is what an idle replica costs. With BENCH_CPU_PROFILE=<dir>, also where each
// service's CPU went in that window.
// Usage: npm run bench:idle [-- --hotels 2000 --settle 20 --seconds 30]
import { startStack } from '@travelclub/testing';
import { benchOptions, stackInfra } from './setup.js';
import { cpuMs, pidsOf } from './web/cpu.js';
import { profileReport } from './web/profile.js';

const { hotels, settle, seconds } = benchOptions({ hotels: 2000, settle: 20, seconds: 30 });
const began = Date.now();
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const pause = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));

const { infra, catcher } = await stackInfra(50);
const stack = await startStack(infra, { hotels, env: { LOG_LEVEL: 'warn' } });
let spent: [string, number][];
const window = { from: 0, to: 0 };
try {
  const pids = {
    ...pidsOf(Object.fromEntries(Object.entries(stack.parts).map(([name, part]) => [name, part.url]))),
    ...pidsOf({ mongo: infra.mongoUrl, kafka: `kafka://${infra.kafkaBrokers.split(',')[0]}`, redis: infra.redisUrl }),
  };
  await pause(settle);
  const before = cpuMs(pids);
  window.from = nowUs();
  await pause(seconds);
  window.to = nowUs();
  const after = cpuMs(pids);
  spent = Object.keys(after)
    .map((name): [string, number] => [name, (after[name]! - (before[name] ?? after[name]!)) / seconds])
    .sort((a, b) => b[1] - a[1]);
} finally {
  await stack.stop();
  await catcher.close();
}
const total = spent.reduce((sum, [, ms]) => sum + ms, 0);
console.log(
  `CPU ms a second at rest (${seconds} s, after ${settle} s): ${spent.map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(', ')}`,
);
const profileDir = process.env.BENCH_CPU_PROFILE;
if (profileDir) {
  console.log('where the CPU went at rest (BENCH_CPU_PROFILE):');
  const parts = ['catalog', 'creator', 'billing', 'notifications', 'assistant', 'itinerary', 'auth', 'gateway'];
  profileReport(profileDir, began, window, parts).forEach((line) => console.log(line));
}
const [busiest, busiestMs] = spent[0]!;
console.log(
  `RESULT idle_cpu_ms_per_s=${total.toFixed(0)} busiest=${busiest} busiest_ms_per_s=${busiestMs.toFixed(1)} ` +
    `services_ms_per_s=${spent
      .filter(([n]) => !['kafka', 'mongo', 'redis'].includes(n))
      .reduce((s, [, ms]) => s + ms, 0)
      .toFixed(0)}`,
);
