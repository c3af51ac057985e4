import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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
    // A worker imports the app (buildApp and all it reaches) once for all the files it runs, not
    // once per file. Each file still builds its own app on its own database; no server module
    // keeps state a file could see from another (docs/testing.md), and the one file that mocks
    // modules (students/login-id-race.test.ts) imports the app afresh and drops its mocks after.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runE2e = existsSync(chromium) || process.env.CI === 'true';

/** The one speech file that times its answers (project speech-timing). */
const speechTiming = 'packages/speech/test/worker-abort.test.ts';

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
      // A busy 2-core machine renders an antd screen in seconds: vitest's default 5 s cut tests
      // that were only slow (lib/form.test.tsx at 5.7 s, load 12). Files that set more keep theirs.
      // 60 s: a route test's first query may wait up to 20 s for the lazy screen (setup.ts).
      testTimeout: 60_000,
    },
  },
  {
    extends: true,
    test: {
      name: 'speech',
      include: ['packages/speech/test/**/*.test.ts'],
      exclude: [speechTiming],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 60_000,
      pool: 'forks',
    },
  },
  {
    extends: true,
    test: {
      name: 'speech-timing',
      include: [speechTiming],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 60_000,
      pool: 'forks',
      // worker-abort.test.ts times its answers (a fresh stream within 4 s after six aborted ones):
      // a CPU-bound file beside it would skew that. maxWorkers 1 puts it in vitest's group of
      // one-file-at-a-time projects, run after all the others, alone.
      // The other speech files assert no time and run two at a time with the rest.
      // (Sharing a worker's modules between files, isolate: false, changed the evaluator test's
      // audio: the text-to-speech module keeps state between files.)
      maxWorkers: 1,
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
      // A few files (e2e/group-N.e2e.ts), each running its share of the specs one after the
      // other (e2e/groups.ts); the groups run side by side, in the first group of vitest's
      // projects, beside the other projects' files. One spec: `-t sign-in.e2e.ts`.
      include: ['e2e/group-*.e2e.ts'],
      environment: 'node',
      // One built server for every spec (e2e/global-setup.ts); each spec seeds its own data.
      globalSetup: ['e2e/global-setup.ts'],
      testTimeout: 90_000,
      hookTimeout: 120_000,
      // A busy 2-core machine answers a click in seconds, not within expect.poll's default 1 s;
      // 30 s since the specs run beside the API files (one core each, Chromium and the server).
      expect: { poll: { timeout: 30_000 } },
    },
  });
}

/**
 * Two test files at a time even on 2 cores (vitest's default there is one: cores − 1). A server
 * test file spends much of its time waiting on PostgreSQL (another process) and a web test on
 * jsdom's timers, so a second file uses the core the first leaves idle. speech-timing runs alone,
 * after the others; e2e is one file (its specs one after the other), first in the first group.
 */
const maxWorkers = Math.max(2, availableParallelism() - 1);

/**
 * vitest's order, but the e2e file first: it is the longest file of the first group (≈ 460 s of
 * specs in CI) and vitest otherwise starts projects in name order (api-*, contract, e2e, …), so
 * it would begin late and finish alone. Started first, it runs in one worker while the other
 * worker takes the rest.
 */
class E2eFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const e2e = (f: TestSpecification) => f.project.name === 'e2e';
    return [...sorted.filter(e2e), ...sorted.filter((f) => !e2e(f))];
  }
}

export default defineConfig({ test: { projects, maxWorkers, sequence: { sequencer: E2eFirst } } });
