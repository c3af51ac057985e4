import { ErrorCode, messageLimits, messageMessages, type CallInput, type sendNewMessage } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { insertMessage, membersOf } from './repository.js';

type SendInput = Pick<CallInput<typeof sendNewMessage>, 'title' | 'content'> & { send_time?: string | null };

const DAY = 86_400_000;

/**
 * Write one message to the granted classes (their current children) and chosen children, each
 * child once (docs/messages.md). A scheduled message is stored now with its time; the children
 * see it from then on, and the outbox says it is waiting.
 */
export async function sendMessage(
  db: DbOrTx,
  teacherId: number,
  input: SendInput,
  to: { classIds: number[]; students: { id: number; archivedAt: Date | null }[] },
  now: Date,
) {
  const sendTime = input.send_time ? new Date(input.send_time) : now;
  if (sendTime < now || sendTime.getTime() > now.getTime() + messageLimits.scheduleDaysAhead * DAY)
    throw AppError.badRequest(messageMessages.sendTimeWrong);
  const recipients = new Set(await membersOf(db, to.classIds));
  for (const s of to.students) if (!s.archivedAt) recipients.add(s.id);
  if (!recipients.size) throw new AppError(ErrorCode.MESSAGE_NO_RECIPIENTS, messageMessages.noRecipients);
  const row = await insertMessage(
    db,
    {
      teacherId,
      title: input.title,
      body: input.content,
      classIds: to.classIds,
      chosenStudents: to.students.length,
      sendTime,
      createdAt: now,
    },
    [...recipients],
  );
  return { id: row.id, recipientCount: recipients.size };
}
