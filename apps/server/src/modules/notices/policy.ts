import { ErrorCode, noticeMessages } from '@ondoku/contract';
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

/** A system notice a teacher may read: one published now, else 404. */
export function requirePublishedNotice<T>(row: T | null): T {
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, noticeMessages.systemNoticeNotFound);
  return row;
}

/** Every listed system notice is published now, else 404 and nothing is marked. */
export function requireEveryPublished(found: number, asked: number) {
  if (found !== asked) throw new AppError(ErrorCode.NOT_FOUND, noticeMessages.systemNoticeNotFound);
}
