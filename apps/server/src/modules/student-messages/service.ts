import { ErrorCode, studentMessageLimits, studentMessageMessages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { requireOwnHomework } from '../homework/policy.js';
import { requireMaySendMessages } from '../messages/policy.js';
import { requireTopicRecipient } from './policy.js';
import { presentNote } from './presenter.js';
import { findNoteByGuid, insertMessages, insertNote, lockReminders, recipientsOf } from './repository.js';

type Teacher = Pick<ActingTeacher, 'id' | 'type'>;
const minute = 60_000;

/**
 * Remind the children who have not submitted a homework (all of them, or the listed ones), in the
 * caller's transaction. One reminder per homework per child per `reminderEveryMinutes` (by the
 * app's clock): the reminders of one homework are serialised by a transaction lock, so a double
 * click finds the first click's reminders and sends nothing more.
 */
export async function remindUnsubmitted(
  tx: DbOrTx,
  teacher: Teacher,
  input: { homework_id: number; student_ids?: string[] },
  now: Date,
) {
  await requireMaySendMessages(tx, teacher);
  const hw = await requireOwnHomework(tx, teacher, input.homework_id, now);
  if (hw.state === 'scheduled')
    throw new AppError(ErrorCode.REMIND_NOT_STARTED, studentMessageMessages.remindNotStarted);
  await lockReminders(tx, hw.id);
  const wanted = input.student_ids && [...new Set(input.student_ids)];
  const rows = await recipientsOf(tx, hw.id, wanted);
  // A listed child this homework was not given to (another teacher's, unknown): 404, nothing sent.
  if (wanted && rows.length !== wanted.length)
    throw new AppError(ErrorCode.NOT_FOUND, studentMessageMessages.studentNotRecipient);
  const unsubmitted = rows.filter((r) => !r.submitted);
  if (!unsubmitted.length) throw new AppError(ErrorCode.REMIND_NOTHING, studentMessageMessages.nothingToRemind);
  const open = unsubmitted.filter((r) => r.deadline > now);
  if (!open.length) throw new AppError(ErrorCode.REMIND_DEADLINE_PASSED, studentMessageMessages.remindDeadlinePassed);
  const every = studentMessageLimits.reminderEveryMinutes * minute;
  const due = open.filter((r) => r.lastReminder === null || now.getTime() - r.lastReminder.getTime() >= every);
  if (!due.length) {
    const next = Math.min(...open.map((r) => r.lastReminder!.getTime() + every));
    throw new AppError(ErrorCode.REMIND_TOO_SOON, studentMessageMessages.remindTooSoon(new Date(next)));
  }
  await insertMessages(
    tx,
    due.map((r) => ({
      studentId: r.studentId,
      teacherId: teacher.id,
      kind: 'reminder' as const,
      homeworkId: hw.id,
      body: studentMessageMessages.reminderBody(hw.title, r.deadline),
      createdAt: now,
    })),
  );
  return { count: due.length, skipped: open.length - due.length };
}

/**
 * A teacher's note to one child about one topic (the writing note, docs/student-messages.md). The guid is the
 * idempotency key: the same guid with the same child, topic and content replies the stored note;
 * with anything else it is refused (NOTE_GUID_REUSED).
 */
export async function submitWritingNote(
  tx: DbOrTx,
  teacher: Teacher,
  input: { student_id: string; topic_id: number; guid: string; content: string },
  now: Date,
) {
  await requireMaySendMessages(tx, teacher);
  const { topic, student } = await requireTopicRecipient(tx, teacher, input.topic_id, input.student_id, now);
  const same = async () => {
    const stored = await findNoteByGuid(tx, teacher.id, input.guid);
    if (!stored) return null;
    if (stored.studentId !== student.studentId || stored.topicId !== topic.id || stored.body !== input.content)
      throw new AppError(ErrorCode.NOTE_GUID_REUSED, studentMessageMessages.guidReused);
    return presentNote(stored, student.loginId);
  };
  const before = await same();
  if (before) return before;
  const inserted = await insertNote(tx, {
    studentId: student.studentId,
    teacherId: teacher.id,
    kind: 'note',
    homeworkId: topic.homeworkId,
    topicId: topic.id,
    body: input.content,
    guid: input.guid,
    createdAt: now,
  });
  if (inserted) return presentNote(inserted, student.loginId);
  // A request of the same guid committed meanwhile: its note is the answer.
  const raced = await same();
  if (!raced) throw AppError.badRequest();
  return raced;
}
