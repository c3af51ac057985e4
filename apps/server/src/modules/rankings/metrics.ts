import { goodScore } from '@ondoku/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { Range } from './period.js';

/**
 * What each child of a class did in a period, in one query: the figures every ranking, the
 * achievements list and the integral points are made of (docs/rankings.md). Submissions are the
 * child's attempts (homework and self-practice) for the teacher; a material is a homework topic or
 * a library resource practised on its own; practice days are school dates (Asia/Tokyo), read from
 * the day before the period so a streak may continue into it. Graduated children are left out.
 */
export interface StudentMetrics {
  studentId: number;
  loginId: string;
  name: string;
  number: string | null;
  submissions: number;
  /** Mean of the best score per material (one decimal); null without a submission. */
  averageBest: number | null;
  durationMs: number;
  /** Materials whose best score in the period is good (80 and above). */
  goodScores: number;
  /** Homework the child finished (every topic submitted) in the period. */
  homeworkDone: number;
  /** School dates with a submission, from the day before the period. */
  days: string[];
}

type Row = {
  id: number;
  loginId: string;
  name: string;
  number: string | null;
  submissions: number;
  averageBest: number | null;
  durationMs: string | number;
  goodScores: number;
  homeworkDone: number;
  days: string[] | null;
};

const DAY_MS = 86_400_000;

/** The class's children, with or without anything in the period, in attendance order. */
export async function classMetrics(db: DbOrTx, teacherId: number, classId: number, range: Range) {
  const dayBefore = new Date(range.from.getTime() - DAY_MS);
  const { rows } = await db.execute<Row>(sql`
    with m as (
      select s.id, s.login_id, s.name, s.number
      from class_students cs join students s on s.id = cs.student_id
      where cs.class_id = ${classId} and s.teacher_id = ${teacherId} and s.archived_at is null
    ),
    a as (
      select a.student_id, a.created_at, a.score, a.duration_ms,
        coalesce('t' || a.topic_id, 'r' || a.resource_id, 'a' || a.id) as material
      from attempts a
      where a.student_id in (select id from m) and a.teacher_id = ${teacherId}
        and a.created_at >= ${dayBefore.toISOString()} and a.created_at < ${range.to.toISOString()}
    ),
    cur as (select * from a where created_at >= ${range.from.toISOString()}),
    agg as (
      select student_id, count(*)::int as submissions, coalesce(sum(duration_ms), 0)::bigint as duration
      from cur group by student_id
    ),
    per_material as (select student_id, material, max(score) as best from cur group by student_id, material),
    best as (
      select student_id, round(avg(best)::numeric, 1)::float8 as avg_best,
        (count(*) filter (where best >= ${goodScore}))::int as good
      from per_material group by student_id
    ),
    days as (
      select student_id, array_agg(distinct to_char(created_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD')) as days
      from a group by student_id
    ),
    done as (
      select r.student_id, count(*)::int as n
      from homework_recipients r join homework h on h.id = r.homework_id
      where r.student_id in (select id from m) and h.teacher_id = ${teacherId} and h.deleted_at is null
        and r.submitted_at >= ${range.from.toISOString()} and r.submitted_at < ${range.to.toISOString()}
      group by r.student_id
    )
    select m.id, m.login_id as "loginId", m.name, m.number,
      coalesce(agg.submissions, 0) as submissions, best.avg_best as "averageBest",
      coalesce(agg.duration, 0) as "durationMs", coalesce(best.good, 0) as "goodScores",
      coalesce(done.n, 0) as "homeworkDone", days.days
    from m
    left join agg on agg.student_id = m.id
    left join best on best.student_id = m.id
    left join days on days.student_id = m.id
    left join done on done.student_id = m.id
    order by m.number nulls last, m.name, m.id`);
  return rows.map((r): StudentMetrics => ({
    studentId: r.id,
    loginId: r.loginId,
    name: r.name,
    number: r.number,
    submissions: r.submissions,
    averageBest: r.averageBest,
    durationMs: Number(r.durationMs),
    goodScores: r.goodScores,
    homeworkDone: r.homeworkDone,
    days: r.days ?? [],
  }));
}
