import { ErrorCode, messageMessages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { allowSendMessageOf, findMessage, ownCount } from './repository.js';

/**
 * Who may write to children and which messages a teacher may touch (docs/messages.md). Writing
 * needs a teacher account (not the guest) whose `allow_send_message` the operator left on. A
 * message is its teacher's: another teacher's answers 404 (like an unknown id), and a list with
 * one in it refuses the whole call (403).
 */
type Acting = Pick<ActingTeacher, 'id' | 'type'>;

/** The can-send flag as the app shows it (the header's notice total carries it). */
export async function maySendMessages(db: DbOrTx, teacher: Acting) {
  return teacher.type !== 'guest' && (await allowSendMessageOf(db, teacher.id));
}

export async function requireMaySendMessages(db: DbOrTx, teacher: Acting) {
  if (!(await maySendMessages(db, teacher)))
    throw new AppError(ErrorCode.MESSAGE_NOT_ALLOWED, messageMessages.notAllowed);
}

export async function requireOwnMessage(db: DbOrTx, teacher: Pick<ActingTeacher, 'id'>, id: number) {
  const row = await findMessage(db, teacher.id, id);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, messageMessages.notFound);
  return row;
}

export async function requireOwnMessages(db: DbOrTx, teacher: Pick<ActingTeacher, 'id'>, ids: number[]) {
  if ((await ownCount(db, teacher.id, ids)) !== ids.length) throw AppError.forbidden();
}
