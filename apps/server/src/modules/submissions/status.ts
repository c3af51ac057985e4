import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { homework, homeworkRecipients } from '../../db/schema/index.js';

/**
 * The one meaning of "submitted" and "done" for a child's homework (docs/results.md "Submitted
 * and done"), used by every screen, export, mail and notice:
 *
 * - a child's **rounds** = the fewest submissions they made of any of the homework's topics
 *   (0 until every topic has one);
 * - **submitted** (提出済み) = rounds ≥ 1: every topic submitted at least once;
 * - **done** (練習完了) = rounds ≥ max(1, required practice count): the same as submitted when no
 *   count is required.
 *
 * `recordHomeworkSubmission` is the only writer of `homework_recipients.submitted_at` and
 * `completed_at` (the students' side after each submission; the test factory); triggers keep
 * `homework.submitted_count`/`completed_count`, which every count reads.
 */

/** Submissions of every topic a child needs to be done. */
export const requiredRounds = (requiredTimes: number | null) => Math.max(1, requiredTimes ?? 1);

export interface SubmissionState {
  rounds: number;
  submitted: boolean;
  done: boolean;
  /** This call made the child submitted (the teacher's notice is written once). */
  firstSubmitted: boolean;
  firstDone: boolean;
}

/**
 * A child's rounds as an SQL expression over a homework and a student (column references or
 * parameters, e.g. `roundsSqlText('$1', 'r.student_id')`), for queries written as text.
 */
export const roundsSqlText = (homeworkRef: string, studentRef: string) => `coalesce((
  select min(coalesce(tp.practice_count, 0))::int from homework_topics t
  left join topic_progress tp on tp.topic_id = t.id and tp.student_id = ${studentRef}
  where t.homework_id = ${homeworkRef}), 0)`;

/** A child's rounds from their practice counts per topic (null: not submitted), as read in a row. */
export const roundsOfCounts = (counts: (number | null)[]) =>
  counts.length ? Math.min(...counts.map((c) => c ?? 0)) : 0;

/** A child's rounds of one homework: the fewest submissions of any topic (0 without topics). */
async function roundsOf(tx: DbOrTx, homeworkId: number, studentId: number): Promise<number> {
  const { rows } = await tx.execute<{ rounds: number }>(
    sql.raw(`select ${roundsSqlText(String(Number(homeworkId)), String(Number(studentId)))} as rounds`),
  );
  return Number(rows[0]?.rounds ?? 0);
}

/**
 * After a child's submission of a topic (its topic_progress written): mark the recipient
 * submitted and done as they become so, each once. Run in the submission's transaction, with the
 * recipient's row locked by the caller when submissions may race.
 */
export async function recordHomeworkSubmission(
  tx: DbOrTx,
  opts: { homeworkId: number; studentId: number; requiredTimes: number | null; at: Date },
): Promise<SubmissionState> {
  const rounds = await roundsOf(tx, opts.homeworkId, opts.studentId);
  const submitted = rounds >= 1;
  const done = rounds >= requiredRounds(opts.requiredTimes);
  const where = and(
    eq(homeworkRecipients.homeworkId, opts.homeworkId),
    eq(homeworkRecipients.studentId, opts.studentId),
  );
  const [before] = await tx
    .select({ submittedAt: homeworkRecipients.submittedAt, completedAt: homeworkRecipients.completedAt })
    .from(homeworkRecipients)
    .where(where);
  if (!before) return { rounds, submitted: false, done: false, firstSubmitted: false, firstDone: false };
  const firstSubmitted = submitted && before.submittedAt === null;
  const firstDone = done && before.completedAt === null;
  if (firstSubmitted || firstDone)
    await tx
      .update(homeworkRecipients)
      .set({
        ...(firstSubmitted ? { submittedAt: opts.at } : {}),
        ...(firstDone ? { completedAt: opts.at } : {}),
      })
      .where(where);
  return { rounds, submitted, done, firstSubmitted, firstDone };
}

export interface SubmissionCounts {
  homeworkId: number;
  /** Children it went to. */
  assigned: number;
  /** Children who submitted every topic at least once. */
  submitted: number;
  /** Children who are done (submitted and practised the required count). */
  done: number;
  /** assigned − submitted: the children a reminder or an overdue notice is about. */
  unsubmitted: number;
  requiredTimes: number | null;
}

/** The counts of these homework, as every screen, export, mail and notice shows them. */
export async function homeworkSubmissionCounts(
  db: DbOrTx,
  homeworkIds: number[],
): Promise<Map<number, SubmissionCounts>> {
  const map = new Map<number, SubmissionCounts>();
  if (homeworkIds.length === 0) return map;
  const rows = await db
    .select({
      homeworkId: homework.id,
      assigned: homework.assignedCount,
      submitted: homework.submittedCount,
      done: homework.completedCount,
      requiredTimes: homework.requiredTimes,
    })
    .from(homework)
    .where(inArray(homework.id, homeworkIds));
  for (const r of rows) map.set(r.homeworkId, { ...r, unsubmitted: r.assigned - r.submitted });
  return map;
}

export type RecipientSubmission = {
  studentId: number;
  submitted: boolean;
  done: boolean;
  rounds: number;
};

/** Every recipient of one homework with their rounds, submitted and done (exports, details). */
export async function recipientSubmissions(db: DbOrTx, homeworkId: number): Promise<Map<number, RecipientSubmission>> {
  const { rows } = await db.execute<RecipientSubmission>(sql`
    select r.student_id as "studentId", r.submitted_at is not null as submitted, r.completed_at is not null as done,
      ${sql.raw(roundsSqlText('r.homework_id', 'r.student_id'))} as rounds
    from homework_recipients r where r.homework_id = ${homeworkId}`);
  return new Map(rows.map((r) => [Number(r.studentId), { ...r, studentId: Number(r.studentId) }]));
}
