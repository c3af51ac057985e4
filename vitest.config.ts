import { existsSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One `vitest run` for everything: contract and web unit tests, server API tests on the embedded
 * PostgreSQL (and on an external PostgreSQL when TEST_DATABASE_URL is set), and the Chromium end-to-end tests, which run when
 * Chromium is present and are required when CI=true.
 */
const serverApi = (name: string, env: Record<string, string>): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    environment: 'node',
    env,
    // One PostgreSQL server and a migrated template database per run; a database per test file.
    globalSetup: ['apps/server/src/test/database-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runE2e = existsSync(chromium) || process.env.CI === 'true';

const projects: TestProjectInlineConfiguration[] = [
  { extends: true, test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
  {
    extends: true,
    plugins: [react()],
    test: {
      name: 'web',
      include: ['apps/web/src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['apps/web/src/test/setup.ts'],
    },
  },
  {
    extends: true,
    test: {
      name: 'speech',
      include: ['packages/speech/test/**/*.test.ts'],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 60_000,
      pool: 'forks',
    },
  },
  serverApi('api-embedded', { TEST_DB: 'embedded' }),
];
if (process.env.TEST_DATABASE_URL) projects.push(serverApi('api-postgres', { TEST_DB: 'postgres' }));
if (runE2e) {
  projects.push({
    extends: true,
    test: {
      name: 'e2e',
      include: ['e2e/**/*.e2e.ts'],
      environment: 'node',
      // One built server for every spec (e2e/global-setup.ts); each spec seeds its own data.
      globalSetup: ['e2e/global-setup.ts'],
      testTimeout: 90_000,
      hookTimeout: 120_000,
      fileParallelism: false,
    },
  });
}

export default defineConfig({ test: { projects } });
