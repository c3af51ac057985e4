import { SCHOOL_TIME_ZONE } from '@ondoku/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { BucketUnit, Period } from './period.js';

/**
 * Reads of learning statistics (docs/learning-statistics.md). Every read is of one class of the
 * acting teacher (already checked by policy.ts): its children (`class_students` of the class,
 * students of the teacher) and their submissions (`attempts` with `teacher_id` = the teacher,
 * read per child through `attempts_student_created_idx (student_id, created_at)`), or their
 * monthly sound statistics (`sound_judgements`).
 */
export interface Scope {
  teacherId: number;
  classId: number;
  /** One child of the class (the database id), or the whole class. */
  studentId?: number;
}

export interface MemberRecord {
  id: number;
  loginId: string;
  name: string;
  number: string | null;
}

const tz = sql.raw(`'${SCHOOL_TIME_ZONE}'`);
const localTime = sql`(a.created_at at time zone ${tz})`;
const bucketOf = (unit: BucketUnit) => sql`date_trunc(${sql.raw(`'${unit}'`)}, ${localTime})::date::text`;

const memberIds = (s: Scope) => sql`
  select cs.student_id from class_students cs
  join students st on st.id = cs.student_id
  where cs.class_id = ${s.classId} and st.teacher_id = ${s.teacherId}`;

/** Submissions of the class's children (or the one child) in the period. */
const attemptsOf = (s: Scope, p: Period, extra?: SQL) => sql`attempts a where ${attemptFilter(s, p, extra)}`;
const attemptFilter = (s: Scope, p: Period, extra?: SQL) => sql`
  a.teacher_id = ${s.teacherId}
    and a.student_id ${s.studentId === undefined ? sql`in (${memberIds(s)})` : sql`= ${s.studentId}`}
    and a.created_at >= ${p.from} and a.created_at < ${p.to}
    ${extra ? sql`and ${extra}` : sql``}`;

/** The class's children in register order (attendance number, then name). */
export async function classMembers(db: DbOrTx, s: Scope): Promise<MemberRecord[]> {
  const res = await db.execute<{ id: number; login_id: string; name: string; number: string | null }>(sql`
    select st.id, st.login_id, st.name, st.number from class_students cs
    join students st on st.id = cs.student_id
    where cs.class_id = ${s.classId} and st.teacher_id = ${s.teacherId}
    order by st.number is null, length(st.number), st.number, st.furigana, st.id`);
  return res.rows.map((r) => ({ id: r.id, loginId: r.login_id, name: r.name, number: r.number }));
}

export interface ScoreBucketRecord {
  bucket: string;
  score: number | null;
  accuracy: number | null;
  fluency: number | null;
  integrity: number | null;
  count: number;
  duration: number;
}

/** Sums of one child's submissions in one bucket (means are sums over counts; a null score is not counted). */
export interface ProgressCellRecord {
  studentId: number;
  bucket: string;
  count: number;
  duration: number;
  score: number;
  accuracy: number;
  accuracyN: number;
  fluency: number;
  fluencyN: number;
  integrity: number;
  integrityN: number;
  /** Submissions before the period's middle, and their score sum (the trend). */
  firstN: number;
  first: number;
}

/** The class's submissions in the period summed per child and bucket: one scan of the attempts. */
export async function progressCells(
  db: DbOrTx,
  s: Scope,
  p: Period,
  unit: BucketUnit,
  middle: Date,
): Promise<ProgressCellRecord[]> {
  const res = await db.execute<Record<string, unknown>>(sql`
    select a.student_id, ${bucketOf(unit)} as bucket, count(*)::int as count,
      coalesce(sum(a.duration_ms), 0)::float8 as duration, sum(a.score)::float8 as score,
      coalesce(sum(a.accuracy_score), 0)::float8 as accuracy, count(a.accuracy_score)::int as accuracy_n,
      coalesce(sum(a.fluency_score), 0)::float8 as fluency, count(a.fluency_score)::int as fluency_n,
      coalesce(sum(a.integrity_score), 0)::float8 as integrity, count(a.integrity_score)::int as integrity_n,
      count(*) filter (where a.created_at < ${middle})::int as first_n,
      coalesce(sum(a.score) filter (where a.created_at < ${middle}), 0)::float8 as first
    from ${attemptsOf(s, p)}
    group by 1, 2`);
  return res.rows.map((r) => ({
    studentId: Number(r.student_id),
    bucket: String(r.bucket),
    count: Number(r.count),
    duration: Number(r.duration),
    score: Number(r.score),
    accuracy: Number(r.accuracy),
    accuracyN: Number(r.accuracy_n),
    fluency: Number(r.fluency),
    fluencyN: Number(r.fluency_n),
    integrity: Number(r.integrity),
    integrityN: Number(r.integrity_n),
    firstN: Number(r.first_n),
    first: Number(r.first),
  }));
}

/** Per child of the class: the last submission before `before` (any time), for the "stopped" mark. */
export async function lastSubmissions(db: DbOrTx, s: Scope, before: Date): Promise<Map<number, Date>> {
  const res = await db.execute<{ student_id: number; last_at: string | Date }>(sql`
    select m.student_id, (select max(a.created_at) from attempts a
      where a.student_id = m.student_id and a.teacher_id = ${s.teacherId} and a.created_at < ${before}) as last_at
    from (${memberIds(s)}) m`);
  return new Map(
    res.rows.filter((r) => r.last_at !== null).map((r) => [Number(r.student_id), new Date(r.last_at)] as const),
  );
}

export interface UsageRecord {
  homeworkCount: number;
  homeworkMs: number;
  selfCount: number;
  selfMs: number;
}
export interface UsageCellRecord {
  studentId: number;
  /** The date and hour in Japan. */
  date: string;
  hour: number;
  homework: boolean;
  count: number;
  ms: number;
}

/**
 * The scope's submissions in the period counted per child, date and hour in Japan and kind
 * (homework or self-practice): one scan of the attempts, from which the service sums the
 * buckets, the weekday × hour grid, the children and the totals.
 */
export async function usageCells(db: DbOrTx, s: Scope, p: Period): Promise<UsageCellRecord[]> {
  const res = await db.execute<{
    student_id: number;
    date: string;
    hour: number;
    homework: boolean;
    count: number;
    ms: number;
  }>(sql`
    select a.student_id, ${localTime}::date::text as date, extract(hour from ${localTime})::int as hour,
      a.homework_id is not null as homework, count(*)::int as count, coalesce(sum(a.duration_ms), 0)::float8 as ms
    from ${attemptsOf(s, p)}
    group by 1, 2, 3, 4`);
  return res.rows.map((r) => ({
    studentId: Number(r.student_id),
    date: String(r.date),
    hour: Number(r.hour),
    homework: r.homework === true,
    count: Number(r.count),
    ms: Number(r.ms),
  }));
}

/** Word books (every teacher's) with their parts. */
export async function wordBookList(db: DbOrTx) {
  const res = await db.execute<{ code: string; title: string; grade: number; max_part: number }>(sql`
    select code, title, grade, max_part from word_books order by grade, code`);
  return res.rows.map((r) => ({ code: r.code, title: r.title, grade: Number(r.grade), maxPart: Number(r.max_part) }));
}

export interface BookWordRecord {
  id: number;
  word: string;
  meaning: string;
}

export async function partWords(db: DbOrTx, bookCode: string, part: number): Promise<BookWordRecord[]> {
  const res = await db.execute<{ id: number; word: string; meaning: string }>(sql`
    select id, word, meaning from word_book_words where book_code = ${bookCode} and part = ${part} order by position`);
  return res.rows.map((r) => ({ id: Number(r.id), word: r.word, meaning: r.meaning }));
}

/** Punctuation a word of a reading may carry at either end (apples. "Hello,). */
const EDGE_PUNCTUATION = ' .,!?;:"()[]';
/** A word as the statistics compare it: lower case, without the punctuation at its ends. */
export const wordKey = (w: string) => {
  let x = w.toLowerCase();
  while (x && EDGE_PUNCTUATION.includes(x[0]!)) x = x.slice(1);
  while (x && EDGE_PUNCTUATION.includes(x[x.length - 1]!)) x = x.slice(0, -1);
  return x;
};

/**
 * The best judgement of each of `words` in each child's readings of the period (every spoken
 * answer's words, with the teacher's corrections not applied: docs/learning-statistics.md).
 */
export async function bestWordScores(db: DbOrTx, s: Scope, p: Period, words: string[]) {
  if (words.length === 0) return [];
  const res = await db.execute<{ student_id: number; word: string; best: number }>(sql`
    select a.student_id, btrim(lower(w->>'word'), ${EDGE_PUNCTUATION}) as word, max((w->>'score')::float8) as best
    from attempts a
    join attempt_answers aa on aa.attempt_id = a.id and aa.words is not null
    cross join lateral jsonb_array_elements(aa.words) w
    where ${attemptFilter(s, p)} and btrim(lower(w->>'word'), ${EDGE_PUNCTUATION}) = any(${sql.param(words)}::text[])
      and w->>'type' <> 'inserted'
    group by 1, 2`);
  return res.rows.map((r) => ({ studentId: Number(r.student_id), word: r.word, best: Number(r.best) }));
}

/** The class's children's sound statistics over the months [fromMonth, toMonth]. */
export async function soundTotals(db: DbOrTx, s: Scope, fromMonth: string, toMonth: string) {
  const res = await db.execute<{
    student_id: number;
    sound: string;
    judged: number;
    weak: number;
    score_sum: number;
  }>(sql`
    select j.student_id, j.sound, sum(j.judged)::int as judged, sum(j.weak)::int as weak, sum(j.score_sum)::float8 as score_sum
    from sound_judgements j
    where j.student_id in (${memberIds(s)}) and j.month >= ${fromMonth}::date and j.month <= ${toMonth}::date
    group by 1, 2`);
  return res.rows.map((r) => ({
    studentId: Number(r.student_id),
    sound: r.sound,
    judged: Number(r.judged),
    weak: Number(r.weak),
    scoreSum: Number(r.score_sum),
  }));
}

/** Spoken library material the teacher may use (headquarters and the teacher's own), with its text. */
export async function practiceCandidates(db: DbOrTx, teacherId: number) {
  const res = await db.execute<{ id: number; title: string; type: string; text: string | null; version: number }>(sql`
    select id, title, type, version,
      (select string_agg(i->>'screen_text', ' ') from jsonb_array_elements(content->'items') i) as text
    from library_resources
    where deleted_at is null and type in ('word_reading', 'sentence_reading', 'word_study')
      and ((teacher_id is null and origin_type = 'headquarters') or teacher_id = ${teacherId})
    order by grade, id`);
  return res.rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    type: r.type,
    text: (r.text ?? '').toLowerCase(),
    version: Number(r.version),
  }));
}
