import type { DbOrTx } from '../../db/client.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { requireOwnClass } from '../classes/policy.js';
import { requireOwnStudent } from '../students/policy.js';

/**
 * Whose reports a teacher may read (docs/rankings.md, "Reports"): their own children and classes
 * (404 for another teacher's, like none); last year's classes may be read.
 */
export const requireReportStudent = (db: DbOrTx, teacher: Pick<ActingTeacher, 'id'>, loginId: string) =>
  requireOwnStudent(db, teacher, loginId);

export const requireReportClass = (db: DbOrTx, teacher: Pick<ActingTeacher, 'id'>, classId: number) =>
  requireOwnClass(db, teacher, classId, { readOnly: true });
