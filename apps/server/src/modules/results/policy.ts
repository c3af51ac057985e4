import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { requireOwnHomework } from '../homework/policy.js';
import { findTeacherAttempt, type AttemptRecord } from './repository.js';

type HomeworkView = Awaited<ReturnType<typeof requireOwnHomework>>;

/**
 * Who may touch which submission: one of a homework the teacher published (not deleted). The
 * homework itself is asked of the homework policy (requireOwnHomework). Another teacher's
 * submission answers 404, like an unknown id.
 */
export async function requireOwnAttempt(
  db: DbOrTx,
  teacher: Pick<ActingTeacher, 'id'>,
  attemptId: number,
): Promise<AttemptRecord> {
  const row = await findTeacherAttempt(db, teacher.id, attemptId);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * The teacher's headquarters homework (origin headquarters, not deleted), or 404: the
 * homework-headquarter calls read nothing else (the teacher's own homework answers 404 there,
 * like an unknown id). The homework itself is asked of the homework policy.
 */
export async function requireOwnHeadquartersHomework(
  db: DbOrTx,
  teacher: Pick<ActingTeacher, 'id'>,
  homeworkId: number,
  now: Date,
): Promise<HomeworkView> {
  const hw = await requireOwnHomework(db, teacher, homeworkId, now);
  if (hw.originType !== 'headquarters') throw AppError.notFound();
  return hw;
}
