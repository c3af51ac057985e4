import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { findOwnTask } from './repository.js';

/** A download task belongs to the teacher who created it; another teacher's answers 404. */
export async function requireOwnTask(
  db: DbOrTx,
  teacher: Pick<ActingTeacher, 'id'>,
  taskId: number,
  opts: { lock?: boolean } = {},
) {
  const task = await findOwnTask(db, teacher.id, taskId, opts);
  if (!task) throw AppError.notFound();
  return task;
}

/** A list with a stranger's (or an unknown) task in it refuses the whole call (403; docs/architecture.md). */
export function requireEveryTask(found: number, asked: number) {
  if (found !== asked) throw AppError.forbidden();
}
