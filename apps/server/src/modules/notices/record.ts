import { noticeMessages } from '@ondoku/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { ServerEvents } from '../../lib/events.js';
import { classes, homework, homeworkNotices, students } from '../../db/schema/index.js';

/**
 * Writing notices (docs/notices.md), called inside the writer's transaction by the students' side
 * (a child's homework became done) and the homework scheduler (deadlines passed). Each event has a
 * key unique per teacher, so a retried job or a race writes one notice. These reads go by the
 * homework's id alone: their callers have already decided the homework is the one in question.
 */

type NewNotice = typeof homeworkNotices.$inferInsert;

const insert = (db: DbOrTx, rows: NewNotice[]) =>
  rows.length ? db.insert(homeworkNotices).values(rows).onConflictDoNothing() : Promise.resolve();

/** A child's homework became done: 「山田 花子さんが「…」を提出しました。」, and 全員 when the last one does. */
export async function noticeSubmitted(db: DbOrTx, homeworkId: number, studentId: number, now: Date) {
  const [hw] = await db
    .select({
      teacherId: homework.teacherId,
      title: homework.title,
      assigned: homework.assignedCount,
      submitted: homework.submittedCount,
      className: classes.name,
    })
    .from(homework)
    .leftJoin(classes, eq(classes.id, homework.classId))
    .where(eq(homework.id, homeworkId));
  const [student] = await db.select({ name: students.name }).from(students).where(eq(students.id, studentId));
  if (!hw || !student) return;
  const rows: NewNotice[] = [
    {
      teacherId: hw.teacherId,
      homeworkId,
      kind: 'submitted',
      key: `submitted:${homeworkId}:${studentId}`,
      studentId,
      message: noticeMessages.submitted(student.name, hw.title),
      createdAt: now,
    },
  ];
  if (hw.assigned > 0 && hw.submitted >= hw.assigned)
    rows.push({
      teacherId: hw.teacherId,
      homeworkId,
      kind: 'all_submitted',
      key: `all:${homeworkId}`,
      message: noticeMessages.allSubmitted(hw.className, hw.title),
      createdAt: now,
    });
  await insert(db, rows);
}

/**
 * The notices written on other modules' events (wired in app.ts and the demo seed): a student's
 * homework done for the first time, in the submission's transaction.
 */
export function noticeOnEvents(events: Pick<ServerEvents, 'homeworkSubmitted'>) {
  events.homeworkSubmitted.on((tx, e) => noticeSubmitted(tx, e.homeworkId, e.studentId, e.at));
}

/** Deadlines that passed (the scheduler's close): a notice for each homework with children who had not submitted. */
export async function noticeOverdue(db: DbOrTx, closed: { homeworkId: number; deadline: Date }[], now: Date) {
  if (!closed.length) return;
  const rows = await db
    .select({
      id: homework.id,
      teacherId: homework.teacherId,
      title: homework.title,
      missing: sql<number>`(${homework.assignedCount} - ${homework.submittedCount})::int`,
    })
    .from(homework)
    .where(
      and(
        inArray(
          homework.id,
          closed.map((c) => c.homeworkId),
        ),
        sql`${homework.submittedCount} < ${homework.assignedCount}`,
      ),
    );
  const deadlineOf = new Map(closed.map((c) => [c.homeworkId, c.deadline]));
  await insert(
    db,
    rows.map((r) => ({
      teacherId: r.teacherId,
      homeworkId: r.id,
      kind: 'overdue' as const,
      key: `overdue:${r.id}:${deadlineOf.get(r.id)!.toISOString()}`,
      message: noticeMessages.overdue(r.title, r.missing),
      createdAt: now,
    })),
  );
}

/**
 * The operator decided one of the teacher's account applications (approved, sent back, done):
 * written in the decision's transaction, once per application and status.
 */
export async function noticeApplication(
  db: DbOrTx,
  e: { teacherId: number; applicationId: number; status: string; message: string },
  now: Date,
) {
  await insert(db, [
    {
      teacherId: e.teacherId,
      homeworkId: null,
      kind: 'application',
      key: `application:${e.applicationId}:${e.status}`,
      message: e.message,
      createdAt: now,
    },
  ]);
}
