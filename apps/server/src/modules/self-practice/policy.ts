import type { DbOrTx } from '../../db/client.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { requireOwnClass } from '../classes/policy.js';
import { requireOwnStudent } from '../students/policy.js';
import type { Scope } from './repository.js';

/**
 * Whose self-practice a teacher may read: the children of the teacher's own classes. A class id
 * of another teacher (or unknown, or deleted) answers 404 through the classes policy; a child's
 * login id of another teacher 404 through the students policy. Last year's (archived) classes
 * may be read when asked for by id.
 */
type Acting = Pick<ActingTeacher, 'id'>;

export async function requireScope(db: DbOrTx, teacher: Acting, classId: number | undefined): Promise<Scope> {
  if (classId === undefined) return { teacherId: teacher.id };
  const klass = await requireOwnClass(db, teacher, classId, { readOnly: true });
  return { teacherId: teacher.id, classId: klass.id };
}

export async function requireScopeStudent(db: DbOrTx, teacher: Acting, loginId: string) {
  return requireOwnStudent(db, teacher, loginId);
}
