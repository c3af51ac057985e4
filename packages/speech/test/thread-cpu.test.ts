// The calling thread's CPU clock (thread-cpu.ts): the speech workers report their own CPU time
// with it (the pool's cost beside the wall time; bench:streams prints both).
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { threadCpuMs } from '../src/thread-cpu';

const spin = (ms: number) => {
  const end = threadCpuMs()! + ms;
  let x = 0;
  while (threadCpuMs()! < end) x += Math.sqrt(x + 1);
  return x;
};

describe.runIf(process.platform === 'linux')('threadCpuMs', () => {
  it('counts the time this thread computes, not the time it sleeps', async () => {
    const a = threadCpuMs()!;
    spin(40);
    const b = threadCpuMs()!;
    expect(b - a).toBeGreaterThanOrEqual(40);
    await new Promise((r) => setTimeout(r, 200));
    expect(threadCpuMs()! - b).toBeLessThan(100);
  });

  it("counts a worker thread's own time, not the main thread's", async () => {
    const source = `
      const { parentPort } = require('node:worker_threads');
      const fs = require('node:fs');
      const read = () => Number(fs.readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[0]) / 1e6;
      parentPort.once('message', () => parentPort.postMessage(read()));`;
    const worker = new Worker(source, { eval: true });
    try {
      const before = threadCpuMs()!;
      spin(150);
      worker.postMessage('now');
      const workerCpu = await new Promise<number>((r) => worker.once('message', r));
      expect(threadCpuMs()! - before).toBeGreaterThanOrEqual(150);
      // The worker idled meanwhile: its clock is far below the main thread's spin.
      expect(workerCpu).toBeLessThan(150);
    } finally {
      await worker.terminate();
    }
  });
});
