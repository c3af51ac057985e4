import { and, asc, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  attemptAnswers,
  attempts,
  homework,
  homeworkTopics,
  libraryResources,
  topicProgress,
} from '../../db/schema/index.js';
import { onUniqueViolation } from '../../db/errors.js';

/** Attempts (submissions) and their answers; every read filters by the acting child. */
export type AttemptRecord = typeof attempts.$inferSelect;
export type NewAttempt = typeof attempts.$inferInsert;
export type AnswerRecord = typeof attemptAnswers.$inferSelect;
export type NewAnswer = Omit<typeof attemptAnswers.$inferInsert, 'attemptId'>;

export async function insertAttempt(
  tx: DbOrTx,
  attempt: NewAttempt,
  answers: NewAnswer[],
  sidTaken: () => Error,
): Promise<AttemptRecord> {
  const [row] = await tx.insert(attempts).values(attempt).returning();
  // A sid is used once: the unique index catches the submission that lost a race.
  await onUniqueViolation(
    () => tx.insert(attemptAnswers).values(answers.map((a) => ({ ...a, attemptId: row!.id }))),
    sidTaken,
    'attempt_answers_sid_key',
  );
  return row!;
}

/** One more submission of a homework topic: count, best and last score, best attempt, time. */
export async function recordTopicProgress(
  tx: DbOrTx,
  p: { topicId: number; studentId: number; homeworkId: number; attemptId: number; score: number; durationMs: number },
  at: Date,
): Promise<{ practiceCount: number; bestScore: number }> {
  const atSql = sql`${at.toISOString()}::timestamptz`;
  const tp = topicProgress;
  const [row] = await tx
    .insert(tp)
    .values({
      topicId: p.topicId,
      studentId: p.studentId,
      homeworkId: p.homeworkId,
      practiceCount: 1,
      bestScore: p.score,
      lastScore: p.score,
      bestAttemptId: p.attemptId,
      durationMs: p.durationMs,
      firstAt: atSql,
      lastAt: atSql,
    })
    .onConflictDoUpdate({
      target: [tp.topicId, tp.studentId],
      // Every right-hand side reads the row as it was (PostgreSQL), so the best attempt follows the old best.
      set: {
        practiceCount: sql`${tp.practiceCount} + 1`,
        bestAttemptId: sql`case when excluded.best_score > ${tp.bestScore} or ${tp.bestAttemptId} is null
          then excluded.best_attempt_id else ${tp.bestAttemptId} end`,
        bestScore: sql`greatest(${tp.bestScore}, excluded.best_score)`,
        lastScore: sql`excluded.last_score`,
        durationMs: sql`${tp.durationMs} + excluded.duration_ms`,
        lastAt: sql`excluded.last_at`,
      },
    })
    .returning({ practiceCount: tp.practiceCount, bestScore: tp.bestScore });
  return row!;
}

/** An attempt of the child with its answers in question order, or undefined. */
export async function findOwnAttempt(db: DbOrTx, studentId: number, attemptId: number) {
  const [attempt] = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.studentId, studentId)))
    .limit(1);
  if (!attempt) return undefined;
  const answers = await db
    .select()
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attemptId))
    .orderBy(asc(attemptAnswers.questionId));
  return { attempt, answers };
}

/** The child's self-practice of one resource so far: how many submissions, the best score. */
export async function selfPracticeStats(db: DbOrTx, studentId: number, resourceId: number) {
  const [row] = await db
    .select({ n: count(), best: max(attempts.score) })
    .from(attempts)
    .where(and(eq(attempts.studentId, studentId), eq(attempts.resourceId, resourceId), isNull(attempts.homeworkId)));
  return { practiceCount: row?.n ?? 0, bestScore: row?.best ?? null };
}

/** Self-practice stats of many resources at once (one list page). */
export async function selfPracticeStatsOf(db: DbOrTx, studentId: number, resourceIds: number[]) {
  const map = new Map<number, { practiceCount: number; bestScore: number | null }>();
  if (resourceIds.length === 0) return map;
  const rows = await db
    .select({ resourceId: attempts.resourceId, n: count(), best: max(attempts.score) })
    .from(attempts)
    .where(
      and(
        eq(attempts.studentId, studentId),
        isNull(attempts.homeworkId),
        sql`${attempts.resourceId} = any(${sql.param(resourceIds)}::int[])`,
      ),
    )
    .groupBy(attempts.resourceId);
  for (const r of rows) map.set(r.resourceId!, { practiceCount: r.n, bestScore: r.best });
  return map;
}

/** A page of the child's submissions, newest first, with the titles they were made under. */
export async function pageOwnAttempts(db: DbOrTx, studentId: number, page: number, limit: number) {
  const rows = await db
    .select({
      id: attempts.id,
      homeworkId: attempts.homeworkId,
      homeworkTitle: homework.title,
      topicId: attempts.topicId,
      topicTitle: homeworkTopics.title,
      resourceId: attempts.resourceId,
      resourceTitle: libraryResources.title,
      type: attempts.type,
      score: attempts.score,
      createdAt: attempts.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(attempts)
    .leftJoin(homework, eq(homework.id, attempts.homeworkId))
    .leftJoin(homeworkTopics, eq(homeworkTopics.id, attempts.topicId))
    .leftJoin(libraryResources, eq(libraryResources.id, attempts.resourceId))
    .where(eq(attempts.studentId, studentId))
    .orderBy(desc(attempts.createdAt), desc(attempts.id))
    .limit(limit)
    .offset((page - 1) * limit);
  if (rows.length > 0 || page === 1) return { rows, total: rows[0]?.total ?? 0 };
  const [n] = await db.select({ n: count() }).from(attempts).where(eq(attempts.studentId, studentId));
  return { rows, total: n?.n ?? 0 };
}
