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
  submissions: number;
  averageBest: number | null;
  durationMs: string | number;
  goodScores: number;
  homeworkDone: number;
  days: string[] | null;
};

const DAY_MS = 86_400_000;

export type Member = {
  id: number;
  loginId: string;
  name: string;
  number: string | null;
};

/** The class's children who have not graduated, in attendance order. */
export async function classMembers(db: DbOrTx, teacherId: number, classId: number) {
  const { rows } = await db.execute<Member>(sql`
    select s.id, s.login_id as "loginId", s.name, s.number
    from class_students cs join students s on s.id = cs.student_id
    where cs.class_id = ${classId} and s.teacher_id = ${teacherId} and s.archived_at is null
    order by s.number nulls last, s.name, s.id`);
  return rows;
}

/** The class's children, with or without anything in the period, in attendance order. */
export async function classMetrics(db: DbOrTx, teacherId: number, classId: number, range: Range) {
  return metricsOf(db, teacherId, await classMembers(db, teacherId, classId), range);
}

/**
 * The figures of these children in the period. Their ids go in as one array parameter, so the
 * planner reads each child's attempts by the (student, created_at) index rather than scanning the
 * teacher's attempts (docs/rankings.md, "Ranking").
 */
export async function metricsOf(db: DbOrTx, teacherId: number, members: Member[], range: Range) {
  if (!members.length) return [];
  const ids = `{${members.map((m) => m.id).join(',')}}`;
  const dayBefore = new Date(range.from.getTime() - DAY_MS);
  const { rows } = await db.execute<Row>(sql`
    with a as (
      select a.student_id, a.created_at, a.score, a.duration_ms,
        coalesce('t' || a.topic_id, 'r' || a.resource_id, 'a' || a.id) as material
      from attempts a
      where a.student_id = any(${ids}::int[]) and a.teacher_id = ${teacherId}
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
      select student_id,
        array_agg(distinct to_char(created_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD')) as days
      from a group by student_id
    ),
    done as (
      select r.student_id, count(*)::int as n
      from homework_recipients r join homework h on h.id = r.homework_id
      where r.student_id = any(${ids}::int[]) and h.teacher_id = ${teacherId} and h.deleted_at is null
        and r.submitted_at >= ${range.from.toISOString()} and r.submitted_at < ${range.to.toISOString()}
      group by r.student_id
    ),
    m as (select unnest(${ids}::int[]) as id)
    select m.id, coalesce(agg.submissions, 0) as submissions, best.avg_best as "averageBest",
      coalesce(agg.duration, 0) as "durationMs", coalesce(best.good, 0) as "goodScores",
      coalesce(done.n, 0) as "homeworkDone", days.days
    from m
    left join agg on agg.student_id = m.id
    left join best on best.student_id = m.id
    left join days on days.student_id = m.id
    left join done on done.student_id = m.id`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return members.map((member): StudentMetrics => {
    const r = byId.get(member.id);
    return {
      studentId: member.id,
      loginId: member.loginId,
      name: member.name,
      number: member.number,
      submissions: r?.submissions ?? 0,
      averageBest: r?.averageBest ?? null,
      durationMs: Number(r?.durationMs ?? 0),
      goodScores: r?.goodScores ?? 0,
      homeworkDone: r?.homeworkDone ?? 0,
      days: r?.days ?? [],
    };
  });
}
