import {
  deleteHomeworkNotices,
  getHomeworkNoticePageList,
  getNewNoticeTotal,
  readHomeworkNotices,
  type NoticeRow,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { route } from '../../lib/route.js';
import { deleteOwn, markRead, ownCount, pageOfNotices, unreadCount, type NoticeRecord } from './repository.js';

const present = (n: NoticeRecord): NoticeRow => ({
  notice_id: n.id,
  kind: n.kind,
  homework_id: n.homeworkId,
  message: n.message,
  created_at: n.createdAt.toISOString(),
  read: n.readAt !== null,
});

/** The teacher's homework notices (docs/notices.md). */
export function noticeRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  route(app, getHomeworkNoticePageList, async ({ input, teacher }) => {
    const page = await pageOfNotices(db, teacher.id, input);
    return {
      rows: page.rows.map(present),
      total: page.total,
      page: input.page,
      limit: input.limit,
      new_msg_num: page.unread,
    };
  });

  route(app, getNewNoticeTotal, async ({ teacher }) => ({
    new_msg_num: await unreadCount(db, teacher.id),
    // Sending notices to children is for teacher accounts, not the guest.
    allow_send_message: teacher.type !== 'guest',
  }));

  route(app, readHomeworkNotices, async ({ input, teacher }) => {
    const ids = input.ids && [...new Set(input.ids)];
    // A list with another teacher's (or an unknown) notice in it changes nothing.
    if (ids && (await ownCount(db, teacher.id, ids)) !== ids.length) throw AppError.forbidden();
    return { count: await markRead(db, teacher.id, ids, clock.now()) };
  });

  route(app, deleteHomeworkNotices, { transaction: true }, async ({ input, teacher, tx }) => {
    const ids = [...new Set(input.ids)];
    const count = await deleteOwn(tx, teacher.id, ids);
    // A list with another teacher's (or an unknown) notice in it deletes nothing.
    if (count !== ids.length) throw AppError.forbidden();
    return { count };
  });
}
