import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { findRollover } from './rollover-service.js';
import { findStudent, findStudents, lowerIds, type StudentRecord } from './student-repository.js';

/**
 * Who may touch which student: the one place other modules ask. A student belongs to the
 * teacher who created or imported them; another teacher's student answers 404, and a list with
 * one stranger refuses the whole call (403).
 */
type Acting = Pick<ActingTeacher, 'id'>;

/** The teacher's student, or 404 (another teacher's student is indistinguishable from none). */
export async function requireOwnStudent(db: DbOrTx, teacher: Acting, loginId: string): Promise<StudentRecord> {
  const row = await findStudent(db, teacher.id, loginId);
  if (!row) throw AppError.notFound();
  return row;
}

/** Every listed student, all of them the teacher's; one stranger refuses the whole call (403). */
export async function requireOwnStudents(db: DbOrTx, teacher: Acting, loginIds: string[]): Promise<StudentRecord[]> {
  const rows = await findStudents(db, teacher.id, loginIds);
  if (rows.length !== lowerIds(loginIds).length) throw AppError.forbidden();
  return rows;
}

/** The teacher's committed roll-over (its report), or 404: another teacher's is indistinguishable from none. */
export async function requireOwnRollover(db: DbOrTx, teacher: Acting, id: number) {
  const row = await findRollover(db, teacher.id, id);
  if (!row) throw AppError.notFound();
  return row;
}
