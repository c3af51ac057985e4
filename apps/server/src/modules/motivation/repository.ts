import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { studentMessages } from '../../db/schema/index.js';

/**
 * Encouragements (docs/rankings.md, "Encouragement"): one row of kind `encouragement` in the
 * child's inbox (student_messages, read by modules/student-messages) per child, and the last one
 * each child of a class received from the teacher in a period.
 */

/** The live children of a class (graduates left out), in attendance order; callers asked the class policy. */
export async function membersOf(db: DbOrTx, teacherId: number, classId: number) {
  const { rows } = await db.execute<{ id: number; loginId: string }>(sql`
    select s.id, s.login_id as "loginId"
    from class_students cs join students s on s.id = cs.student_id
    where cs.class_id = ${classId} and s.teacher_id = ${teacherId} and s.archived_at is null
    order by s.number nulls last, s.name, s.id`);
  return rows;
}

export async function insertEncouragements(
  db: DbOrTx,
  teacherId: number,
  studentIds: number[],
  v: { body: string; motivationIds: number[] },
  now: Date,
) {
  if (!studentIds.length) return 0;
  const rows = await db
    .insert(studentMessages)
    .values(
      studentIds.map((studentId) => ({
        studentId,
        teacherId,
        kind: 'encouragement' as const,
        body: v.body,
        motivationIds: v.motivationIds,
        createdAt: now,
      })),
    )
    .returning({ id: studentMessages.id });
  return rows.length;
}

/** The last encouragement of the teacher to each of the children in [from, to). */
export async function lastEncouraged(db: DbOrTx, teacherId: number, studentIds: number[], from: Date, to: Date) {
  if (!studentIds.length) return new Map<number, Date>();
  const { rows } = await db.execute<{ studentId: number; at: string | Date }>(sql`
    select student_id as "studentId", max(created_at) as at from student_messages
    where teacher_id = ${teacherId} and kind = 'encouragement'
      and student_id in (${sql.join(
        studentIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
    group by student_id`);
  return new Map(rows.map((r) => [r.studentId, new Date(r.at)]));
}
