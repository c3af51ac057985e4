import { ErrorCode, recitationMessages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { requireVisibleResource } from '../library/policy.js';
import { findOwnDraftForUpdate, resourceInUse } from './repository.js';

type Acting = Pick<ActingTeacher, 'id'>;

/** The teacher's own draft (locked), or 404: another teacher's guid answers like an unknown one. */
export async function requireOwnDraft(db: DbOrTx, teacher: Acting, guid: string) {
  const draft = await findOwnDraftForUpdate(db, teacher.id, guid);
  if (!draft) throw new AppError(ErrorCode.NOT_FOUND, recitationMessages.guidUnknown);
  return draft;
}

/**
 * A classroom resource the teacher made: another teacher's answers 404 (the library's rule), a
 * headquarters one 403 (visible, but not hers to change).
 */
export async function requireOwnClassroomResource(db: DbOrTx, teacher: Acting, resourceId: number) {
  const row = await requireVisibleResource(db, teacher, resourceId);
  if (row.originType !== 'classroom' || row.teacherId !== teacher.id)
    throw new AppError(ErrorCode.FORBIDDEN, recitationMessages.resourceNotOwn);
  return row;
}

/** Changing or deleting a resource a homework (or a periodic plan) uses is refused. */
export async function requireResourceNotInUse(db: DbOrTx, resourceId: number) {
  if (await resourceInUse(db, resourceId))
    throw new AppError(ErrorCode.RECITATION_RESOURCE_IN_USE, recitationMessages.resourceInUse);
}
