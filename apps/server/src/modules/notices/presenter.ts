import type { NoticeRow } from '@ondoku/contract';
import type { NoticeRecord } from './repository.js';

/** Names every field the web app receives about the teacher's homework notices. */
export const presentNotice = (n: NoticeRecord): NoticeRow => ({
  notice_id: n.id,
  kind: n.kind,
  homework_id: n.homeworkId,
  message: n.message,
  created_at: n.createdAt.toISOString(),
  read: n.readAt !== null,
});

/** A page of notices, with how many are unread. */
export const presentNoticePage = (
  page: { rows: NoticeRecord[]; total: number; unread: number },
  q: { page: number; limit: number },
) => ({
  rows: page.rows.map(presentNotice),
  total: page.total,
  page: q.page,
  limit: q.limit,
  new_msg_num: page.unread,
});

/** The header's badge: unread notices, and whether the teacher may send notices to students. */
export const presentNoticeTotal = (unread: number, maySend: boolean) => ({
  new_msg_num: unread,
  allow_send_message: maySend,
});
