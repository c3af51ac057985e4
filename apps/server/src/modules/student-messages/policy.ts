import { ErrorCode, studentMessageMessages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingStudent, ActingTeacher } from '../../lib/acting.js';
import { requireOwnHomework } from '../homework/policy.js';
import { ownCount, recipientsOf, unsafeTopic } from './repository.js';

/**
 * Who may write to which child, and which messages a child may touch (docs/student-messages.md).
 * A teacher writes about a topic of their own homework (the homework policy: another teacher's or
 * a deleted one answers 404) to a child it was given to (404 otherwise). A child touches only
 * their own messages (404 for anyone else's, like an unknown id).
 */
export async function requireTopicRecipient(
  db: DbOrTx,
  teacher: Pick<ActingTeacher, 'id'>,
  topicId: number,
  loginId: string,
  now: Date,
) {
  const topic = await unsafeTopic(db, topicId);
  if (!topic) throw new AppError(ErrorCode.NOT_FOUND, studentMessageMessages.topicNotFound);
  const homework = await requireOwnHomework(db, teacher, topic.homeworkId, now);
  const [student] = await recipientsOf(db, homework.id, [loginId]);
  if (!student) throw new AppError(ErrorCode.NOT_FOUND, studentMessageMessages.studentNotFound);
  return { homework, topic, student };
}

/** Every listed message is the child's, or 404. */
export async function requireOwnMessages(db: DbOrTx, student: Pick<ActingStudent, 'id'>, ids: number[], now: Date) {
  if ((await ownCount(db, student.id, ids, now)) !== ids.length)
    throw new AppError(ErrorCode.NOT_FOUND, studentMessageMessages.messageNotFound);
}
