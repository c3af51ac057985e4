import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
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

/** jsdom set-up shared by the web, learn and ui projects (matchers, antd's browser stand-ins). */
const jsdomSetup = 'packages/ui/src/test/setup.ts';

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
      setupFiles: [jsdomSetup],
      // A busy 2-core machine renders an antd screen in seconds: vitest's default 5 s cut tests
      // that were only slow (lib/form.test.tsx at 5.7 s, load 12). Files that set more keep theirs.
      // 60 s: a route test's first query may wait up to 20 s for the lazy screen (setup.ts).
      testTimeout: 60_000,
    },
  },
  {
    extends: true,
    plugins: [react()],
    test: {
      name: 'learn',
      include: ['apps/learn/src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: [jsdomSetup],
      testTimeout: 60_000,
    },
  },
  {
    extends: true,
    plugins: [react()],
    test: {
      name: 'ui',
      include: ['packages/ui/src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: [jsdomSetup],
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
 * Three test files at a time on 2 cores (cores + 1; vitest's default there is one: cores − 1). A
 * server test file spends much of its time waiting on PostgreSQL (another process), an e2e group
 * on Chromium and the built server, a web test on jsdom's timers: with two files at a time the
 * two cores were busy only about two thirds of the run (docs/testing.md, "2026-11-28").
 * speech-timing still runs alone, after the others (its project's maxWorkers: 1).
 */
const maxWorkers = availableParallelism() + 1;

/**
 * Files that fill or read the synthesis cache of node_modules/.cache/ondoku-tts (model audio of
 * the headquarters library, the checks of every line, the demo children's readings and their
 * scores) with minutes of synthesis and evaluator work on a cold cache (every `npm ci`).
 * `byEmbeddedFirst`: the api-embedded file runs in its usual place and fills the cache; its
 * api-postgres twin runs after the other API files and reads it. `afterE2eServer`: both run after
 * the other API files, by when the e2e server's background install (started before any test)
 * has made the library's audio and checks. Run together, two of them would make the same audio
 * and score it twice.
 */
const cacheFillers = {
  byEmbeddedFirst: [
    'apps/server/src/seed/demo-homework.test.ts',
    'apps/server/src/seed/sizes.test.ts',
    'apps/server/src/seed/recordings.test.ts',
  ],
  afterE2eServer: ['apps/server/src/modules/library/acceptance.test.ts'],
};

/**
 * vitest's order (per project, the largest or longest file first), then:
 * 1. the e2e groups first: they are the longest files (minutes each) and run side by side, so
 *    they must not begin late and finish alone;
 * 2. the API files, but the cache readers of `cacheFillers` after the others;
 * 3. contract, speech and web.
 */
class RunOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rel = (f: TestSpecification) =>
      path
        .relative(import.meta.dirname, f.moduleId)
        .split(path.sep)
        .join('/');
    const rank = (f: TestSpecification) => {
      const name = f.project.name;
      if (name === 'e2e') return 0;
      if (!name.startsWith('api-')) return 3;
      if (cacheFillers.afterE2eServer.includes(rel(f))) return 2;
      if (name === 'api-postgres' && cacheFillers.byEmbeddedFirst.includes(rel(f))) return 2;
      return 1;
    };
    // Array.prototype.sort is stable: vitest's order within a rank.
    return sorted
      .map((f) => [f, rank(f)] as const)
      .sort((a, b) => a[1] - b[1])
      .map(([f]) => f);
  }
}

export default defineConfig({ test: { projects, maxWorkers, sequence: { sequencer: RunOrder } } });
