import {
  getStudentMessageList,
  getWritingNoteList,
  readStudentMessages,
  remindUnsubmitted,
  submitWritingNote,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { route } from '../../lib/route.js';
import { requireOwnMessages, requireTopicRecipient } from './policy.js';
import { presentInbox, presentMarkedRead, presentNoteList } from './presenter.js';
import { countVisible, inboxPage, markRead, notesOf } from './repository.js';
import * as service from './service.js';

/** The teacher → child channel (docs/student-messages.md): reminders, writing notes, the child's inbox. */
export function studentMessageRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  route(app, remindUnsubmitted, { transaction: true }, async ({ input, teacher, tx }) =>
    service.remindUnsubmitted(tx, teacher, input, clock.now()),
  );

  route(app, submitWritingNote, { transaction: true }, async ({ input, teacher, tx }) =>
    service.submitWritingNote(tx, teacher, input, clock.now()),
  );

  route(app, getWritingNoteList, async ({ input, teacher }) => {
    const { student, topic, homework } = await requireTopicRecipient(
      db,
      teacher,
      input.topic_id,
      input.student_id,
      clock.now(),
    );
    const rows = await notesOf(db, teacher.id, student.studentId, topic.id);
    return presentNoteList(student, topic, homework, rows);
  });

  route(app, getStudentMessageList, async ({ input, student }) => {
    return presentInbox(await inboxPage(db, student.id, input, clock.now()), input);
  });

  route(app, readStudentMessages, { transaction: true }, async ({ input, student, tx }) => {
    const ids = input.ids && [...new Set(input.ids)];
    const now = clock.now();
    if (ids) await requireOwnMessages(tx, student, ids, now);
    const count = await markRead(tx, student.id, ids, now);
    return presentMarkedRead(count, await countVisible(tx, student.id, true, now));
  });
}
