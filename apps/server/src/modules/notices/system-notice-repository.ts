import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { systemNoticeReads, systemNotices } from '../../db/schema/index.js';

/**
 * System notices (docs/notices.md): the operator's notices to every teacher, and each teacher's
 * read marks. A teacher reads only notices published now (from ≤ now < until, not withdrawn);
 * the operator's commands see them all.
 */

export type SystemNoticeRecord = {
  id: number;
  title: string;
  publishFrom: Date;
  read: boolean;
};

/** Published now: from has come, until has not, not withdrawn. */
const publishedAt = (now: Date) =>
  and(
    isNull(systemNotices.withdrawnAt),
    lte(systemNotices.publishFrom, now),
    or(isNull(systemNotices.publishUntil), gt(systemNotices.publishUntil, now)),
  );

const readBy = (teacherId: number) =>
  sql<boolean>`exists (select 1 from ${systemNoticeReads} r where r.notice_id = system_notices.id and r.teacher_id = ${teacherId})`;

const unreadBy = (teacherId: number) =>
  sql`not exists (select 1 from ${systemNoticeReads} r where r.notice_id = system_notices.id and r.teacher_id = ${teacherId})`;

export async function unreadSystemCount(db: DbOrTx, teacherId: number, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(systemNotices)
    .where(and(publishedAt(now), unreadBy(teacherId)));
  return row?.n ?? 0;
}

export async function pageOfSystemNotices(
  db: DbOrTx,
  teacherId: number,
  q: { page: number; limit: number; unread?: number },
  now: Date,
) {
  const where = and(publishedAt(now), q.unread ? unreadBy(teacherId) : undefined);
  const [rows, [total], unread] = await Promise.all([
    db
      .select({
        id: systemNotices.id,
        title: systemNotices.title,
        publishFrom: systemNotices.publishFrom,
        read: readBy(teacherId),
      })
      .from(systemNotices)
      .where(where)
      .orderBy(desc(systemNotices.publishFrom), desc(systemNotices.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(systemNotices).where(where),
    unreadSystemCount(db, teacherId, now),
  ]);
  return { rows, total: total?.n ?? 0, unread };
}

/** A notice published now, with its body and whether the teacher had read it (null: none such). */
export async function findPublishedNotice(db: DbOrTx, teacherId: number, noticeId: number, now: Date) {
  const [row] = await db
    .select({
      id: systemNotices.id,
      title: systemNotices.title,
      body: systemNotices.body,
      publishFrom: systemNotices.publishFrom,
      publishUntil: systemNotices.publishUntil,
      read: readBy(teacherId),
    })
    .from(systemNotices)
    .where(and(eq(systemNotices.id, noticeId), publishedAt(now)));
  return row ?? null;
}

/** How many of the listed notices are published now. */
export async function publishedCount(db: DbOrTx, ids: number[], now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(systemNotices)
    .where(and(inArray(systemNotices.id, ids), publishedAt(now)));
  return row?.n ?? 0;
}

/** Mark the listed (or every published) notice read by the teacher; returns how many were newly read. */
export async function markSystemRead(db: DbOrTx, teacherId: number, ids: number[] | undefined, now: Date) {
  const targets = await db
    .select({ id: systemNotices.id })
    .from(systemNotices)
    .where(and(publishedAt(now), ids ? inArray(systemNotices.id, ids) : undefined, unreadBy(teacherId)));
  if (!targets.length) return 0;
  const rows = await db
    .insert(systemNoticeReads)
    .values(targets.map((t) => ({ noticeId: t.id, teacherId, readAt: now })))
    .onConflictDoNothing()
    .returning({ id: systemNoticeReads.noticeId });
  return rows.length;
}

/** The operator's side: every notice, published or not. */
export type SystemNoticeInput = { title: string; body: string; publishFrom: Date; publishUntil: Date | null };

export async function insertSystemNotice(db: DbOrTx, n: SystemNoticeInput) {
  const [row] = await db.insert(systemNotices).values(n).returning();
  return row!;
}

export async function updateSystemNotice(db: DbOrTx, id: number, change: Partial<SystemNoticeInput>, now: Date) {
  const [row] = await db
    .update(systemNotices)
    .set({ ...change, updatedAt: now })
    .where(eq(systemNotices.id, id))
    .returning();
  return row ?? null;
}

export async function withdrawSystemNotice(db: DbOrTx, id: number, now: Date) {
  const [row] = await db
    .update(systemNotices)
    .set({ withdrawnAt: now, updatedAt: now })
    .where(and(eq(systemNotices.id, id), isNull(systemNotices.withdrawnAt)))
    .returning();
  return row ?? null;
}

export async function allSystemNotices(db: DbOrTx) {
  return db.select().from(systemNotices).orderBy(desc(systemNotices.publishFrom), desc(systemNotices.id));
}
