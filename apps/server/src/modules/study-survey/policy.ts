import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { requireOwnStudent } from '../students/policy.js';
import { findStudentById, type StudentRecord } from './repository.js';

/**
 * Whose study the teacher may read: their own children (the students policy: the teacher who
 * created or imported the child; another teacher's child answers 404 like an unknown one).
 * Homework and topics are then read only among the teacher's own homework that went to the child.
 */
export const requireSurveyStudent = (db: DbOrTx, teacher: Pick<ActingTeacher, 'id'>, loginId: string) =>
  requireOwnStudent(db, teacher, loginId);

/** The same rule for a download task made later (it keeps the child's database id). */
export async function requireSurveyStudentById(
  db: DbOrTx,
  teacher: Pick<ActingTeacher, 'id'>,
  studentId: number,
): Promise<StudentRecord> {
  const row = await findStudentById(db, teacher.id, studentId);
  if (!row) throw AppError.notFound();
  return row;
}
