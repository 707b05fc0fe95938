// One vitest run for the whole monorepo, in two projects: the platform (services, gateway, system and browser
// tests, in Node) and the web app's component tests (jsdom). The platform's global setup finds or starts
// MongoDB, Kafka and Redis.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
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
