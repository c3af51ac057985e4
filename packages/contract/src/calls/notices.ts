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
  /** An overdue notice read after the last child submitted late. */
  overdueAllSubmitted: (title: string) => `「${title}」の締め切りが過ぎましたが、その後全員が提出しました。`,
  systemNoticeNotFound: 'お知らせが見つかりませんでした。',
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

const homeworkNoticePageInput = z.object({
  page: queryInt(1, 100_000),
  limit: queryInt(noticeLimits.pageSize, 100),
  unread: z.coerce.number().int().min(0).max(1).optional(),
  /** Only notices of this kind. */
  kind: z.enum(noticeKinds, { error: messages.badRequest }).optional(),
});
const homeworkNoticePage = pageOf(noticeRow).extend({ new_msg_num: z.number().int() });

export const getHomeworkNoticePageList = defineCall({
  method: 'GET',
  path: '/api/v2/homework/notice-page-list',
  access: 'teacher',
  tag: 'notices',
  summary:
    "A page of the teacher's homework notices, newest first, with the number not read yet; counts in the messages are as they are now",
  input: homeworkNoticePageInput,
  output: homeworkNoticePage,
});

/** The same list under the notices group (the spec names both). */
export const getHomeworkNoticePageListOfNotices = defineCall({
  method: 'GET',
  path: '/api/v2/notice/homework-notice-page-list',
  access: 'teacher',
  tag: 'notices',
  summary: "A page of the teacher's homework notices (the same as homework/notice-page-list)",
  input: homeworkNoticePageInput,
  output: homeworkNoticePage,
});

export const getNewNoticeTotal = defineCall({
  method: 'GET',
  path: '/api/v2/homework/new-notice-total',
  access: 'teacher',
  tag: 'notices',
  summary:
    'How many notices the teacher has not read, homework and system ones together (the header badge), and whether they may send messages',
  input: empty,
  output: z.object({
    /** Homework and system notices not read. */
    new_msg_num: z.number().int(),
    homework_msg_num: z.number().int(),
    system_msg_num: z.number().int(),
    allow_send_message: z.boolean(),
  }),
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

/** A notice from the operator to every teacher (published with the admin command). */
export const systemNoticeRow = z.object({
  notice_id: z.number().int(),
  title: z.string(),
  read: z.boolean(),
  publish_time: z.string(),
});
export type SystemNoticeRow = z.infer<typeof systemNoticeRow>;

export const getSystemNoticePageList = defineCall({
  method: 'GET',
  path: '/api/v2/notice/system-notice-page-list',
  access: 'teacher',
  tag: 'notices',
  summary: 'A page of the system notices published now, newest first, with whether this teacher has read each',
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(noticeLimits.pageSize, 100),
    unread: z.coerce.number().int().min(0).max(1).optional(),
  }),
  output: pageOf(systemNoticeRow).extend({ new_msg_num: z.number().int() }),
});

export const getSystemNoticeContent = defineCall({
  method: 'GET',
  path: '/api/v2/notice/system-notice-content',
  access: 'teacher',
  tag: 'notices',
  summary: 'One system notice with its body; reading it marks it read for this teacher',
  input: z.object({ notice_id: idField }),
  output: systemNoticeRow.extend({ content: z.string(), publish_until: z.string().nullable() }),
});

export const readSystemNotices = defineCall({
  method: 'POST',
  path: '/api/v2/notice/system-notice-read',
  access: 'teacher',
  tag: 'notices',
  summary: 'Mark the listed system notices read (all published ones without ids)',
  input: z.object({
    ids: z.array(idField).min(1, { error: messages.badRequest }).max(100, { error: messages.badRequest }).optional(),
  }),
  output: z.object({ count: z.number().int() }),
});
