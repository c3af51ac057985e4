import type { HomeworkType, StudyHomeworkStatus } from '@ondoku/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  attemptAnswers,
  attempts,
  classes,
  classStudents,
  homework,
  homeworkRecipients,
  homeworkTopics,
  libraryResources,
  students,
  topicProgress,
} from '../../db/schema/index.js';

/**
 * The study survey's reads (docs/study-survey.md). Every read is of one child the policy has
 * already found to be the teacher's, and of the teacher's own homework (not deleted); the sizes
 * are bounded by that child's homework and submissions, never by a class or the service.
 */
export type StudentRecord = typeof students.$inferSelect;

/** The teacher's child by database id (a download task keeps the id), or null. */
export async function findStudentById(db: DbOrTx, teacherId: number, studentId: number) {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.id, studentId), eq(students.teacherId, teacherId)));
  return row ?? null;
}

/** The teacher's classes (current, not deleted) the child is in, then the classes of homework they received. */
export async function classesOfStudent(db: DbOrTx, teacherId: number, studentId: number) {
  const member = await db
    .select({ id: classes.id, name: classes.name })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(
      and(
        eq(classStudents.studentId, studentId),
        eq(classes.teacherId, teacherId),
        isNull(classes.deletedAt),
        isNull(classes.archivedAt),
      ),
    )
    .orderBy(asc(classes.sortOrder), asc(classes.id));
  const received = await db
    .selectDistinct({ id: classes.id, name: classes.name, sortOrder: classes.sortOrder })
    .from(homeworkRecipients)
    .innerJoin(homework, eq(homework.id, homeworkRecipients.homeworkId))
    .innerJoin(classes, eq(classes.id, homework.classId))
    .where(
      and(
        eq(homeworkRecipients.studentId, studentId),
        eq(homework.teacherId, teacherId),
        isNull(homework.deletedAt),
        isNull(classes.deletedAt),
      ),
    )
    .orderBy(asc(classes.sortOrder), asc(classes.id));
  const seen = new Set(member.map((c) => c.id));
  return [...member, ...received.filter((c) => !seen.has(c.id)).map(({ id, name }) => ({ id, name }))];
}

/** A child's state on a homework: on time = submitted by the homework's own deadline. */
const statusSql = sql<StudyHomeworkStatus>`case when ${homeworkRecipients.submittedAt} is null then 'unsubmitted'
  when ${homeworkRecipients.submittedAt} <= ${homework.endTime} then 'on_time' else 'late' end`;

const homeworkColumns = {
  id: homework.id,
  title: homework.title,
  type: sql<HomeworkType>`${homework.type}`,
  classId: homework.classId,
  className: classes.name,
  startTime: homework.startTime,
  endTime: homework.endTime,
  reissueEndTime: homework.reissueEndTime,
  assignedCount: homework.assignedCount,
  submittedCount: homework.submittedCount,
  submittedAt: homeworkRecipients.submittedAt,
  status: statusSql,
};
export type StudentHomework = {
  id: number;
  title: string;
  type: HomeworkType;
  classId: number | null;
  className: string | null;
  startTime: Date;
  endTime: Date;
  reissueEndTime: Date | null;
  assignedCount: number;
  submittedCount: number;
  submittedAt: Date | null;
  status: StudyHomeworkStatus;
};

/** The teacher's homework (not deleted, opened by `now`) that went to the child. */
const receivedBy = (teacherId: number, studentId: number, now: Date) =>
  and(
    eq(homeworkRecipients.studentId, studentId),
    eq(homework.teacherId, teacherId),
    isNull(homework.deletedAt),
    lte(homework.startTime, now),
  );

export interface HomeworkFilter {
  classId?: number;
  from?: Date;
  to?: Date;
  type?: HomeworkType;
  status?: StudyHomeworkStatus;
}

const filterSql = (f: HomeworkFilter): (SQL | undefined)[] => [
  f.classId ? eq(homework.classId, f.classId) : undefined,
  f.from ? gte(homework.startTime, f.from) : undefined,
  f.to ? lt(homework.startTime, f.to) : undefined,
  f.type ? eq(homework.type, f.type) : undefined,
  f.status ? sql`${statusSql} = ${f.status}` : undefined,
];

/** A page of the child's homework, newest first, with the total (`count(*) over ()`). */
export async function homeworkPage(
  db: DbOrTx,
  teacherId: number,
  studentId: number,
  now: Date,
  f: HomeworkFilter,
  page: { page: number; limit: number },
) {
  const rows = await db
    .select({ ...homeworkColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(homeworkRecipients)
    .innerJoin(homework, eq(homework.id, homeworkRecipients.homeworkId))
    .leftJoin(classes, eq(classes.id, homework.classId))
    .where(and(receivedBy(teacherId, studentId, now), ...filterSql(f)))
    .orderBy(desc(homework.startTime), desc(homework.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && page.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(homeworkRecipients)
      .innerJoin(homework, eq(homework.id, homeworkRecipients.homeworkId))
      .where(and(receivedBy(teacherId, studentId, now), ...filterSql(f)));
    total = c?.n ?? 0;
  }
  return { rows: rows.map(({ total: _t, ...r }) => r as StudentHomework), total };
}

/** Every homework of the child in a period (the study report), oldest first. */
export async function homeworkInPeriod(
  db: DbOrTx,
  teacherId: number,
  studentId: number,
  now: Date,
  from: Date,
  to: Date,
): Promise<StudentHomework[]> {
  return db
    .select(homeworkColumns)
    .from(homeworkRecipients)
    .innerJoin(homework, eq(homework.id, homeworkRecipients.homeworkId))
    .leftJoin(classes, eq(classes.id, homework.classId))
    .where(and(receivedBy(teacherId, studentId, now), gte(homework.startTime, from), lt(homework.startTime, to)))
    .orderBy(asc(homework.startTime), asc(homework.id));
}

/** One homework of the teacher that went to the child (opened by now), or null. */
export async function findStudentHomework(
  db: DbOrTx,
  teacherId: number,
  studentId: number,
  homeworkId: number,
  now: Date,
): Promise<StudentHomework | null> {
  const [row] = await db
    .select(homeworkColumns)
    .from(homeworkRecipients)
    .innerJoin(homework, eq(homework.id, homeworkRecipients.homeworkId))
    .leftJoin(classes, eq(classes.id, homework.classId))
    .where(and(receivedBy(teacherId, studentId, now), eq(homework.id, homeworkId)));
  return row ?? null;
}

export type TopicWithProgress = Awaited<ReturnType<typeof topicsWithProgress>>[number];

/** The topics of these homework in order, with the child's progress on each (null before a submission). */
export async function topicsWithProgress(db: DbOrTx, studentId: number, homeworkIds: number[]) {
  if (!homeworkIds.length) return [];
  return db
    .select({
      id: homeworkTopics.id,
      homeworkId: homeworkTopics.homeworkId,
      position: homeworkTopics.position,
      resourceId: homeworkTopics.resourceId,
      title: homeworkTopics.title,
      type: homeworkTopics.type,
      itemCount: homeworkTopics.itemCount,
      practiceCount: topicProgress.practiceCount,
      bestScore: topicProgress.bestScore,
      lastScore: topicProgress.lastScore,
      lastAt: topicProgress.lastAt,
      bestAttemptId: topicProgress.bestAttemptId,
    })
    .from(homeworkTopics)
    .leftJoin(topicProgress, and(eq(topicProgress.topicId, homeworkTopics.id), eq(topicProgress.studentId, studentId)))
    .where(inArray(homeworkTopics.homeworkId, homeworkIds))
    .orderBy(asc(homeworkTopics.homeworkId), asc(homeworkTopics.position));
}

/** The library content of a topic's resource (item texts), or null. */
export async function resourceContentOf(db: DbOrTx, resourceId: number | null) {
  if (resourceId === null) return null;
  const [row] = await db
    .select({ content: libraryResources.content })
    .from(libraryResources)
    .where(eq(libraryResources.id, resourceId));
  return (row?.content ?? null) as {
    full_text?: string | null;
    items?: { index: number; screen_text?: string }[];
  } | null;
}

/** The child's submissions of one topic, newest first. */
export async function attemptsOfTopic(db: DbOrTx, topicId: number, studentId: number) {
  return db
    .select()
    .from(attempts)
    .where(and(eq(attempts.topicId, topicId), eq(attempts.studentId, studentId)))
    .orderBy(desc(attempts.createdAt), desc(attempts.id));
}

/** The answers of these submissions. */
export async function answersOf(db: DbOrTx, attemptIds: number[], questionId?: number) {
  if (!attemptIds.length) return [];
  return db
    .select()
    .from(attemptAnswers)
    .where(
      and(
        inArray(attemptAnswers.attemptId, attemptIds),
        questionId === undefined ? undefined : eq(attemptAnswers.questionId, questionId),
      ),
    )
    .orderBy(asc(attemptAnswers.attemptId), asc(attemptAnswers.questionId));
}

/** The words of these submissions' spoken answers (weakest words). */
export async function wordsOf(db: DbOrTx, attemptIds: number[]) {
  if (!attemptIds.length) return [];
  return db
    .select({ words: attemptAnswers.words, corrections: attemptAnswers.corrections })
    .from(attemptAnswers)
    .where(and(inArray(attemptAnswers.attemptId, attemptIds), isNotNull(attemptAnswers.words)));
}

/** The child's submissions (homework and self-practice) in a period, oldest first. */
export async function attemptsInPeriod(db: DbOrTx, teacherId: number, studentId: number, from: Date, to: Date) {
  return db
    .select({
      id: attempts.id,
      homeworkId: attempts.homeworkId,
      score: attempts.score,
      accuracy: attempts.accuracyScore,
      fluency: attempts.fluencyScore,
      integrity: attempts.integrityScore,
      durationMs: attempts.durationMs,
      createdAt: attempts.createdAt,
    })
    .from(attempts)
    .where(
      and(
        eq(attempts.studentId, studentId),
        eq(attempts.teacherId, teacherId),
        gte(attempts.createdAt, from),
        lt(attempts.createdAt, to),
      ),
    )
    .orderBy(asc(attempts.createdAt), asc(attempts.id));
}

/** Class figures of each topic of a homework: over the children's best submissions. */
export async function classTopicStats(db: DbOrTx, homeworkId: number) {
  const rows = await db
    .select({
      topicId: topicProgress.topicId,
      submitted: sql<number>`count(*)`.mapWith(Number),
      average: sql<number | null>`avg(${topicProgress.bestScore})::float8`,
      accuracy: sql<number | null>`avg(${attempts.accuracyScore})::float8`,
      fluency: sql<number | null>`avg(${attempts.fluencyScore})::float8`,
      integrity: sql<number | null>`avg(${attempts.integrityScore})::float8`,
    })
    .from(topicProgress)
    .leftJoin(attempts, eq(attempts.id, topicProgress.bestAttemptId))
    .where(eq(topicProgress.homeworkId, homeworkId))
    .groupBy(topicProgress.topicId);
  return new Map(rows.map((r) => [r.topicId, r]));
}

/** The best attempts of the child on a homework (their sub-scores), by topic. */
export async function bestAttemptsOf(db: DbOrTx, attemptIds: number[]) {
  if (!attemptIds.length) return new Map<number, typeof attempts.$inferSelect>();
  const rows = await db.select().from(attempts).where(inArray(attempts.id, attemptIds));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Each child's sum of best scores on a homework (a homework score = sum / topics). */
export async function bestScoreSums(db: DbOrTx, homeworkId: number) {
  return db
    .select({ studentId: topicProgress.studentId, sum: sql<number>`sum(${topicProgress.bestScore})::float8` })
    .from(topicProgress)
    .where(eq(topicProgress.homeworkId, homeworkId))
    .groupBy(topicProgress.studentId);
}

/** The class average of one topic's best scores. */
export async function topicClassAverage(db: DbOrTx, topicId: number) {
  const [row] = await db
    .select({ average: sql<number | null>`avg(${topicProgress.bestScore})::float8` })
    .from(topicProgress)
    .where(eq(topicProgress.topicId, topicId));
  return row?.average ?? null;
}
