import { sql, type SQL } from 'drizzle-orm';
import type { EvaluationWordData } from '@ondoku/contract';
import { scoreBuckets } from '@ondoku/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { WordCorrection } from '../../db/schema/index.js';
import { roundsSqlText } from '../submissions/index.js';

/**
 * Reads of the results pages. Every query starts from an index and stays within one homework:
 * `homework_recipients` (primary key homework_id, student_id), `topic_progress`
 * (topic_progress_homework_idx (homework_id, student_id) or its primary key (topic_id,
 * student_id)), the best attempt by `attempts.id` and its answers by `attempt_answers`'
 * primary key (attempt_id, question_id). Nothing scans all attempts (docs/results.md).
 * The homework's ownership is checked before (homework policy); these take its id.
 */

/** Children of a homework in the order of the class register: attendance number, then name. */
const registerOrderText = 's.number is null, length(s.number), s.number, s.furigana, s.name, s.id';
const registerOrder = sql.raw(registerOrderText);

/**
 * A fixed-text query as a named prepared statement on the pool: PostgreSQL parses and plans it
 * once per connection instead of once per request (as the token lookup, docs/architecture.md).
 * The read-only results calls run outside transactions, on the pool; `name` must be unique to
 * `text` (pg refuses one name with two texts). Rows come through pg's own type parsers (no
 * timestamps are read this way: drizzle would have kept them as strings).
 */
async function preparedRows<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const { rows } = await db.$client.query<T & Record<string, unknown>>({ name, text, values });
  return rows;
}

export type TopicRecord = {
  id: number;
  position: number;
  resourceId: number | null;
  title: string;
  type: string;
  itemCount: number;
};

export async function topicsOf(db: DbOrTx, homeworkId: number): Promise<TopicRecord[]> {
  const { rows } = await db.execute<TopicRecord>(sql`
    select id, position, resource_id as "resourceId", title, type, item_count as "itemCount"
    from homework_topics where homework_id = ${homeworkId} order by position`);
  return rows;
}

export async function findTopic(db: DbOrTx, homeworkId: number, topicId: number): Promise<TopicRecord | null> {
  const { rows } = await db.execute<TopicRecord>(sql`
    select id, position, resource_id as "resourceId", title, type, item_count as "itemCount"
    from homework_topics where id = ${topicId} and homework_id = ${homeworkId}`);
  return rows[0] ?? null;
}

export type TopicStats = {
  topicId: number;
  submitted: number;
  average: number | null;
  accuracy: number | null;
  fluency: number | null;
  integrity: number | null;
  distribution: number[];
};

/** `count(*) filter` per 10-point bucket of `expr` (0–9, …, 80–89, 90–100). */
const bucketCounts = (expr: SQL) =>
  sql.join(
    Array.from({ length: scoreBuckets }, (_, k) =>
      k === scoreBuckets - 1
        ? sql`count(*) filter (where ${expr} >= ${k * 10})::int`
        : sql`count(*) filter (where ${expr} >= ${k * 10} and ${expr} < ${(k + 1) * 10})::int`,
    ),
    sql`, `,
  );

/**
 * Per topic of the homework (or of one topic): children with a submission, averages of their
 * best scores and of their best attempts' accuracy, fluency and integrity, the distribution.
 * Reads topic_progress by (homework_id) or (topic_id) and each best attempt by its primary key:
 * the lateral subquery (kept apart by `offset 0`) makes PostgreSQL look each one up rather than
 * hash-join the whole attempts table, which it chose for a 40 × 30 homework (a sequential scan
 * of every attempt of the region: docs/benchmarks.md). `subScores: false` (the matrix header)
 * reads topic_progress alone.
 */
export async function topicStats(
  db: DbOrTx,
  where: { homeworkId: number } | { topicId: number },
  opts: { subScores?: boolean } = {},
) {
  const filter = 'topicId' in where ? sql`tp.topic_id = ${where.topicId}` : sql`tp.homework_id = ${where.homeworkId}`;
  const subScores = opts.subScores ?? true;
  const { rows } = await db.execute<{
    topicId: number;
    submitted: number;
    average: number | null;
    accuracy: number | null;
    fluency: number | null;
    integrity: number | null;
    distribution: number[];
  }>(sql`
    select tp.topic_id as "topicId", count(*)::int as submitted, avg(tp.best_score)::float8 as average,
      ${
        subScores
          ? sql`avg(a.accuracy_score)::float8 as accuracy, avg(a.fluency_score)::float8 as fluency,
      avg(a.integrity_score)::float8 as integrity,`
          : sql`null::float8 as accuracy, null::float8 as fluency, null::float8 as integrity,`
      }
      array[${bucketCounts(sql`tp.best_score`)}] as distribution
    from topic_progress tp
    ${
      subScores
        ? sql`left join lateral (select b.accuracy_score, b.fluency_score, b.integrity_score
      from attempts b where b.id = tp.best_attempt_id offset 0) a on true`
        : sql``
    }
    where ${filter}
    group by tp.topic_id`);
  return new Map(rows.map((r) => [r.topicId, r as TopicStats]));
}

/** bucketCounts as fixed text, for the prepared statements. */
const bucketCountsText = (expr: string) =>
  Array.from({ length: scoreBuckets }, (_, k) =>
    k === scoreBuckets - 1
      ? `count(*) filter (where ${expr} >= ${k * 10})::int`
      : `count(*) filter (where ${expr} >= ${k * 10} and ${expr} < ${(k + 1) * 10})::int`,
  ).join(', ');

const topicsWithStatsText = (subScores: boolean) => `
  select t.id, t.position, t.resource_id as "resourceId", t.title, t.type, t.item_count as "itemCount",
    s.submitted, s.average, s.accuracy, s.fluency, s.integrity, s.distribution
  from homework_topics t
  cross join lateral (
    select count(*)::int as submitted, avg(tp.best_score)::float8 as average,
      ${
        subScores
          ? `avg(a.accuracy_score)::float8 as accuracy, avg(a.fluency_score)::float8 as fluency,
      avg(a.integrity_score)::float8 as integrity,`
          : `null::float8 as accuracy, null::float8 as fluency, null::float8 as integrity,`
      }
      array[${bucketCountsText('tp.best_score')}] as distribution
    from topic_progress tp
    ${
      subScores
        ? `left join lateral (select b.accuracy_score, b.fluency_score, b.integrity_score
      from attempts b where b.id = tp.best_attempt_id offset 0) a on true`
        : ''
    }
    where tp.topic_id = t.id
  ) s
  where t.homework_id = $1
  order by t.position`;
const topicsWithStatsTexts = { true: topicsWithStatsText(true), false: topicsWithStatsText(false) };

/**
 * The homework's topics in order, each with its statistics (those of topicStats; undefined for a
 * topic nobody has submitted yet), in one query instead of topicsOf and topicStats: one lateral
 * aggregate per topic over topic_progress by its primary key (topic_id, …), and — with
 * `subScores` — each best attempt by its own primary key as in topicStats. The matrix header and
 * the homework details read it (docs/benchmarks.md, 23 November 2026 evening);
 * topic-stats.test.ts proves it equal to the two queries it replaces. A prepared statement (one
 * text with sub-scores, one without).
 */
export async function topicsWithStats(
  db: Db,
  homeworkId: number,
  opts: { subScores?: boolean } = {},
): Promise<(TopicRecord & { stats: TopicStats | undefined })[]> {
  const subScores = opts.subScores ?? true;
  const rows = await preparedRows<TopicRecord & Omit<TopicStats, 'topicId'>>(
    db,
    subScores ? 'results_topics_with_stats' : 'results_topics_with_counts',
    topicsWithStatsTexts[`${subScores}`],
    [homeworkId],
  );
  return rows.map(({ submitted, average, accuracy, fluency, integrity, distribution, ...topic }) => ({
    ...topic,
    stats:
      submitted > 0 ? { topicId: topic.id, submitted, average, accuracy, fluency, integrity, distribution } : undefined,
  }));
}

export async function recipientCount(db: DbOrTx, homeworkId: number) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from homework_recipients where homework_id = ${homeworkId}`,
  );
  return rows[0]?.n ?? 0;
}

export type StudentRecord = {
  id: number;
  loginId: string;
  name: string;
  number: string | null;
};

const studentColumns = sql`s.id, s.login_id as "loginId", s.name, s.number`;

export type ProgressRecord = {
  practiceCount: number;
  bestScore: number;
  lastScore: number;
  bestAttemptId: number | null;
  durationMs: number;
  lastAt: Date | string;
};

const progressColumns = sql`tp.practice_count as "practiceCount", tp.best_score as "bestScore",
  tp.last_score as "lastScore", tp.best_attempt_id as "bestAttemptId", tp.duration_ms as "durationMs",
  tp.last_at as "lastAt"`;

/** Every recipient with their progress on one topic (null before their first submission). */
export async function topicStudents(db: DbOrTx, homeworkId: number, topicId: number) {
  const { rows } = await db.execute<
    StudentRecord & { [K in keyof ProgressRecord]: ProgressRecord[K] | null } & { submitted: boolean }
  >(sql`
    select ${studentColumns}, ${progressColumns}
    from homework_recipients r join students s on s.id = r.student_id
    left join topic_progress tp on tp.topic_id = ${topicId} and tp.student_id = r.student_id
    where r.homework_id = ${homeworkId} order by ${registerOrder}`);
  return rows;
}

/** A matrix row as read: the child, whether they submitted the homework, and one cell per topic. */
export type MatrixRecord = StudentRecord & {
  submitted: boolean;
  done: boolean;
  total: number;
  /** [topic id, best score or null, practice count or null], in topic order (position). */
  cells: [number, number | null, number | null][];
};

const matrixPageText = `
  with page as (
    select s.id, s.login_id, s.name, s.number, r.submitted_at is not null as submitted,
      r.completed_at is not null as done, count(*) over ()::int as total, row_number() over (order by ${registerOrderText}) as ord
    from homework_recipients r join students s on s.id = r.student_id
    where r.homework_id = $1
    order by ord limit $2 offset $3
  )
  select p.id, p.login_id as "loginId", p.name, p.number, p.submitted, p.done, p.total,
    coalesce((
      select json_agg(json_build_array(t.id, tp.best_score, tp.practice_count) order by t.position)
      from homework_topics t
      left join topic_progress tp on tp.topic_id = t.id and tp.student_id = p.id
      where t.homework_id = $1
    ), '[]'::json) as cells
  from page p order by p.ord`;

/**
 * A page of the matrix (topic-score-overview-y) in one prepared query: the page of recipients
 * in register order with the total, and each child's cells over the homework's topics in order
 * (topics by homework_topics_place, each cell by topic_progress' primary key), aggregated in
 * PostgreSQL into one JSON array per child instead of one row per cell. matrix.test.ts proves
 * the reply equal to the three queries it replaces (recipientPage, topicsOf, progressOf).
 */
export function matrixPage(db: Db, homeworkId: number, page: { page: number; limit: number }) {
  return preparedRows<MatrixRecord>(db, 'results_matrix_page', matrixPageText, [
    homeworkId,
    page.limit,
    (page.page - 1) * page.limit,
  ]);
}

const homeworkSummaryText = `
  select
    coalesce((
      select array_agg(x.sum) from (
        select sum(best_score)::float8 as sum from topic_progress where homework_id = $1 group by student_id
      ) x
    ), '{}'::float8[]) as sums,
    coalesce((
      select json_agg(json_build_object('id', s.id, 'loginId', s.login_id, 'name', s.name, 'number', s.number)
        order by ${registerOrderText})
      from homework_recipients r join students s on s.id = r.student_id
      where r.homework_id = $1 and r.submitted_at is null
    ), '[]'::json) as unsubmitted,
    coalesce((
      select json_agg(json_build_object('id', s.id, 'loginId', s.login_id, 'name', s.name, 'number', s.number,
          'rounds', ${roundsSqlText('$1', 'r.student_id')})
        order by ${registerOrderText})
      from homework_recipients r join students s on s.id = r.student_id
      where r.homework_id = $1 and r.submitted_at is not null and r.completed_at is null
    ), '[]'::json) as practicing`;

/**
 * The homework details' figures besides the topics, in one prepared query: each child's sum of
 * best scores (bestScoreSums), the children who have not submitted (unsubmittedRecipients) and
 * those submitted but short of the required practice count, with their rounds (modules/submissions).
 */
export async function homeworkSummary(db: Db, homeworkId: number) {
  const [row] = await preparedRows<{
    sums: number[];
    unsubmitted: StudentRecord[];
    practicing: (StudentRecord & { rounds: number })[];
  }>(db, 'results_homework_summary', homeworkSummaryText, [homeworkId]);
  return row!;
}

export type AnswerRecord = {
  attemptId: number;
  questionId: number;
  sid: string | null;
  answer: string | null;
  correct: boolean | null;
  score: number;
  accuracyScore: number | null;
  fluencyScore: number | null;
  integrityScore: number | null;
  evaluateHtml: string | null;
  words: EvaluationWordData[] | null;
  audioKey: string | null;
  corrections: WordCorrection[] | null;
};

const answerColumns = sql`aa.attempt_id as "attemptId", aa.question_id as "questionId", aa.sid, aa.answer,
  aa.correct, aa.score, aa.accuracy_score as "accuracyScore", aa.fluency_score as "fluencyScore",
  aa.integrity_score as "integrityScore", aa.evaluate_html as "evaluateHtml", aa.words,
  aa.audio_key as "audioKey", aa.corrections`;

/** The answers of every child's best submission of a topic (progress by topic, answers by key). */
export async function bestAnswers(db: DbOrTx, topicId: number) {
  const { rows } = await db.execute<AnswerRecord & { studentId: number }>(sql`
    select tp.student_id as "studentId", ${answerColumns}
    from topic_progress tp join attempt_answers aa on aa.attempt_id = tp.best_attempt_id
    where tp.topic_id = ${topicId}`);
  return rows;
}

/** Class average per item over the best submissions of a topic. */
export async function itemAverages(db: DbOrTx, topicId: number) {
  const { rows } = await db.execute<{ questionId: number; average: number }>(sql`
    select aa.question_id as "questionId", avg(aa.score)::float8 as average
    from topic_progress tp join attempt_answers aa on aa.attempt_id = tp.best_attempt_id
    where tp.topic_id = ${topicId} group by aa.question_id`);
  return rows;
}

/** A recipient of the homework by login id. */
export async function findRecipient(db: DbOrTx, homeworkId: number, loginId: string) {
  const { rows } = await db.execute<StudentRecord>(sql`
    select ${studentColumns} from homework_recipients r join students s on s.id = r.student_id
    where r.homework_id = ${homeworkId} and s.login_id = ${loginId}`);
  return rows[0] ?? null;
}

export async function findProgress(db: DbOrTx, topicId: number, studentId: number, opts: { lock?: boolean } = {}) {
  const { rows } = await db.execute<ProgressRecord>(sql`
    select ${progressColumns} from topic_progress tp
    where tp.topic_id = ${topicId} and tp.student_id = ${studentId}${opts.lock ? sql` for update` : sql``}`);
  return rows[0] ?? null;
}

export type AttemptRecord = {
  id: number;
  studentId: number;
  homeworkId: number;
  topicId: number;
  score: number;
  accuracyScore: number | null;
  fluencyScore: number | null;
  integrityScore: number | null;
  createdAt: Date | string;
};

const attemptColumns = sql`a.id, a.student_id as "studentId", a.homework_id as "homeworkId", a.topic_id as "topicId",
  a.score, a.accuracy_score as "accuracyScore", a.fluency_score as "fluencyScore",
  a.integrity_score as "integrityScore", a.created_at as "createdAt"`;

/** A child's submissions of a topic, newest first (attempts_topic_student_idx). */
export async function attemptsOf(db: DbOrTx, topicId: number, studentId: number) {
  const { rows } = await db.execute<AttemptRecord>(sql`
    select ${attemptColumns} from attempts a
    where a.topic_id = ${topicId} and a.student_id = ${studentId} order by a.created_at desc, a.id desc`);
  return rows;
}

/** A submission of a homework of the teacher (not deleted), or null: the correction's access rule. */
export async function findTeacherAttempt(db: DbOrTx, teacherId: number, attemptId: number) {
  const { rows } = await db.execute<AttemptRecord>(sql`
    select ${attemptColumns} from attempts a join homework h on h.id = a.homework_id
    where a.id = ${attemptId} and h.teacher_id = ${teacherId} and h.deleted_at is null and a.topic_id is not null`);
  return rows[0] ?? null;
}

export async function answersOf(db: DbOrTx, attemptId: number) {
  const { rows } = await db.execute<AnswerRecord>(sql`
    select ${answerColumns} from attempt_answers aa where aa.attempt_id = ${attemptId} order by aa.question_id`);
  return rows;
}

/** One answer, locked, with its evaluation result's total (the evaluator's score of the answer). */
export async function lockAnswer(db: DbOrTx, attemptId: number, questionId: number) {
  const { rows } = await db.execute<AnswerRecord & { evaluatorTotal: number | null }>(sql`
    select ${answerColumns}, er.total_score as "evaluatorTotal"
    from attempt_answers aa left join evaluation_results er on er.sid = aa.sid
    where aa.attempt_id = ${attemptId} and aa.question_id = ${questionId}
    for update of aa`);
  return rows[0] ?? null;
}

export async function saveAnswerCorrection(
  db: DbOrTx,
  key: { attemptId: number; questionId: number },
  score: number,
  corrections: WordCorrection[],
) {
  await db.execute(sql`
    update attempt_answers set score = ${score}, corrections = ${JSON.stringify(corrections)}::jsonb
    where attempt_id = ${key.attemptId} and question_id = ${key.questionId}`);
}

/** The submission's score is the mean of its items' scores (as the submission computes it). */
export async function recomputeAttemptScore(db: DbOrTx, attemptId: number) {
  const { rows } = await db.execute<{ score: number }>(sql`
    update attempts set score = (select avg(score) from attempt_answers where attempt_id = ${attemptId})
    where id = ${attemptId} returning score`);
  return rows[0]!.score;
}

/**
 * Best and last score of a child's topic from their submissions (attempts_topic_student_idx: one
 * child's attempts of one topic): best = highest score, the earliest on a tie; last = newest.
 */
export async function recomputeProgress(db: DbOrTx, topicId: number, studentId: number) {
  const { rows } = await db.execute<{ bestScore: number; bestAttemptId: number }>(sql`
    with best as (
      select id, score from attempts where topic_id = ${topicId} and student_id = ${studentId}
      order by score desc, created_at asc, id asc limit 1
    ), last as (
      select score from attempts where topic_id = ${topicId} and student_id = ${studentId}
      order by created_at desc, id desc limit 1
    )
    update topic_progress tp set best_score = best.score, best_attempt_id = best.id, last_score = last.score
    from best, last
    where tp.topic_id = ${topicId} and tp.student_id = ${studentId}
    returning tp.best_score as "bestScore", tp.best_attempt_id as "bestAttemptId"`);
  return rows[0] ?? null;
}

/**
 * The answers of every child's best submission of every topic of a homework (the commentary):
 * topic_progress_homework_idx (homework_id), each best attempt's answers by primary key.
 */
export async function bestAnswersOfHomework(db: DbOrTx, homeworkId: number) {
  const { rows } = await db.execute<AnswerRecord & { studentId: number; topicId: number }>(sql`
    select tp.student_id as "studentId", tp.topic_id as "topicId", ${answerColumns}
    from topic_progress tp join attempt_answers aa on aa.attempt_id = tp.best_attempt_id
    where tp.homework_id = ${homeworkId}`);
  return rows;
}

export type CommentDraftRecord = { visible: boolean; content: string; updatedAt: Date | string };

/** The teacher's comment draft of a homework (primary key), or null. */
export async function findCommentDraft(db: DbOrTx, teacherId: number, homeworkId: number) {
  const { rows } = await db.execute<CommentDraftRecord>(sql`
    select visible, content, updated_at as "updatedAt" from homework_comment_drafts
    where teacher_id = ${teacherId} and homework_id = ${homeworkId}`);
  return rows[0] ?? null;
}

/** Write the teacher's comment draft of a homework (one row per pair: insert or replace). */
export async function saveCommentDraft(
  db: DbOrTx,
  teacherId: number,
  homeworkId: number,
  draft: { visible: boolean; content: string },
  now: Date,
) {
  const { rows } = await db.execute<CommentDraftRecord>(sql`
    insert into homework_comment_drafts (teacher_id, homework_id, visible, content, updated_at)
    values (${teacherId}, ${homeworkId}, ${draft.visible}, ${draft.content}, ${now})
    on conflict (teacher_id, homework_id) do update
      set visible = excluded.visible, content = excluded.content, updated_at = excluded.updated_at
    returning visible, content, updated_at as "updatedAt"`);
  return rows[0]!;
}
