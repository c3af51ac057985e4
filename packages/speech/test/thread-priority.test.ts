import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SpeechWorkerPool } from '../src/index';

/** The nice value of each thread of this process (field 19 of /proc/<pid>/task/<tid>/stat). */
const nicesOfThreads = () =>
  readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });

describe.runIf(existsSync('/proc/thread-self'))('background workers (SpeechWorkerPoolOptions.nice)', () => {
  it('lower their own threads to the nice value given, and only theirs', async () => {
    const before = nicesOfThreads().filter((n) => n === 12).length;
    const pool = new SpeechWorkerPool({ size: 2, nice: 12 });
    try {
      await pool.ready();
      const nices = nicesOfThreads();
      expect(nices.filter((n) => n === 12).length - before).toBe(2);
      // This (the calling) thread keeps its priority.
      expect(nices[0]).toBe(0);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
