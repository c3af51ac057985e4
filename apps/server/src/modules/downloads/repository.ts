import { downloadLimits, type DownloadKind, type DownloadStatus } from '@ondoku/contract';
import type { DownloadParams } from '../../db/schema/index.js';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { downloadTasks } from '../../db/schema/index.js';

/** Download tasks, every read scoped to the acting teacher (docs/downloads.md). */
export type TaskRecord = typeof downloadTasks.$inferSelect;

const DAY_MS = 86_400_000;

export async function insertTask(
  db: DbOrTx,
  teacherId: number,
  task: { kind: DownloadKind; params: DownloadParams; title: string },
  now: Date,
) {
  const [row] = await db
    .insert(downloadTasks)
    .values({
      teacherId,
      kind: task.kind,
      params: task.params,
      title: task.title,
      createdAt: now,
      expiresAt: new Date(now.getTime() + downloadLimits.keepDays * DAY_MS),
    })
    .returning();
  return row!;
}

/** Tasks of the teacher waiting or running (the per-teacher limit), counted under a lock of the teacher's tasks. */
export async function processingCount(db: DbOrTx, teacherId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(downloadTasks)
    .where(and(eq(downloadTasks.teacherId, teacherId), eq(downloadTasks.status, 'processing')));
  return row?.n ?? 0;
}

export async function findOwnTask(db: DbOrTx, teacherId: number, taskId: number, opts: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(downloadTasks)
    .where(and(eq(downloadTasks.id, taskId), eq(downloadTasks.teacherId, teacherId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function pageOfTasks(
  db: DbOrTx,
  teacherId: number,
  q: { page: number; limit: number; status?: DownloadStatus },
) {
  const where = and(eq(downloadTasks.teacherId, teacherId), q.status ? eq(downloadTasks.status, q.status) : undefined);
  const [rows, [total], [processing]] = await Promise.all([
    db
      .select()
      .from(downloadTasks)
      .where(where)
      .orderBy(desc(downloadTasks.createdAt), desc(downloadTasks.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(downloadTasks).where(where),
    db
      .select({ n: count() })
      .from(downloadTasks)
      .where(and(eq(downloadTasks.teacherId, teacherId), eq(downloadTasks.status, 'processing'))),
  ]);
  return { rows, total: total?.n ?? 0, processing: processing?.n ?? 0 };
}

/** Deletes the teacher's listed tasks; answers the file keys they held. */
export async function deleteOwnTasks(db: DbOrTx, teacherId: number, taskIds: number[]) {
  const rows = await db
    .delete(downloadTasks)
    .where(and(eq(downloadTasks.teacherId, teacherId), inArray(downloadTasks.id, taskIds)))
    .returning({ fileKey: downloadTasks.fileKey });
  return rows;
}

/** Whether any task still holds this file (files are content-addressed, so two tasks may share one). */
export async function fileInUse(db: DbOrTx, key: string) {
  const [row] = await db.select({ n: count() }).from(downloadTasks).where(eq(downloadTasks.fileKey, key));
  return (row?.n ?? 0) > 0;
}

/** A failed task made again from the start. */
export async function requeue(db: DbOrTx, taskId: number) {
  const [row] = await db
    .update(downloadTasks)
    .set({ status: 'processing', progress: 0, error: null, claimedAt: null, finishedAt: null })
    .where(eq(downloadTasks.id, taskId))
    .returning();
  return row!;
}

/**
 * Claims the oldest task that nobody runs (never claimed, or claimed longer ago than the lease:
 * its process stopped). One row, FOR UPDATE SKIP LOCKED, so two processes never take the same.
 */
export async function claimNext(db: DbOrTx, now: Date) {
  const stale = new Date(now.getTime() - downloadLimits.leaseSeconds * 1000);
  const res = await db.execute<{ id: number }>(sql`
    update download_tasks set claimed_at = ${now}, runs = runs + 1
    where id = (
      select id from download_tasks
      where status = 'processing' and (claimed_at is null or claimed_at < ${stale})
      order by created_at, id limit 1
      for update skip locked
    )
    returning id`);
  const id = res.rows[0]?.id;
  if (id === undefined) return null;
  const [row] = await db
    .select()
    .from(downloadTasks)
    .where(eq(downloadTasks.id, Number(id)));
  return row ?? null;
}

/** A running task's claim renewed (the run is alive), while it is still this run's. */
export async function renewClaim(db: DbOrTx, task: TaskRecord, now: Date) {
  await db
    .update(downloadTasks)
    .set({ claimedAt: now })
    .where(
      and(eq(downloadTasks.id, task.id), eq(downloadTasks.runs, task.runs), eq(downloadTasks.status, 'processing')),
    );
}

/** Progress of a running task, while it is still this run's (not deleted, not re-claimed). */
export async function setProgress(db: DbOrTx, task: TaskRecord, progress: number, now: Date) {
  const res = await db
    .update(downloadTasks)
    .set({ progress, claimedAt: now })
    .where(
      and(eq(downloadTasks.id, task.id), eq(downloadTasks.runs, task.runs), eq(downloadTasks.status, 'processing')),
    )
    .returning({ id: downloadTasks.id });
  return res.length > 0;
}

export async function finish(
  db: DbOrTx,
  task: TaskRecord,
  file: { key: string; name: string; size: number },
  now: Date,
) {
  const res = await db
    .update(downloadTasks)
    .set({
      status: 'finished',
      progress: 100,
      fileKey: file.key,
      fileName: file.name,
      sizeBytes: file.size,
      finishedAt: now,
      claimedAt: null,
      expiresAt: new Date(now.getTime() + downloadLimits.keepDays * DAY_MS),
    })
    .where(
      and(eq(downloadTasks.id, task.id), eq(downloadTasks.runs, task.runs), eq(downloadTasks.status, 'processing')),
    )
    .returning({ id: downloadTasks.id });
  return res.length > 0;
}

export async function fail(db: DbOrTx, task: TaskRecord, error: string, now: Date) {
  await db
    .update(downloadTasks)
    .set({ status: 'failed', error, finishedAt: now, claimedAt: null })
    .where(
      and(eq(downloadTasks.id, task.id), eq(downloadTasks.runs, task.runs), eq(downloadTasks.status, 'processing')),
    );
}

/** Tasks past their keeping time; answers their file keys. */
export async function deleteExpired(db: DbOrTx, now: Date) {
  return db.delete(downloadTasks).where(lt(downloadTasks.expiresAt, now)).returning({ fileKey: downloadTasks.fileKey });
}
