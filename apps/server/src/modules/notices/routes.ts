import {
  deleteHomeworkNotices,
  getHomeworkNoticePageList,
  getHomeworkNoticePageListOfNotices,
  getNewNoticeTotal,
  getSystemNoticeContent,
  getSystemNoticePageList,
  readHomeworkNotices,
  readSystemNotices,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { route } from '../../lib/route.js';
import { presentCount } from '../../lib/present.js';
import { maySendMessages } from '../messages/policy.js';
import {
  presentNoticePage,
  presentNoticeTotal,
  presentSystemNoticeContent,
  presentSystemNoticePage,
} from './presenter.js';
import { requireEveryNotice, requireEveryPublished, requireOwnNotices, requirePublishedNotice } from './policy.js';
import { deleteOwn, markRead, pageOfNotices, unreadCount } from './repository.js';
import {
  findPublishedNotice,
  markSystemRead,
  pageOfSystemNotices,
  publishedCount,
  unreadSystemCount,
} from './system-notice-repository.js';

/** The teacher's homework notices and the operator's system notices (docs/notices.md). */
export function noticeRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  // The spec names the list twice (homework/notice-page-list, notice/homework-notice-page-list): one reply.
  route(app, getHomeworkNoticePageList, async ({ input, teacher }) =>
    presentNoticePage(await pageOfNotices(db, teacher.id, input), input),
  );
  route(app, getHomeworkNoticePageListOfNotices, async ({ input, teacher }) =>
    presentNoticePage(await pageOfNotices(db, teacher.id, input), input),
  );

  route(app, getNewNoticeTotal, async ({ teacher }) => {
    const [homework, system, maySend] = await Promise.all([
      unreadCount(db, teacher.id),
      unreadSystemCount(db, teacher.id, clock.now()),
      maySendMessages(db, teacher),
    ]);
    return presentNoticeTotal({ homework, system }, maySend);
  });

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

  route(app, getSystemNoticePageList, async ({ input, teacher }) => {
    return presentSystemNoticePage(await pageOfSystemNotices(db, teacher.id, input, clock.now()), input);
  });

  route(app, getSystemNoticeContent, { transaction: true }, async ({ input, teacher, tx }) => {
    const now = clock.now();
    const notice = requirePublishedNotice(await findPublishedNotice(tx, teacher.id, input.notice_id, now));
    await markSystemRead(tx, teacher.id, [notice.id], now);
    return presentSystemNoticeContent({ ...notice, read: true });
  });

  route(app, readSystemNotices, { transaction: true }, async ({ input, teacher, tx }) => {
    const now = clock.now();
    const ids = input.ids && [...new Set(input.ids)];
    if (ids) requireEveryPublished(await publishedCount(tx, ids, now), ids.length);
    return presentCount(await markSystemRead(tx, teacher.id, ids, now));
  });
}
