import { downloadLimits } from '@ondoku/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadTasks } from '../../db/schema/index.js';
import { systemClock } from '../../lib/clock.js';
import { buildTeacher } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertTask } from './repository.js';
import { createDownloadRunner, type TaskMaker } from './runner.js';

/**
 * The download queue with several server processes (docs/deployment.md, "Jobs"): runners of two
 * processes on one database make each task once, and a run that outlived its lease (its process
 * stalled or died) cannot finish a task another process took over. Each runner here is what one
 * process starts (its own heartbeat); they share the database as processes do.
 */
let t: TestApp;
let teacherId: number;
beforeAll(async () => {
  t = await buildTestApp();
  teacherId = (await buildTeacher(t.db)).teacher.id;
});
afterAll(async () => t.close());

const file = (name: string) => ({ fileName: `${name}.xlsx`, body: Buffer.from(name), rows: 1 });

async function newTasks(n: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++)
    ids.push(
      (
        await insertTask(
          t.db,
          teacherId,
          { kind: 'topic-score-overview', params: { homework_id: 1 }, title: `task ${i}` },
          new Date(),
        )
      ).id,
    );
  return ids;
}

const runnerWith = (maker: TaskMaker, heartbeatMs?: number) =>
  createDownloadRunner({
    db: t.db,
    storage: t.storage,
    clock: systemClock,
    heartbeatMs,
    makers: { 'topic-score-overview': maker },
  });

describe('download tasks with two processes', () => {
  it('runners of two processes at once make every task exactly once', async () => {
    const made = new Map<number, number>();
    const maker: TaskMaker = async (_db, task) => {
      made.set(task.id, (made.get(task.id) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 30));
      return file(`once-${task.id}`);
    };
    const ids = await newTasks(8);
    const [a, b] = [runnerWith(maker), runnerWith(maker)];
    const [doneA, doneB] = await Promise.all([a.runAll(), b.runAll()]);
    expect(doneA + doneB).toBe(8);
    expect(doneA).toBeGreaterThan(0);
    expect(doneB).toBeGreaterThan(0);
    expect(ids.map((id) => made.get(id))).toEqual(ids.map(() => 1));
    const rows = await t.db.select().from(downloadTasks).where(inArray(downloadTasks.id, ids));
    expect(rows.map((r) => [r.status, r.runs])).toEqual(ids.map(() => ['finished', 1]));
  });

  it('a run that outlived its lease cannot finish the task another process took over', async () => {
    // The task first: a runner started before it exists finds nothing to do and returns.
    const [id] = await newTasks(1);
    let releaseStalled!: () => void;
    const stalledStarted = new Promise<void>((started) => {
      const stalled: TaskMaker = async (_db, task) => {
        started();
        await new Promise<void>((r) => (releaseStalled = r));
        return file(`stale-${task.id}`);
      };
      // Its heartbeat never comes: as a process frozen (or killed) in the middle of an export.
      void runnerWith(stalled, 3_600_000).runAll();
    });
    await stalledStarted;
    // No other process takes a task whose claim is fresh...
    const taker = runnerWith(async (_db, task) => file(`taken-${task.id}`));
    expect(await taker.runAll()).toBe(0);
    // ...and once the lease is over it does.
    const stale = new Date(Date.now() - (downloadLimits.leaseSeconds + 1) * 1000);
    await t.db.update(downloadTasks).set({ claimedAt: stale }).where(eq(downloadTasks.id, id!));
    expect(await taker.runAll()).toBe(1);
    const [finished] = await t.db.select().from(downloadTasks).where(eq(downloadTasks.id, id!));
    expect(finished).toMatchObject({ status: 'finished', runs: 2, fileName: `taken-${id}.xlsx` });
    // The first run wakes and finishes late: refused by the run number, its file removed.
    releaseStalled();
    await new Promise((r) => setTimeout(r, 200));
    const [after] = await t.db.select().from(downloadTasks).where(eq(downloadTasks.id, id!));
    expect(after).toMatchObject({ status: 'finished', runs: 2, fileName: `taken-${id}.xlsx` });
    expect(await t.storage.readAll(after!.fileKey!)).toEqual(Buffer.from(`taken-${id}`));
  });
});
