// One vitest run for the whole monorepo. The global setup finds or starts MongoDB, Kafka and Redis.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'contracts/test/**/*.test.ts',
      'services/*/test/**/*.test.ts',
      'gateway/test/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
