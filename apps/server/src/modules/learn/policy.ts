import { ErrorCode, learnMessages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingStudent } from '../../lib/acting.js';
import { findStudentHomework, findTopic, type StudentHomework, type TopicRecord } from './homework-repository.js';

/**
 * What a child may touch on the students' side: only homework they are a recipient of (of their
 * own teacher, not deleted) and its topics. Anything else — another child's or class's homework,
 * a deleted one, an unknown id — answers 404 alike.
 */
type Student = Pick<ActingStudent, 'id' | 'teacherId'>;

/** When the child may begin: the delivery, or for a word test its test start. */
export const startOf = (h: StudentHomework) =>
  h.testStartTime && h.testStartTime > h.startTime ? h.testStartTime : h.startTime;

export async function requireStudentHomework(
  db: DbOrTx,
  student: Student,
  homeworkId: number,
  opts: { lock?: boolean } = {},
): Promise<StudentHomework> {
  const row = await findStudentHomework(db, student, homeworkId, opts);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, learnMessages.homeworkNotFound);
  return row;
}

/** The child's homework and one of its topics (404 otherwise). */
export async function requireStudentTopic(
  db: DbOrTx,
  student: Student,
  homeworkId: number,
  topicId: number,
  opts: { lock?: boolean } = {},
): Promise<{ homework: StudentHomework; topic: TopicRecord }> {
  const homework = await requireStudentHomework(db, student, homeworkId, opts);
  const topic = await findTopic(db, homeworkId, topicId);
  if (!topic) throw new AppError(ErrorCode.NOT_FOUND, learnMessages.topicNotFound);
  return { homework, topic };
}

/** Practising (content) and submitting need the homework started; submitting also before the deadline. */
export function assertStarted(h: StudentHomework, now: Date) {
  if (now < startOf(h)) throw new AppError(ErrorCode.HOMEWORK_NOT_STARTED, learnMessages.notStarted);
}

export function assertBeforeDeadline(h: StudentHomework, now: Date) {
  if (now >= h.deadline) throw new AppError(ErrorCode.DEADLINE_PASSED, learnMessages.deadlinePassed);
}
