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
import { presentInboxMessage, presentNote } from './presenter.js';
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
    const {
      student: studentRow,
      topic,
      homework,
    } = await requireTopicRecipient(db, teacher, input.topic_id, input.student_id, clock.now());
    const rows = await notesOf(db, teacher.id, studentRow.studentId, topic.id);
    return {
      student: { student_id: studentRow.loginId, name: studentRow.name, number: studentRow.number },
      topic: { topic_id: topic.id, title: topic.title, homework_id: homework.id, homework_title: homework.title },
      rows: rows.map((n) => presentNote(n, studentRow.loginId)),
    };
  });

  route(app, getStudentMessageList, async ({ input, student }) => {
    const page = await inboxPage(db, student.id, input);
    return {
      rows: page.rows.map(presentInboxMessage),
      total: page.total,
      page: input.page,
      limit: input.limit,
      unread: page.unread,
    };
  });

  route(app, readStudentMessages, { transaction: true }, async ({ input, student, tx }) => {
    const ids = input.ids && [...new Set(input.ids)];
    if (ids) await requireOwnMessages(tx, student, ids);
    const count = await markRead(tx, student.id, ids, clock.now());
    return { count, unread: await countVisible(tx, student.id, true) };
  });
}
