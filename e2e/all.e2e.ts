import { readdirSync } from 'node:fs';
import { describe } from 'vitest';

/**
 * The e2e project's one test file: every spec (`e2e/*.e2e.ts`) in a describe of its own, named
 * after its file, one after the other in one worker.
 *
 * Why one file: vitest 4 puts a project whose files run one at a time (`fileParallelism: false`)
 * in a group of its own after all the other projects, so the e2e specs ran alone at the end of
 * `npm test` with one core idle (≈ 460 s in CI). As one file the project runs in the first group,
 * beside the other projects' files (vitest.config.ts starts it first), and its specs still run
 * one at a time against the one shared server. A spec's hooks (beforeAll/afterAll at its top
 * level) belong to its describe, so each spec opens and closes its own browser as before; a
 * failing spec fails its describe only. playwright-core and the harness are imported once, not
 * once per spec.
 *
 * One spec: `npx vitest run --project e2e -t sign-in.e2e.ts` (the describe's name).
 */
const specs = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.e2e.ts') && f !== 'all.e2e.ts')
  .sort();

for (const spec of specs) {
  describe(spec, async () => {
    await import(`./${spec}`);
  });
}
