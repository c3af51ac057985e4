import {
  deleteHomeworkNotices,
  getHomeworkNoticePageList,
  getNewNoticeTotal,
  readHomeworkNotices,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { route } from '../../lib/route.js';
import { presentCount } from '../../lib/present.js';
import { presentNoticePage, presentNoticeTotal } from './presenter.js';
import { maySendMessages, requireEveryNotice, requireOwnNotices } from './policy.js';
import { deleteOwn, markRead, pageOfNotices, unreadCount } from './repository.js';

/** The teacher's homework notices (docs/notices.md). */
export function noticeRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  route(app, getHomeworkNoticePageList, async ({ input, teacher }) => {
    return presentNoticePage(await pageOfNotices(db, teacher.id, input), input);
  });

  route(app, getNewNoticeTotal, async ({ teacher }) =>
    presentNoticeTotal(await unreadCount(db, teacher.id), maySendMessages(teacher)),
  );

  route(app, readHomeworkNotices, async ({ input, teacher }) => {
    const ids = input.ids && [...new Set(input.ids)];
    if (ids) await requireOwnNotices(db, teacher, ids);
    return presentCount(await markRead(db, teacher.id, ids, clock.now()));
  });

  route(app, deleteHomeworkNotices, { transaction: true }, async ({ input, teacher, tx }) => {
    const ids = [...new Set(input.ids)];
    const count = await deleteOwn(tx, teacher.id, ids);
    requireEveryNotice(count, ids.length);
    return presentCount(count);
  });
}
