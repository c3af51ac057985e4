import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { periodicPlans } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { findReissue, type ReissueView } from './reissues.js';
import { findHomeworkView, type HomeworkView } from './repository.js';

/**
 * Who may touch which homework, periodic plan and reissue: the one place other modules ask.
 * Each belongs to the teacher who published it; another teacher's (or a deleted one) answers
 * 404, indistinguishable from none.
 */
type Acting = Pick<ActingTeacher, 'id'>;

/** The teacher's homework (not deleted) with its state at `now`, or 404. */
export async function requireOwnHomework(
  db: DbOrTx,
  teacher: Acting,
  homeworkId: number,
  now: Date,
): Promise<HomeworkView> {
  const row = await findHomeworkView(db, teacher.id, homeworkId, now);
  if (!row) throw AppError.notFound();
  return row;
}

export type PlanRecord = typeof periodicPlans.$inferSelect;

/** The teacher's periodic plan (not deleted), or 404. With `lock`, the row is locked until the transaction ends. */
export async function requireOwnPlan(db: DbOrTx, teacher: Acting, planId: number, opts: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(periodicPlans)
    .where(and(eq(periodicPlans.id, planId), eq(periodicPlans.teacherId, teacher.id), isNull(periodicPlans.deletedAt)));
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) throw AppError.notFound();
  return row;
}

/** The teacher's reissue (of a homework not deleted), or 404. */
export async function requireOwnReissue(
  db: DbOrTx,
  teacher: Acting,
  reissueId: number,
  now: Date,
): Promise<ReissueView> {
  const row = await findReissue(db, teacher.id, reissueId, now);
  if (!row) throw AppError.notFound();
  return row;
}
