import { expect } from 'vitest';

/**
 * A counter that starts again from 1 in each test file (1, 2, 3, …). The API projects share a
 * worker's modules between the files it runs (isolate: false, vitest.config.ts), so a plain
 * module-level counter of a factory would go on from the file before, and what a file expects of
 * the rows it builds (a child's number, hence the order of a list) would depend on which files ran
 * before it in that worker.
 */
export function fileSequence(): () => number {
  let file: string | undefined;
  let n = 0;
  return () => {
    // Outside vitest (scripts/bench-import.ts) there is no test file: one count for the process.
    const current = expect.getState?.()?.testPath;
    if (current !== file) [file, n] = [current, 0];
    return ++n;
  };
}
