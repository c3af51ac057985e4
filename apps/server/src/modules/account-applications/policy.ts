import type { DbOrTx } from '../../db/client.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { AppError } from '../../lib/app-error.js';
import { findApplication } from './repository.js';

/** Who may touch which application: the teacher who sent it; anyone else gets 404 (as for none). */
export async function requireOwnApplication(db: DbOrTx, teacher: Pick<ActingTeacher, 'id'>, id: number) {
  const row = await findApplication(db, teacher.id, id);
  if (!row) throw AppError.notFound();
  return row;
}
