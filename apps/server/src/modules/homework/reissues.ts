import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { HomeworkType } from './repository.js';

/** Reading reissues (delay-homework records) of one teacher; homework deleted since are left out. */
export interface ReissueView {
  id: number;
  homeworkId: number;
  title: string;
  classId: number | null;
  className: string | null;
  type: HomeworkType;
  previousEndTime: Date;
  endTime: Date;
  studentCount: number;
  submittedCount: number;
  createdAt: Date;
  now: Date;
}

type Raw = {
  id: number;
  homework_id: number;
  title: string;
  class_id: number | null;
  class_name: string | null;
  type: HomeworkType;
  previous_end_time: Date;
  end_time: Date;
  student_count: number;
  submitted_count: number;
  created_at: Date;
};

const select = sql`
  select x.id, x.homework_id, h.title, h.class_id, c.name as class_name, h.type, x.previous_end_time, x.end_time,
    x.created_at, s.student_count, s.submitted_count
  from homework_reissues x
  join homework h on h.id = x.homework_id and h.deleted_at is null
  left join classes c on c.id = h.class_id
  cross join lateral (
    select count(*)::int as student_count, count(r.submitted_at)::int as submitted_count
    from homework_reissue_students rs
    join homework_recipients r on r.homework_id = x.homework_id and r.student_id = rs.student_id
    where rs.reissue_id = x.id) s`;

const toView =
  (now: Date) =>
  (r: Raw): ReissueView => ({
    id: r.id,
    homeworkId: r.homework_id,
    title: r.title,
    classId: r.class_id,
    className: r.class_name,
    type: r.type,
    previousEndTime: new Date(r.previous_end_time),
    endTime: new Date(r.end_time),
    studentCount: r.student_count,
    submittedCount: r.submitted_count,
    createdAt: new Date(r.created_at),
    now,
  });

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listReissues(
  db: DbOrTx,
  teacherId: number,
  q: { page: number; limit: number; searchTitle?: string },
  now: Date,
) {
  const title = q.searchTitle ? sql`and h.title ilike ${`%${escapeLike(q.searchTitle)}%`}` : sql``;
  const where = sql`where x.teacher_id = ${teacherId} ${title}`;
  const [rows, total] = await Promise.all([
    db.execute<Raw>(
      sql`${select} ${where} order by x.created_at desc, x.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from homework_reissues x
      join homework h on h.id = x.homework_id and h.deleted_at is null ${where}`),
  ]);
  return { rows: rows.rows.map(toView(now)), total: total.rows[0]?.n ?? 0 };
}

/** One reissue of the teacher (of a homework not deleted), or null. */
export async function findReissue(db: DbOrTx, teacherId: number, id: number, now: Date) {
  const res = await db.execute<Raw>(sql`${select} where x.teacher_id = ${teacherId} and x.id = ${id}`);
  return res.rows[0] ? toView(now)(res.rows[0]) : null;
}

export async function reissueStudents(db: DbOrTx, reissueId: number) {
  const res = await db.execute<{
    student_id: string;
    name: string;
    number: string | null;
    submitted_at: Date | null;
  }>(sql`
    select s.login_id as student_id, s.name, s.number, r.submitted_at
    from homework_reissue_students rs
    join homework_reissues x on x.id = rs.reissue_id
    join students s on s.id = rs.student_id
    join homework_recipients r on r.homework_id = x.homework_id and r.student_id = rs.student_id
    where rs.reissue_id = ${reissueId}
    order by (s.number)::bigint nulls last, s.login_id`);
  return res.rows.map((r) => ({ ...r, submitted_at: r.submitted_at ? new Date(r.submitted_at).toISOString() : null }));
}
