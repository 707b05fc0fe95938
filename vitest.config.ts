// One vitest run for the whole monorepo, in three projects: the platform (services, gateway, system and browser
// tests, in Node), the web app's component tests (jsdom), and last the fault tests, alone. The Node projects'
// global setup finds or starts MongoDB, Kafka and Redis.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The fault tests freeze Kafka, stop MongoDB or kill parts, and check what the platform did meanwhile: their
 * timing is their subject. They run after every other file, one at a time, with the machine to themselves.
 * With them go the files that start servers of their own on top of a whole platform (a second infrastructure, a
 * SASL_SSL broker, nine compiled parts built and started): beside the rest they loaded two cores past 20, and
 * timed-out browser tests followed. And the checks of a start or a speed that start servers of their own: the
 * fresh start (three private brokers under a whole platform each) and the local store's lookup against a scan.
 */
const FAULT_TESTS = [
  'test/system/booking-faults.test.ts',
  'test/system/late-charge.test.ts',
  'test/system/mongo-outage.test.ts',
  'test/system/payment-crash.test.ts',
  'test/system/infra-keeps-data.test.ts',
  'test/system/deploy-folders.test.ts',
  'services/kit/test/secure-kafka.test.ts',
  'services/kit/test/lag-and-backlog.test.ts',
  'test/system/fresh-start.test.ts',
  'test/local-mongo.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default, one worker less than the cores, is a single worker on a 2-core machine, and most test
    // time is waiting on servers. On 2 cores the whole run took 20 min 24 s with one worker, 13 min 4 s with
    // two, and 12 min 23 s with three, where a browser test ran out of time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'platform',
          globalSetup: ['test/global-setup.ts'],
          include: [
            'contracts/test/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'gateway/test/**/*.test.ts',
            'cli/test/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'test/**/*.test.ts',
            'bench/test/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...FAULT_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          globalSetup: ['test/global-setup.ts'],
          include: FAULT_TESTS,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        resolve: { alias: { '~': fileURLToPath(new URL('./web/app', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['web/test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
        },
      },
    ],
  },
});
