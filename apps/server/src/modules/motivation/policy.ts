import { ErrorCode, motivationMessages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { requireOwnClass } from '../classes/policy.js';
import { membersOf } from './repository.js';

/**
 * Who may encourage whom (docs/rankings.md, "Encouragement"): a teacher, the children of a class
 * of their own (the class policy: 404 for another teacher's or an unknown class); a list naming a
 * child who is not in the class refuses the whole call (403), so nothing is sent.
 */
export const requireAchievementClass = (db: DbOrTx, teacher: Pick<ActingTeacher, 'id'>, classId: number) =>
  requireOwnClass(db, teacher, classId, { readOnly: true });

export async function requireRecipients(
  db: DbOrTx,
  teacher: Pick<ActingTeacher, 'id'>,
  classId: number,
  loginIds: string[] | 'all',
) {
  const cls = await requireOwnClass(db, teacher, classId);
  const members = await membersOf(db, teacher.id, cls.id);
  if (loginIds === 'all') {
    if (!members.length) throw AppError.badRequest(motivationMessages.noStudentsInClass);
    return members;
  }
  const byLogin = new Map(members.map((m) => [m.loginId.toLowerCase(), m]));
  const chosen = [...new Set(loginIds.map((id) => id.toLowerCase()))].map((id) => byLogin.get(id));
  if (chosen.some((m) => m === undefined))
    throw new AppError(ErrorCode.FORBIDDEN, motivationMessages.studentNotInClass);
  return chosen as typeof members;
}
