import { deleteMessages, getMessageDetails, getOutboxMessageList, sendNewMessage } from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { presentCount } from '../../lib/present.js';
import { route } from '../../lib/route.js';
import { requireOwnClasses } from '../classes/policy.js';
import { requireOwnStudents } from '../students/policy.js';
import { requireMaySendMessages, requireOwnMessage, requireOwnMessages } from './policy.js';
import { presentMessageDetails, presentOutbox, presentSent } from './presenter.js';
import { classNames, deleteOwn, outboxPage, recipientsOf } from './repository.js';
import { sendMessage } from './service.js';

/** Messages from the teacher to classes and children: the outbox, sending, details, deletion (docs/messages.md). */
export function messageRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  route(app, getOutboxMessageList, async ({ input, teacher }) => {
    const page = await outboxPage(db, teacher.id, input);
    const names = await classNames(
      db,
      teacher.id,
      page.rows.flatMap((m) => m.classIds),
    );
    return presentOutbox(page, names, input, clock.now());
  });

  route(app, getMessageDetails, async ({ input, teacher }) => {
    const message = await requireOwnMessage(db, teacher, input.id);
    const [names, recipients] = await Promise.all([
      classNames(db, teacher.id, message.classIds),
      recipientsOf(db, message.id),
    ]);
    return presentMessageDetails(message, names, recipients, clock.now());
  });

  route(app, sendNewMessage, { transaction: true }, async ({ input, teacher, tx }) => {
    await requireMaySendMessages(tx, teacher);
    const classes = input.team_ids.length ? await requireOwnClasses(tx, teacher, input.team_ids) : [];
    const students = input.student_ids.length ? await requireOwnStudents(tx, teacher, input.student_ids) : [];
    const sent = await sendMessage(
      tx,
      teacher.id,
      input,
      { classIds: classes.map((c) => c.id), students },
      clock.now(),
    );
    return presentSent(sent);
  });

  route(app, deleteMessages, { transaction: true }, async ({ input, teacher, tx }) => {
    const ids = [...new Set(input.ids)];
    await requireOwnMessages(tx, teacher, ids);
    return presentCount(await deleteOwn(tx, teacher.id, ids));
  });
}
