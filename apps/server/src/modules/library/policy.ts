import { ErrorCode, libraryMessages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { findVisibleResource, type ResourceRecord } from './repository.js';

/**
 * Who may see which resource: headquarters material is every teacher's; classroom material only
 * its owner's. Another teacher's classroom resource answers exactly like an unknown id (404).
 */
type Acting = Pick<ActingTeacher, 'id'>;

export async function requireVisibleResource(db: DbOrTx, teacher: Acting, resourceId: number): Promise<ResourceRecord> {
  const row = await findVisibleResource(db, teacher.id, resourceId);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, libraryMessages.resourceNotFound);
  return row;
}
