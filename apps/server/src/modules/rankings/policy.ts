import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingStudent, ActingTeacher } from '../../lib/acting.js';
import { requireOwnClass, requireOwnClasses } from '../classes/policy.js';
import { classesOfStudent } from './repository.js';

/**
 * Who may see which ranking (docs/rankings.md). A teacher ranks only a class of their own (the
 * class policy: another teacher's or an unknown class answers 404, last year's may be read). A
 * child sees only the rankings of a class they belong to, never another class (404 as if none).
 */
export const requireRankingClass = (db: DbOrTx, teacher: Pick<ActingTeacher, 'id'>, classId: number) =>
  requireOwnClass(db, teacher, classId, { readOnly: true });

/** A class whose choices the teacher changes: their own and of this year. */
export const requireSettingsClass = (db: DbOrTx, teacher: Pick<ActingTeacher, 'id'>, classId: number) =>
  requireOwnClass(db, teacher, classId);

/** Every listed class the teacher's (403 for a list with a stranger in it). */
export const requireExportClasses = (db: DbOrTx, teacher: Pick<ActingTeacher, 'id'>, classIds: number[]) =>
  requireOwnClasses(db, teacher, classIds);

/** The child's classes, and the one asked for (the first without one), or 404. */
export async function requireStudentRankingClass(db: DbOrTx, student: Pick<ActingStudent, 'id'>, classId?: number) {
  const own = await classesOfStudent(db, student.id);
  const chosen = classId === undefined ? (own[0] ?? null) : own.find((c) => c.id === classId);
  if (chosen === undefined) throw AppError.notFound();
  return { classes: own, chosen };
}
