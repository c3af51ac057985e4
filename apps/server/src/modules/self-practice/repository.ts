import { SCHOOL_TIME_ZONE } from '@ondoku/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Reads of self-practice (docs/self-practice.md). Every read is scoped to the acting teacher:
 * the children are those in the teacher's live classes (or the one class asked for, already
 * checked by the classes policy), and the attempts are the teacher's children's self-practice
 * (`attempts.teacher_id` = the teacher, `homework_id is null`), read in a period through the
 * partial index `attempts_self_practice_idx (teacher_id, created_at) where homework_id is null`
 * or, for one resource, `attempts_self_practice_resource_idx (teacher_id, resource_id,
 * created_at)`. Raw answers are read only for the page of attempts a log shows.
 */

/** Whose children: the teacher's, all live classes or one class (checked by requireOwnClass). */
export interface Scope {
  teacherId: number;
  classId?: number;
}

/** Instants [from, to) of a period of Japanese calendar dates. */
export interface Period {
  from: Date;
  to: Date;
}

/** (class, child) pairs in scope: live classes of the teacher, or the one class; live children. */
const memberships = (s: Scope) => sql`
  select cs.class_id, cs.student_id
  from class_students cs
  join classes c on c.id = cs.class_id
  join students st on st.id = cs.student_id
  where c.teacher_id = ${s.teacherId} and c.deleted_at is null
    and ${s.classId === undefined ? sql`c.archived_at is null` : sql`c.id = ${s.classId}`}
    and st.teacher_id = ${s.teacherId} and st.archived_at is null`;

/** The children in scope (each once). */
const studentRows = (s: Scope) => sql`select distinct m.student_id from (${memberships(s)}) m`;

/** Self-practice attempts of the scope in a period (optionally of one type or one resource). */
const practice = (s: Scope, p: Period, extra?: SQL) => sql`
  select a.id, a.student_id, a.resource_id, a.type, a.score, a.duration_ms, a.created_at
  from attempts a
  where a.teacher_id = ${s.teacherId} and a.homework_id is null
    and a.created_at >= ${p.from} and a.created_at < ${p.to}
    and a.student_id in (${studentRows(s)})
    ${extra ? sql`and ${extra}` : sql``}`;

const schoolDay = sql.raw(`(p.created_at at time zone '${SCHOOL_TIME_ZONE}')::date`);

const totalsColumns = sql`
  count(distinct p.student_id)::int as practised,
  count(p.id)::int as sessions,
  coalesce(sum(p.duration_ms), 0)::bigint as duration,
  avg(p.score)::float8 as average,
  count(distinct (p.student_id, ${schoolDay}))::int as days`;

export interface TotalsRecord {
  practised: number;
  sessions: number;
  duration: number;
  average: number | null;
  days: number;
}
const toTotals = (r: Record<string, unknown> | undefined): TotalsRecord => ({
  practised: Number(r?.practised ?? 0),
  sessions: Number(r?.sessions ?? 0),
  duration: Number(r?.duration ?? 0),
  average: r?.average === null || r?.average === undefined ? null : Number(r.average),
  days: Number(r?.days ?? 0),
});

export async function countStudents(db: DbOrTx, s: Scope) {
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${studentRows(s)}) x`);
  return res.rows[0]?.n ?? 0;
}

export async function totals(db: DbOrTx, s: Scope, p: Period, type?: string): Promise<TotalsRecord> {
  const res = await db.execute(
    sql`select ${totalsColumns} from (${practice(s, p, type ? sql`a.type = ${type}` : undefined)}) p`,
  );
  return toTotals(res.rows[0]);
}

export async function totalsByType(db: DbOrTx, s: Scope, p: Period, type?: string) {
  const res = await db.execute(
    sql`select p.type, ${totalsColumns} from (${practice(s, p, type ? sql`a.type = ${type}` : undefined)}) p
        group by p.type order by count(p.id) desc, p.type`,
  );
  return res.rows.map((r) => ({ type: String(r.type), ...toTotals(r) }));
}

export interface ResourceSummaryRecord {
  resourceId: number | null;
  title: string | null;
  type: string;
  students: number;
  sessions: number;
  duration: number;
  average: number | null;
  best: number | null;
  lastAt: Date;
}

/** The most practised resources (by submissions, then children), with their titles. */
export async function topResources(
  db: DbOrTx,
  s: Scope,
  p: Period,
  limit: number,
  type?: string,
): Promise<ResourceSummaryRecord[]> {
  const res = await db.execute(sql`
    select p.resource_id, r.title, p.type, count(distinct p.student_id)::int as students, count(*)::int as sessions,
      coalesce(sum(p.duration_ms), 0)::bigint as duration, avg(p.score)::float8 as average,
      max(p.score)::float8 as best, max(p.created_at) as last_at
    from (${practice(s, p, type ? sql`a.type = ${type}` : undefined)}) p
    left join library_resources r on r.id = p.resource_id
    group by p.resource_id, r.title, p.type
    order by count(*) desc, count(distinct p.student_id) desc, p.resource_id nulls last
    limit ${limit}`);
  return res.rows.map((r) => ({
    resourceId: r.resource_id === null ? null : Number(r.resource_id),
    title: (r.title as string | null) ?? null,
    type: String(r.type),
    students: Number(r.students),
    sessions: Number(r.sessions),
    duration: Number(r.duration),
    average: r.average === null ? null : Number(r.average),
    best: r.best === null ? null : Number(r.best),
    lastAt: new Date(r.last_at as string),
  }));
}

const registerOrder = sql`st.grade_name, st.class_name,
  case when st.number ~ '^[0-9]{1,9}$' then st.number::int end nulls last, st.furigana, st.id`;

export interface StudentRecord {
  id: number;
  loginId: string;
  name: string;
  furigana: string;
  number: string | null;
}
const toStudent = (r: Record<string, unknown>): StudentRecord => ({
  id: Number(r.student_id),
  loginId: String(r.login_id),
  name: String(r.name),
  furigana: String(r.furigana),
  number: (r.number as string | null) ?? null,
});

export interface ResourceStudentRecord extends StudentRecord {
  sessions: number;
  duration: number;
  best: number;
  average: number;
  last: number;
  lastAt: Date;
}

/** One resource: each child of the scope who practised it in the period, in register order. */
export async function resourceStudents(db: DbOrTx, s: Scope, p: Period, resourceId: number) {
  const res = await db.execute(sql`
    select st.id as student_id, st.login_id, st.name, st.furigana, st.number,
      count(*)::int as sessions, coalesce(sum(p.duration_ms), 0)::bigint as duration,
      max(p.score)::float8 as best, avg(p.score)::float8 as average,
      (array_agg(p.score order by p.created_at desc, p.id desc))[1]::float8 as last, max(p.created_at) as last_at
    from (${practice(s, p, sql`a.resource_id = ${resourceId}`)}) p
    join students st on st.id = p.student_id
    group by st.id
    order by ${registerOrder}`);
  return res.rows.map((r): ResourceStudentRecord => ({
    ...toStudent(r),
    sessions: Number(r.sessions),
    duration: Number(r.duration),
    best: Number(r.best),
    average: Number(r.average),
    last: Number(r.last),
    lastAt: new Date(r.last_at as string),
  }));
}

export interface LogRecord extends StudentRecord {
  attemptId: number;
  createdAt: Date;
  score: number;
  accuracy: number | null;
  fluency: number | null;
  integrity: number | null;
  duration: number;
}

/** A page of one resource's submissions (of one child, or the scope's), newest first. */
export async function resourceLogs(
  db: DbOrTx,
  s: Scope,
  p: Period,
  q: { resourceId: number; studentId?: number; page: number; limit: number },
) {
  const where = sql`a.teacher_id = ${s.teacherId} and a.homework_id is null and a.resource_id = ${q.resourceId}
    and a.created_at >= ${p.from} and a.created_at < ${p.to}
    and a.student_id in (${studentRows(s)})
    ${q.studentId === undefined ? sql`` : sql`and a.student_id = ${q.studentId}`}`;
  const res = await db.execute(sql`
    select a.id, a.created_at, a.score, a.accuracy_score, a.fluency_score, a.integrity_score, a.duration_ms,
      st.id as student_id, st.login_id, st.name, st.furigana, st.number
    from attempts a join students st on st.id = a.student_id
    where ${where}
    order by a.created_at desc, a.id desc
    limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from attempts a where ${where}`);
  const rows = res.rows.map((r): LogRecord => ({
    ...toStudent(r),
    attemptId: Number(r.id),
    createdAt: new Date(r.created_at as string),
    score: Number(r.score),
    accuracy: r.accuracy_score === null ? null : Number(r.accuracy_score),
    fluency: r.fluency_score === null ? null : Number(r.fluency_score),
    integrity: r.integrity_score === null ? null : Number(r.integrity_score),
    duration: Number(r.duration_ms),
  }));
  return { rows, total: counted.rows[0]?.n ?? 0 };
}

export interface LogAnswerRecord {
  attemptId: number;
  questionId: number;
  score: number;
  durationMs: number | null;
  audioKey: string | null;
  correct: boolean | null;
}

/** The answers of a page of attempts (by their primary key). */
export async function answersOf(db: DbOrTx, attemptIds: number[]): Promise<LogAnswerRecord[]> {
  if (attemptIds.length === 0) return [];
  const res = await db.execute(sql`
    select attempt_id, question_id, score, duration_ms, audio_key, correct from attempt_answers
    where attempt_id in (${sql.join(
      attemptIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by attempt_id, question_id`);
  return res.rows.map((r) => ({
    attemptId: Number(r.attempt_id),
    questionId: Number(r.question_id),
    score: Number(r.score),
    durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
    audioKey: (r.audio_key as string | null) ?? null,
    correct: (r.correct as boolean | null) ?? null,
  }));
}

/** The classes in scope, in the teacher's order, with how many children each has. */
export async function classesInScope(db: DbOrTx, s: Scope) {
  const res = await db.execute(sql`
    select c.id, c.name, count(m.student_id)::int as students
    from classes c left join (${memberships(s)}) m on m.class_id = c.id
    where c.teacher_id = ${s.teacherId} and c.deleted_at is null
      and ${s.classId === undefined ? sql`c.archived_at is null` : sql`c.id = ${s.classId}`}
    group by c.id order by c.sort_order, c.id`);
  return res.rows.map((r) => ({ id: Number(r.id), name: String(r.name), students: Number(r.students) }));
}

/** Per class: the two months' totals (a child in two classes counts in both). */
export async function monthByClass(db: DbOrTx, s: Scope, months: { current: Period; last: Period }) {
  const both = { from: months.last.from, to: months.current.to };
  const cur = sql`p.created_at >= ${months.current.from}`;
  const res = await db.execute(sql`
    select m.class_id,
      count(distinct p.student_id) filter (where ${cur})::int as practised,
      count(p.id) filter (where ${cur})::int as sessions,
      coalesce(sum(p.duration_ms) filter (where ${cur}), 0)::bigint as duration,
      (avg(p.score) filter (where ${cur}))::float8 as average,
      count(distinct (p.student_id, ${schoolDay})) filter (where ${cur})::int as days,
      count(distinct p.student_id) filter (where not ${cur})::int as l_practised,
      count(p.id) filter (where not ${cur})::int as l_sessions,
      coalesce(sum(p.duration_ms) filter (where not ${cur}), 0)::bigint as l_duration,
      (avg(p.score) filter (where not ${cur}))::float8 as l_average,
      count(distinct (p.student_id, ${schoolDay})) filter (where not ${cur})::int as l_days
    from (${memberships(s)}) m
    join (${practice(s, both)}) p on p.student_id = m.student_id
    group by m.class_id`);
  return new Map(res.rows.map((r) => [Number(r.class_id), splitMonths(r)]));
}

const splitMonths = (r: Record<string, unknown>) => ({
  current: toTotals(r),
  last: toTotals({
    practised: r.l_practised,
    sessions: r.l_sessions,
    duration: r.l_duration,
    average: r.l_average,
    days: r.l_days,
  }),
});

export interface MonthStudentRecord extends StudentRecord {
  classId: number;
  className: string;
  current: TotalsRecord;
  last: TotalsRecord;
}

/** One row per (class, child) of the scope, classes in the teacher's order, children in register order. */
export async function monthByStudent(
  db: DbOrTx,
  s: Scope,
  months: { current: Period; last: Period },
): Promise<MonthStudentRecord[]> {
  const both = { from: months.last.from, to: months.current.to };
  const cur = sql`p.created_at >= ${months.current.from}`;
  const res = await db.execute(sql`
    with per_child as (
      select p.student_id,
        count(p.id) filter (where ${cur})::int as sessions,
        coalesce(sum(p.duration_ms) filter (where ${cur}), 0)::bigint as duration,
        (avg(p.score) filter (where ${cur}))::float8 as average,
        count(distinct ${schoolDay}) filter (where ${cur})::int as days,
        count(p.id) filter (where not ${cur})::int as l_sessions,
        coalesce(sum(p.duration_ms) filter (where not ${cur}), 0)::bigint as l_duration,
        (avg(p.score) filter (where not ${cur}))::float8 as l_average,
        count(distinct ${schoolDay}) filter (where not ${cur})::int as l_days
      from (${practice(s, both)}) p
      group by p.student_id)
    select m.class_id, c.name as class_name, st.id as student_id, st.login_id, st.name, st.furigana, st.number,
      pc.sessions, pc.duration, pc.average, pc.days, pc.l_sessions, pc.l_duration, pc.l_average, pc.l_days
    from (${memberships(s)}) m
    join classes c on c.id = m.class_id
    join students st on st.id = m.student_id
    left join per_child pc on pc.student_id = m.student_id
    order by c.sort_order, c.id, ${registerOrder}`);
  return res.rows.map((r) => {
    const months_ = splitMonths({ ...r, practised: 0, l_practised: 0 });
    return {
      ...toStudent(r),
      classId: Number(r.class_id),
      className: String(r.class_name),
      current: months_.current,
      last: months_.last,
    };
  });
}

export interface NewHomeworkRecord {
  id: number;
  title: string;
  classId: number | null;
  className: string | null;
  startTime: Date;
  endTime: Date;
  assigned: number;
  submitted: number;
  state: 'scheduled' | 'open' | 'overdue' | 'finished';
}

/** Homework the teacher handed out in [since, now] (delivered, not deleted). */
const newHomeworkWhere = (teacherId: number, since: Date, now: Date) =>
  sql`h.teacher_id = ${teacherId} and h.deleted_at is null and h.start_time > ${since} and h.start_time <= ${now}`;

const stateSql = (now: Date) => sql`case
  when h.start_time > ${now} then 'scheduled'
  when coalesce(h.reissue_end_time, h.end_time) > ${now} then 'open'
  when h.submitted_count < h.assigned_count then 'overdue'
  else 'finished' end`;

export async function newHomeworkSummary(db: DbOrTx, teacherId: number, since: Date, now: Date) {
  const res = await db.execute(sql`
    select count(*)::int as n, count(*) filter (where ${stateSql(now)} = 'open')::int as open,
      coalesce(sum(h.assigned_count), 0)::int as assigned, coalesce(sum(h.submitted_count), 0)::int as submitted
    from homework h where ${newHomeworkWhere(teacherId, since, now)}`);
  const r = res.rows[0] ?? {};
  return {
    count: Number(r.n ?? 0),
    open: Number(r.open ?? 0),
    assigned: Number(r.assigned ?? 0),
    submitted: Number(r.submitted ?? 0),
  };
}

export async function newHomeworkPage(
  db: DbOrTx,
  teacherId: number,
  since: Date,
  now: Date,
  q: { page: number; limit: number },
) {
  const where = newHomeworkWhere(teacherId, since, now);
  const res = await db.execute(sql`
    select h.id, h.title, h.class_id, c.name as class_name, h.start_time, coalesce(h.reissue_end_time, h.end_time) as end_time,
      h.assigned_count, h.submitted_count, ${stateSql(now)} as state
    from homework h left join classes c on c.id = h.class_id
    where ${where}
    order by h.start_time desc, h.id desc
    limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
  const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from homework h where ${where}`);
  const rows = res.rows.map((r): NewHomeworkRecord => ({
    id: Number(r.id),
    title: String(r.title),
    classId: r.class_id === null ? null : Number(r.class_id),
    className: (r.class_name as string | null) ?? null,
    startTime: new Date(r.start_time as string),
    endTime: new Date(r.end_time as string),
    assigned: Number(r.assigned_count),
    submitted: Number(r.submitted_count),
    state: r.state as NewHomeworkRecord['state'],
  }));
  return { rows, total: counted.rows[0]?.n ?? 0 };
}
