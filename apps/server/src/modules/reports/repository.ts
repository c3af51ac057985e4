import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { Range } from '../rankings/index.js';

/**
 * The reads of the term reports (docs/rankings.md, "Reports"), each scoped to the acting teacher
 * (attempts and homework carry the teacher) and to children the policy granted. Weeks start on
 * Monday in the school's time zone; words are the evaluator's judgements as stored (a teacher's
 * corrections on an answer paper are not applied here).
 */
const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );
const inRange = (column: SQL, r: Range) =>
  sql`${column} >= ${r.from.toISOString()} and ${column} < ${r.to.toISOString()}`;
const week = sql`to_char(date_trunc('week', a.created_at at time zone 'Asia/Tokyo'), 'YYYY-MM-DD')`;

export async function weeklyScores(db: DbOrTx, teacherId: number, studentId: number, r: Range) {
  const { rows } = await db.execute<{ week: string; average: number | null; submissions: number }>(sql`
    select ${week} as week, round(avg(a.score)::numeric, 1)::float8 as average, count(*)::int as submissions
    from attempts a
    where a.student_id = ${studentId} and a.teacher_id = ${teacherId} and ${inRange(sql`a.created_at`, r)}
    group by 1 order by 1`);
  return rows;
}

export async function weeklyActive(db: DbOrTx, teacherId: number, studentIds: number[], r: Range) {
  if (!studentIds.length) return [];
  const { rows } = await db.execute<{ week: string; active: number }>(sql`
    select ${week} as week, count(distinct a.student_id)::int as active
    from attempts a
    where a.student_id in (${ids(studentIds)}) and a.teacher_id = ${teacherId} and ${inRange(sql`a.created_at`, r)}
    group by 1 order by 1`);
  return rows;
}

export async function bestAttempts(db: DbOrTx, teacherId: number, studentId: number, r: Range, limit: number) {
  const { rows } = await db.execute<{
    id: number;
    title: string;
    type: string;
    score: number;
    createdAt: string | Date;
    audioKey: string | null;
  }>(sql`
    select a.id, coalesce(ht.title, lr.title, '') as title, a.type, a.score, a.created_at as "createdAt",
      (select aa.audio_key from attempt_answers aa
        where aa.attempt_id = a.id and aa.audio_key is not null order by aa.question_id limit 1) as "audioKey"
    from attempts a
    left join homework_topics ht on ht.id = a.topic_id
    left join library_resources lr on lr.id = a.resource_id
    where a.student_id = ${studentId} and a.teacher_id = ${teacherId} and ${inRange(sql`a.created_at`, r)}
    order by a.score desc, a.created_at desc
    limit ${limit}`);
  return rows;
}

/** Each word read: how often, its mean score, how often judged wrong, by how many children. */
export async function wordStats(db: DbOrTx, teacherId: number, studentIds: number[], r: Range) {
  if (!studentIds.length) return [];
  const { rows } = await db.execute<{
    word: string;
    count: number;
    average: number;
    misses: number;
    missedBy: number;
  }>(sql`
    with w as (
      select a.student_id, lower(regexp_replace(e->>'word', '^[^A-Za-z0-9'']+|[^A-Za-z0-9'']+$', '', 'g')) as word,
        (e->>'score')::float8 as score, e->>'type' in ('mispronounced', 'omitted') as missed
      from attempts a
      join attempt_answers aa on aa.attempt_id = a.id
      cross join lateral jsonb_array_elements(coalesce(aa.words, '[]'::jsonb)) e
      where a.student_id in (${ids(studentIds)}) and a.teacher_id = ${teacherId} and ${inRange(sql`a.created_at`, r)}
    )
    select word, count(*)::int as count, round(avg(score)::numeric, 1)::float8 as average,
      (count(*) filter (where missed))::int as misses,
      (count(distinct student_id) filter (where missed))::int as "missedBy"
    from w where word <> '' group by word`);
  return rows;
}

export async function homeworkOf(db: DbOrTx, teacherId: number, studentId: number, r: Range) {
  const { rows } = await db.execute<{ assigned: number; submitted: number }>(sql`
    select count(*)::int as assigned, (count(*) filter (where r.submitted_at is not null))::int as submitted
    from homework_recipients r join homework h on h.id = r.homework_id
    where r.student_id = ${studentId} and h.teacher_id = ${teacherId} and h.deleted_at is null
      and h.start_time < ${r.to.toISOString()} and h.end_time >= ${r.from.toISOString()}`);
  return rows[0] ?? { assigned: 0, submitted: 0 };
}

export async function lastEncouragement(db: DbOrTx, teacherId: number, studentId: number, r: Range) {
  const { rows } = await db.execute<{ body: string; motivationIds: number[] | null; createdAt: string | Date }>(sql`
    select body, motivation_ids as "motivationIds", created_at as "createdAt" from student_messages
    where teacher_id = ${teacherId} and student_id = ${studentId} and kind = 'encouragement'
      and ${inRange(sql`created_at`, r)}
    order by created_at desc, id desc limit 1`);
  return rows[0] ?? null;
}

export async function classesOf(db: DbOrTx, teacherId: number, studentId: number) {
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    select c.id, c.name from class_students cs join classes c on c.id = cs.class_id
    where cs.student_id = ${studentId} and c.teacher_id = ${teacherId} and c.deleted_at is null
    order by c.sort_order, c.id`);
  return rows;
}

/** Each child's mean score in the first and in the second half of the period (both needed). */
export async function halves(db: DbOrTx, teacherId: number, studentIds: number[], r: Range) {
  if (!studentIds.length) return [];
  const mid = new Date((r.from.getTime() + r.to.getTime()) / 2).toISOString();
  const { rows } = await db.execute<{ studentId: number; first: number; last: number }>(sql`
    select a.student_id as "studentId",
      round((avg(a.score) filter (where a.created_at < ${mid}))::numeric, 1)::float8 as first,
      round((avg(a.score) filter (where a.created_at >= ${mid}))::numeric, 1)::float8 as last
    from attempts a
    where a.student_id in (${ids(studentIds)}) and a.teacher_id = ${teacherId} and ${inRange(sql`a.created_at`, r)}
    group by a.student_id
    having count(*) filter (where a.created_at < ${mid}) > 0 and count(*) filter (where a.created_at >= ${mid}) > 0`);
  return rows;
}
