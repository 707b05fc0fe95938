// One vitest run for the whole monorepo, in two projects: the platform (services, gateway, system and browser
// tests, in Node) and the web app's component tests (jsdom). The platform's global setup finds or starts
// MongoDB, Kafka and Redis.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
          ],
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
