import { noticeMessages, type NoticeRow, type SystemNoticeRow } from '@ondoku/contract';
import type { NoticeRecord } from './repository.js';
import type { SystemNoticeRecord } from './system-notice-repository.js';

/**
 * What a notice says, built when shown from the homework as it is now (docs/notices.md): an
 * overdue notice counts the children still missing, never those of the day it was written.
 */
function messageOf(n: NoticeRecord): string {
  // A homework notice without its homework (gone since) or an account application's notice
  // says what was written.
  if (n.kind === 'application' || n.title === null) return n.message;
  switch (n.kind) {
    case 'submitted':
      return n.studentName === null ? n.message : noticeMessages.submitted(n.studentName, n.title);
    case 'all_submitted':
      return noticeMessages.allSubmitted(n.className, n.title);
    case 'overdue': {
      const missing = Math.max(0, (n.assigned ?? 0) - (n.submitted ?? 0));
      return missing ? noticeMessages.overdue(n.title, missing) : noticeMessages.overdueAllSubmitted(n.title);
    }
  }
}

/** Names every field the web app receives about the teacher's homework notices. */
export const presentNotice = (n: NoticeRecord): NoticeRow => ({
  notice_id: n.id,
  kind: n.kind,
  homework_id: n.homeworkId,
  message: messageOf(n),
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

/** The header's badge: unread homework and system notices, and whether the teacher may send messages to children. */
export const presentNoticeTotal = (unread: { homework: number; system: number }, maySend: boolean) => ({
  new_msg_num: unread.homework + unread.system,
  homework_msg_num: unread.homework,
  system_msg_num: unread.system,
  allow_send_message: maySend,
});

/** A system notice in the list (read: by this teacher). */
export const presentSystemNotice = (n: SystemNoticeRecord): SystemNoticeRow => ({
  notice_id: n.id,
  title: n.title,
  read: n.read,
  publish_time: n.publishFrom.toISOString(),
});

export const presentSystemNoticePage = (
  page: { rows: SystemNoticeRecord[]; total: number; unread: number },
  q: { page: number; limit: number },
) => ({
  rows: page.rows.map(presentSystemNotice),
  total: page.total,
  page: q.page,
  limit: q.limit,
  new_msg_num: page.unread,
});

export const presentSystemNoticeContent = (n: SystemNoticeRecord & { body: string; publishUntil: Date | null }) => ({
  ...presentSystemNotice(n),
  content: n.body,
  publish_until: n.publishUntil ? n.publishUntil.toISOString() : null,
});
