import { noticeMessages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import {
  allSystemNotices,
  insertSystemNotice,
  updateSystemNotice,
  withdrawSystemNotice,
  type SystemNoticeInput,
} from './system-notice-repository.js';

/**
 * The operator's side of system notices (the admin command, docs/notices.md): publish, edit,
 * withdraw, list. A teacher sees a notice from `publishFrom` until `publishUntil`.
 */
export class SystemNoticeError extends Error {}

function check(n: Partial<SystemNoticeInput>) {
  if (n.title !== undefined && !n.title.trim()) throw new SystemNoticeError('タイトルが空です。');
  if (n.body !== undefined && !n.body.trim()) throw new SystemNoticeError('本文が空です。');
  if (n.publishFrom && n.publishUntil && n.publishUntil <= n.publishFrom)
    throw new SystemNoticeError('掲載終了は掲載開始より後にしてください。');
}

export async function publishSystemNotice(db: DbOrTx, n: SystemNoticeInput) {
  check(n);
  return insertSystemNotice(db, { ...n, title: n.title.trim(), body: n.body.trim() });
}

export async function editSystemNotice(db: DbOrTx, id: number, change: Partial<SystemNoticeInput>, now: Date) {
  const current = (await allSystemNotices(db)).find((n) => n.id === id);
  if (!current) throw new SystemNoticeError(noticeMessages.systemNoticeNotFound);
  check({ ...current, ...change });
  return (await updateSystemNotice(db, id, change, now))!;
}

export async function withdrawNotice(db: DbOrTx, id: number, now: Date) {
  const row = await withdrawSystemNotice(db, id, now);
  if (!row) throw new SystemNoticeError(noticeMessages.systemNoticeNotFound);
  return row;
}

export const listSystemNotices = allSystemNotices;
