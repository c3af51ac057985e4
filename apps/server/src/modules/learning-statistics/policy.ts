import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { requireOwnClass } from '../classes/policy.js';
import { requireOwnStudent } from '../students/policy.js';
import type { Scope } from './repository.js';

/**
 * Whose statistics a teacher may read: a class of the teacher's own (another teacher's or an
 * unknown class answers 404 through the classes policy; last year's classes may be read), and
 * optionally one child of that class (a child of another teacher, or not in the class, 404).
 */
type Acting = Pick<ActingTeacher, 'id'>;

export async function requireClassScope(db: DbOrTx, teacher: Acting, classId: number, loginId?: string) {
  const klass = await requireOwnClass(db, teacher, classId, { readOnly: true });
  const scope: Scope = { teacherId: teacher.id, classId: klass.id };
  if (loginId === undefined) return { klass, scope, student: null };
  const student = await requireOwnStudent(db, teacher, loginId);
  const member = await db.execute(
    sql`select 1 from class_students where class_id = ${klass.id} and student_id = ${student.id}`,
  );
  if (member.rows.length === 0) throw AppError.notFound();
  return { klass, scope: { ...scope, studentId: student.id }, student };
}
