import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { ownCount } from './repository.js';

/**
 * Who may touch which notice: a notice is its teacher's. A list with another teacher's (or an
 * unknown) notice in it refuses the whole call (403) and changes nothing.
 */
export async function requireOwnNotices(db: DbOrTx, teacher: Pick<ActingTeacher, 'id'>, ids: number[]) {
  requireEveryNotice(await ownCount(db, teacher.id, ids), ids.length);
}

/** The same rule after the fact: a deletion that found fewer of the teacher's notices than asked is refused (its transaction rolls back). */
export function requireEveryNotice(found: number, asked: number) {
  if (found !== asked) throw AppError.forbidden();
}

/** Sending notices to students is for teacher accounts, not the guest. */
export const maySendMessages = (teacher: Pick<ActingTeacher, 'type'>) => teacher.type !== 'guest';
