import { ErrorCode, yearMessages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { findClass, findClassesByIds, type ClassWithCount } from './class-repository.js';

/**
 * Who may touch which class: the one place other modules ask. A class belongs to the teacher
 * who made it; another teacher's class answers 404 (indistinguishable from none), and a list of
 * ids with one stranger refuses the whole call (403).
 */
type Acting = Pick<ActingTeacher, 'id'>;

/**
 * The teacher's class, or 404 (a deleted class is none). Last year's classes (archived by the
 * roll-over) are read-only: they are returned only with `{ readOnly: true }`, and any other use
 * is refused with classArchived.
 */
export async function requireOwnClass(
  db: DbOrTx,
  teacher: Acting,
  classId: number,
  opts: { readOnly?: boolean } = {},
): Promise<ClassWithCount> {
  const row = await findClass(db, teacher.id, classId);
  if (!row) throw AppError.notFound();
  if (row.archivedAt && !opts.readOnly) throw new AppError(ErrorCode.CLASS_ARCHIVED, yearMessages.classArchived);
  return row;
}

/** Every listed class, all of them the teacher's and of this year (not archived), or 403. */
export async function requireOwnClasses(db: DbOrTx, teacher: Acting, classIds: number[]) {
  const wanted = [...new Set(classIds)];
  const rows = await findClassesByIds(db, teacher.id, wanted);
  if (rows.length !== wanted.length) throw AppError.forbidden();
  return rows;
}
