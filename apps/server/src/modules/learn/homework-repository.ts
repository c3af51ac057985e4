import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { homework, homeworkRecipients, homeworkTopics, topicProgress } from '../../db/schema/index.js';
import type { ActingStudent } from '../../lib/acting.js';

/**
 * Homework as one child sees it: only homework the child is a recipient of, of the child's own
 * teacher, not deleted. The child's deadline is their reissue's when the homework was reissued
 * to them, else the homework's end (a reissue to other children does not move it).
 */
type Student = Pick<ActingStudent, 'id' | 'teacherId'>;

const columns = {
  id: homework.id,
  teacherId: homework.teacherId,
  title: homework.title,
  type: homework.type,
  requiredTimes: homework.requiredTimes,
  startTime: homework.startTime,
  testStartTime: homework.testStartTime,
  deadline: sql<Date>`coalesce(${homeworkRecipients.reissueEndTime}, ${homework.endTime})`.mapWith(
    (v: string | Date) => new Date(v),
  ),
  reissued: sql<boolean>`${homeworkRecipients.reissueEndTime} is not null`,
  /** Done for the child: every topic practised the required times (modules/submissions). */
  doneAt: homeworkRecipients.completedAt,
};

export interface StudentHomework {
  id: number;
  teacherId: number;
  title: string;
  type: 'routine' | 'periodic' | 'wordtest';
  requiredTimes: number | null;
  startTime: Date;
  testStartTime: Date | null;
  /** The child's own deadline. */
  deadline: Date;
  reissued: boolean;
  doneAt: Date | null;
}

const mine = (student: Student) =>
  and(
    eq(homeworkRecipients.studentId, student.id),
    eq(homework.teacherId, student.teacherId),
    isNull(homework.deletedAt),
  );

/** Every homework of the child that has been delivered (start ≤ now). */
export async function listStudentHomework(db: DbOrTx, student: Student, now: Date): Promise<StudentHomework[]> {
  return db
    .select(columns)
    .from(homeworkRecipients)
    .innerJoin(homework, eq(homework.id, homeworkRecipients.homeworkId))
    .where(and(mine(student), lte(homework.startTime, now)));
}

/**
 * One homework of the child (delivered or not), or undefined. With `lock`, the child's recipient
 * row is locked until the transaction ends: one child's submissions of one homework run one
 * after another, so "every topic done" is decided on what the others committed.
 */
export async function findStudentHomework(
  db: DbOrTx,
  student: Student,
  homeworkId: number,
  opts: { lock?: boolean } = {},
): Promise<StudentHomework | undefined> {
  const q = db
    .select(columns)
    .from(homeworkRecipients)
    .innerJoin(homework, eq(homework.id, homeworkRecipients.homeworkId))
    .where(and(mine(student), eq(homework.id, homeworkId)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update', { of: homeworkRecipients }) : await q;
  return row;
}

export type TopicRecord = typeof homeworkTopics.$inferSelect;

export async function topicsOf(db: DbOrTx, homeworkIds: number[]): Promise<TopicRecord[]> {
  if (homeworkIds.length === 0) return [];
  return db
    .select()
    .from(homeworkTopics)
    .where(inArray(homeworkTopics.homeworkId, homeworkIds))
    .orderBy(asc(homeworkTopics.homeworkId), asc(homeworkTopics.position));
}

export async function findTopic(db: DbOrTx, homeworkId: number, topicId: number): Promise<TopicRecord | undefined> {
  const [row] = await db
    .select()
    .from(homeworkTopics)
    .where(and(eq(homeworkTopics.homeworkId, homeworkId), eq(homeworkTopics.id, topicId)))
    .limit(1);
  return row;
}

export type ProgressRecord = typeof topicProgress.$inferSelect;

/** The child's progress on the topics of these homework, by topic id. */
export async function progressOf(db: DbOrTx, studentId: number, homeworkIds: number[]) {
  const map = new Map<number, ProgressRecord>();
  if (homeworkIds.length === 0) return map;
  const rows = await db
    .select()
    .from(topicProgress)
    .where(and(eq(topicProgress.studentId, studentId), inArray(topicProgress.homeworkId, homeworkIds)));
  for (const r of rows) map.set(r.topicId, r);
  return map;
}
