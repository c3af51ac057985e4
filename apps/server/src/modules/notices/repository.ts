import type { NoticeKind } from '@ondoku/contract';
import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { classes, homework, homeworkNotices, students } from '../../db/schema/index.js';

/** Reading and changing the teacher's own notices; every statement filters by the teacher. */

/**
 * A notice with what its message is built from as it is now: the homework's title, class and
 * counts (the same `assigned_count`/`submitted_count` the homework list shows), the child's name.
 */
export type NoticeRecord = typeof homeworkNotices.$inferSelect & {
  /** Null for a notice without a homework (an account application's). */
  title: string | null;
  className: string | null;
  assigned: number | null;
  submitted: number | null;
  studentName: string | null;
};

const unreadOf = (teacherId: number) => and(eq(homeworkNotices.teacherId, teacherId), isNull(homeworkNotices.readAt));

export async function unreadCount(db: DbOrTx, teacherId: number) {
  const [row] = await db.select({ n: count() }).from(homeworkNotices).where(unreadOf(teacherId));
  return row?.n ?? 0;
}

export async function pageOfNotices(
  db: DbOrTx,
  teacherId: number,
  q: { page: number; limit: number; unread?: number; kind?: NoticeKind },
) {
  const where = and(
    q.unread ? unreadOf(teacherId) : eq(homeworkNotices.teacherId, teacherId),
    q.kind ? eq(homeworkNotices.kind, q.kind) : undefined,
  );
  const [rows, [total], unread] = await Promise.all([
    db
      .select({
        id: homeworkNotices.id,
        teacherId: homeworkNotices.teacherId,
        homeworkId: homeworkNotices.homeworkId,
        kind: homeworkNotices.kind,
        key: homeworkNotices.key,
        studentId: homeworkNotices.studentId,
        message: homeworkNotices.message,
        createdAt: homeworkNotices.createdAt,
        readAt: homeworkNotices.readAt,
        title: homework.title,
        className: classes.name,
        assigned: homework.assignedCount,
        submitted: homework.submittedCount,
        studentName: students.name,
      })
      .from(homeworkNotices)
      // Left: an account application's notice has no homework (docs/notices.md).
      .leftJoin(homework, eq(homework.id, homeworkNotices.homeworkId))
      .leftJoin(classes, eq(classes.id, homework.classId))
      .leftJoin(students, eq(students.id, homeworkNotices.studentId))
      .where(where)
      .orderBy(desc(homeworkNotices.createdAt), desc(homeworkNotices.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(homeworkNotices).where(where),
    unreadCount(db, teacherId),
  ]);
  return { rows, total: total?.n ?? 0, unread };
}

export async function markRead(db: DbOrTx, teacherId: number, ids: number[] | undefined, now: Date) {
  const rows = await db
    .update(homeworkNotices)
    .set({ readAt: now })
    .where(and(unreadOf(teacherId), ids ? inArray(homeworkNotices.id, ids) : undefined))
    .returning({ id: homeworkNotices.id });
  return rows.length;
}

export async function deleteOwn(db: DbOrTx, teacherId: number, ids: number[]) {
  const rows = await db
    .delete(homeworkNotices)
    .where(and(eq(homeworkNotices.teacherId, teacherId), inArray(homeworkNotices.id, ids)))
    .returning({ id: homeworkNotices.id });
  return rows.length;
}

/** Notices past their keeping time (the scheduler). */
export async function deleteOld(db: DbOrTx, before: Date) {
  await db.delete(homeworkNotices).where(lt(homeworkNotices.createdAt, before));
}

/** How many of the listed notices are the teacher's. */
export async function ownCount(db: DbOrTx, teacherId: number, ids: number[]) {
  const [row] = await db
    .select({ n: count() })
    .from(homeworkNotices)
    .where(and(eq(homeworkNotices.teacherId, teacherId), inArray(homeworkNotices.id, ids)));
  return row?.n ?? 0;
}
