import { readdirSync, readFileSync } from 'node:fs';
import { describe } from 'vitest';

/**
 * The e2e project's test files are its groups (`e2e/group-N.e2e.ts`): each runs its share of the
 * specs (`e2e/*.e2e.ts`), one after the other, every spec in a describe named after its file, and
 * the groups run in separate vitest workers at the same time against the one shared server
 * (global-setup.ts). Why, and which specs may run beside which: docs/testing.md, "2026-11-28: the
 * e2e specs in groups".
 *
 * One spec: `npx vitest run --project e2e -t sign-in.e2e.ts` (the describe's name; the other
 * group finds no test of that name).
 */
export const GROUPS = 2;

/**
 * Seconds of test time of each spec in a whole e2e run on a quiet machine (2026-11-23 night,
 * docs/testing.md): the groups are balanced on these. A spec not listed counts as
 * `UNKNOWN_SECONDS` until it is measured and added here.
 */
const seconds: Record<string, number> = {
  'learn.e2e.ts': 81,
  'sign-in.e2e.ts': 60,
  'classes.e2e.ts': 56,
  'homework.e2e.ts': 52,
  // Measured 2026-11-28 alone, the library installed: 32 s (more while a first start installs it).
  'messages.e2e.ts': 32,
  'classes-edges.e2e.ts': 47,
  'account.e2e.ts': 38,
  'free-recitation.e2e.ts': 50,
  'library.e2e.ts': 29,
  'durability.e2e.ts': 26,
  'classes-year.e2e.ts': 20,
  'rankings.e2e.ts': 18,
  'account-applications.e2e.ts': 19,
  'recorder.e2e.ts': 9,
  'demo-rollover.e2e.ts': 8,
  'csp.e2e.ts': 4,
  'consistency.e2e.ts': 20,
  'statistics.e2e.ts': 18,
  // Measured 2026-11-28 alone on a loaded machine (load average 12): 54 s of test, set-up included ~60 s.
  'browser-file.e2e.ts': 60,
};
const UNKNOWN_SECONDS = 60;

/**
 * Specs that must run in the same group, i.e. one after the other: they share something of the
 * server beyond their own teacher's data. learn, recorder and browser-file stream readings to the shared
 * server's speech workers, whose load shedding counts every stream of the process: side by side
 * one could be refused for the other's load.
 */
const together: string[][] = [['learn.e2e.ts', 'recorder.e2e.ts', 'browser-file.e2e.ts']];

const isGroupFile = (f: string) => /^group-\d+\.e2e\.ts$/.test(f);

/** Every spec file of e2e/, sorted. */
export function allSpecs(): string[] {
  return readdirSync(import.meta.dirname)
    .filter((f) => f.endsWith('.e2e.ts') && !isGroupFile(f))
    .sort();
}

/**
 * Whether a spec waits for the shared server's content library (harness.waitForLibrary). On a
 * cold synthesis cache (every clean clone) the install takes minutes: these specs run last in
 * their group, so the others run meanwhile instead of a group waiting idle (docs/testing.md,
 * "2026-11-28 night").
 */
const waitsForLibrary = (spec: string) =>
  readFileSync(`${import.meta.dirname}/${spec}`, 'utf8').includes('waitForLibrary(');

/**
 * The specs of each group: longest first (the specs bound together count as one), each into the
 * group with the fewest seconds so far. Every spec lands in exactly one group; within a group the
 * specs that wait for the library come last, each part in the specs' names' order.
 */
export function groupsOf(specs: string[], count = GROUPS): string[][] {
  const cost = (s: string) => seconds[s] ?? UNKNOWN_SECONDS;
  const bound = new Set(together.flat());
  const units = [
    ...together.map((u) => u.filter((s) => specs.includes(s))).filter((u) => u.length > 0),
    ...specs.filter((s) => !bound.has(s)).map((s) => [s]),
  ];
  const weight = (u: string[]) => u.reduce((sum, s) => sum + cost(s), 0);
  units.sort((a, b) => weight(b) - weight(a) || a[0]!.localeCompare(b[0]!));
  const groups = Array.from({ length: count }, () => ({ specs: [] as string[], total: 0 }));
  for (const unit of units) {
    const lightest = groups.reduce((min, g) => (g.total < min.total ? g : min));
    lightest.specs.push(...unit);
    lightest.total += weight(unit);
  }
  const order = (spec: string) => [waitsForLibrary(spec) ? 1 : 0, spec] as const;
  return groups.map((g) =>
    g.specs
      .map(order)
      .sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]))
      .map(([, spec]) => spec),
  );
}

/** The body of `e2e/group-N.e2e.ts`: its specs, each in a describe of its own. */
export function runGroup(n: number) {
  // A group without its file would drop its specs silently.
  const files = readdirSync(import.meta.dirname)
    .filter(isGroupFile)
    .sort();
  const expected = Array.from({ length: GROUPS }, (_, i) => `group-${i + 1}.e2e.ts`);
  if (files.join() !== expected.join()) throw new Error(`e2e/ must hold exactly ${expected.join(', ')}`);
  const mine = groupsOf(allSpecs())[n - 1]!;
  for (const spec of mine) {
    describe(spec, async () => {
      await import(`./${spec}`);
    });
  }
}
