import { z } from 'zod';
import { defineCall, idField, pageOf, queryInt } from '../define.js';
import { messages } from '../messages.js';
import { maxChars, noEmoji, requiredText } from '../rules.js';
import { homeworkMessages, isoTime } from './homework.js';

/**
 * Messages from the teacher (docs/messages.md; the spec's Message fields id, ids, page, limit and
 * its calls outbox-message-list, message-details, send-new-message, message-delete; the screens
 * /message, /message/send, /message/info/:id). A message goes to whole classes and chosen
 * children, now or at a chosen time; each child reads it in the inbox of the students' side
 * (`GET /api/v2/student/message-list`, kind `message`), and the read receipts come back to the
 * outbox. Sending needs the teacher's `allow_send_message` (set by the operator). Served by
 * modules/messages.
 */
export const messageLimits = {
  /** The outbox pages by 12 (the product's page size for it). */
  pageSize: 12,
  titleMax: 50,
  contentMax: 1000,
  /** Classes and chosen children in one message. */
  maxClasses: 50,
  maxStudents: 1000,
  /** A scheduled message is sent at most this many days ahead. */
  scheduleDaysAhead: 90,
  /** Messages deleted in one call. */
  maxDelete: 100,
} as const;

export const messageMessages = {
  titleRequired: 'タイトルを入力してください。',
  contentRequired: '本文を入力してください。',
  recipientsRequired: homeworkMessages.recipientsRequired,
  sendTimeWrong: '送信日時は現在より後、90日以内で指定してください。',
  notAllowed: 'メッセージの送信が許可されていません。管理者にお問い合わせください。',
  idsRequired: '削除するメッセージを選択してください。',
  notFound: 'メッセージが見つかりませんでした。',
  noRecipients: '送信先の児童がいません。クラスに児童がいるか確認してください。',
} as const;

const loginId = z.string({ error: messages.badRequest }).trim().min(1, { error: messages.badRequest }).max(64);

export const messageTitleField = noEmoji(
  requiredText(messageMessages.titleRequired).pipe(maxChars(messageLimits.titleMax)),
);
export const messageContentField = noEmoji(
  requiredText(messageMessages.contentRequired).pipe(maxChars(messageLimits.contentMax)),
);

/** The form of /message/send, also the body of send-new-message. */
export const sendMessageBody = z
  .object({
    title: messageTitleField,
    content: messageContentField,
    team_ids: z.array(idField).max(messageLimits.maxClasses, { error: messages.badRequest }).default([]),
    /** Chosen children by login id (student_id). */
    student_ids: z.array(loginId).max(messageLimits.maxStudents, { error: messages.badRequest }).default([]),
    /** A scheduled sending time; now when omitted. */
    send_time: isoTime(messageMessages.sendTimeWrong).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.team_ids.length === 0 && v.student_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['team_ids'], message: messageMessages.recipientsRequired });
  });

const classRef = z.object({ team_id: z.number().int(), name: z.string() });

export const outboxRow = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The classes chosen (a class deleted since is left out). */
  classes: z.array(classRef),
  /** Children chosen one by one, besides the classes. */
  chosen_student_count: z.number().int(),
  recipient_count: z.number().int(),
  read_count: z.number().int(),
  send_time: z.string(),
  /** False while a scheduled message waits for its time (the children do not see it yet). */
  sent: z.boolean(),
});
export type OutboxRow = z.infer<typeof outboxRow>;

export const getOutboxMessageList = defineCall({
  method: 'GET',
  path: '/api/v2/message/outbox-message-list',
  access: 'teacher',
  tag: 'messages',
  summary:
    "A page of the teacher's sent and scheduled messages, newest sending time first, with how many children read each",
  input: z.object({ page: queryInt(1, 100_000), limit: queryInt(messageLimits.pageSize, 100) }),
  output: pageOf(outboxRow),
});

const recipient = z.object({
  student_id: z.string(),
  name: z.string(),
  /** The child's class of this year (null when in none). */
  class_name: z.string().nullable(),
  read_at: z.string().nullable(),
});
export type MessageRecipient = z.infer<typeof recipient>;

export const getMessageDetails = defineCall({
  method: 'GET',
  path: '/api/v2/message/message-details',
  access: 'teacher',
  tag: 'messages',
  summary: 'One message of the teacher, with the children who have read it and those who have not',
  input: z.object({ id: idField }),
  output: outboxRow.extend({
    content: z.string(),
    readers: z.array(recipient),
    non_readers: z.array(recipient),
  }),
});

export const sendNewMessage = defineCall({
  method: 'POST',
  path: '/api/v2/message/send-new-message',
  access: 'teacher:not-guest',
  tag: 'messages',
  summary:
    'Write to classes and chosen children, now or at a time (each child once); refused unless the teacher may send messages',
  input: sendMessageBody,
  output: z.object({ id: z.number().int(), recipient_count: z.number().int() }),
});

export const deleteMessages = defineCall({
  method: 'POST',
  path: '/api/v2/message/message-delete',
  access: 'teacher:not-guest',
  tag: 'messages',
  summary: "Delete the listed messages of the teacher's (from the outbox and the children's inboxes)",
  input: z.object({
    ids: z
      .array(idField)
      .min(1, { error: messageMessages.idsRequired })
      .max(messageLimits.maxDelete, { error: messages.badRequest }),
  }),
  output: z.object({ count: z.number().int() }),
});
