import { z } from 'zod';
import { defineCall, empty, idField, pageOf, queryInt } from '../define.js';
import { messages } from '../messages.js';

/**
 * Homework notices for the teacher (docs/notices.md; the spec's Notice fields notice_id,
 * new_msg_num, allow_send_message and its calls notice-page-list, new-notice-total,
 * homework-for-teacher/notice-delete): what happened to the homework they handed out — a child
 * submitted, the whole class submitted, a deadline passed with children who had not. Written by the
 * students' side and the homework scheduler; read on /home/message-detail-page and counted by the
 * header's bell. Served by modules/notices.
 */

/** `application`: the operator decided one of the teacher's account applications (no homework). */
export const noticeKinds = ['submitted', 'all_submitted', 'overdue', 'application'] as const;
export type NoticeKind = (typeof noticeKinds)[number];

export const noticeLimits = {
  /** Notices page by 10 (the product's page size for notices). */
  pageSize: 10,
  /** Notices older than this are deleted by the scheduler. */
  keepDays: 90,
} as const;

export const noticeMessages = {
  idsRequired: '削除するお知らせを選択してください。',
  submitted: (student: string, title: string) => `${student}さんが「${title}」を提出しました。`,
  allSubmitted: (className: string | null, title: string) =>
    `${className ? `${className}の` : ''}「${title}」は全員が提出しました。`,
  overdue: (title: string, missing: number) => `「${title}」の締め切りが過ぎました。未提出は${missing}人です。`,
} as const;

export const noticeRow = z.object({
  notice_id: z.number().int(),
  kind: z.enum(noticeKinds),
  homework_id: z.number().int().nullable(),
  message: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type NoticeRow = z.infer<typeof noticeRow>;

export const getHomeworkNoticePageList = defineCall({
  method: 'GET',
  path: '/api/v2/homework/notice-page-list',
  access: 'teacher',
  tag: 'notices',
  summary: "A page of the teacher's homework notices, newest first, with the number not read yet",
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(noticeLimits.pageSize, 100),
    unread: z.coerce.number().int().min(0).max(1).optional(),
  }),
  output: pageOf(noticeRow).extend({ new_msg_num: z.number().int() }),
});

export const getNewNoticeTotal = defineCall({
  method: 'GET',
  path: '/api/v2/homework/new-notice-total',
  access: 'teacher',
  tag: 'notices',
  summary: 'How many homework notices the teacher has not read (the header badge), and whether they may send notices',
  input: empty,
  output: z.object({ new_msg_num: z.number().int(), allow_send_message: z.boolean() }),
});

export const readHomeworkNotices = defineCall({
  method: 'POST',
  path: '/api/v2/homework/notice-read',
  access: 'teacher',
  tag: 'notices',
  summary: 'Mark the listed notices read (all of them without ids)',
  input: z.object({ ids: z.array(idField).max(100, { error: messages.badRequest }).optional() }),
  output: z.object({ count: z.number().int() }),
});

export const deleteHomeworkNotices = defineCall({
  method: 'POST',
  path: '/api/v2/homework-for-teacher/notice-delete',
  access: 'teacher',
  tag: 'notices',
  summary: "Delete the listed notices of the teacher's",
  input: z.object({
    ids: z.array(idField).min(1, { error: noticeMessages.idsRequired }).max(100, { error: messages.badRequest }),
  }),
  output: z.object({ count: z.number().int() }),
});
