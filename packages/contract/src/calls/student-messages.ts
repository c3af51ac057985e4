import { z } from 'zod';
import { japaneseDateTime, schoolClock } from '../dates.js';
import { defineCall, idField, pageOf, queryInt } from '../define.js';
import { messages } from '../messages.js';
import { maxChars, noEmoji, requiredText } from '../rules.js';
import { exerciseTypes } from './library.js';

/**
 * The teacher → child channel (docs/student-messages.md): a one-click reminder to the children
 * who have not submitted a homework, a teacher's written note to one child about one topic (the
 * spec's Writing note: student_id, topic_id, guid, content; its call
 * homework-reading/submit-writing-note and its screen /homework/writing/add), and the child's
 * inbox on the students' side.
 * Served by modules/student-messages. What a child reads is written for children: kana where
 * kanji are hard.
 */

/**
 * What a child's inbox holds: a reminder, a note about a topic, an encouragement (stamps and words
 * from modules/motivation, calls/motivation.ts), a message from the teacher's outbox
 * (docs/messages.md). A new kind is one more entry here and in the inbox's table of kinds.
 */
export const studentMessageKinds = ['reminder', 'note', 'encouragement', 'message'] as const;
export type StudentMessageKind = (typeof studentMessageKinds)[number];

export const studentMessageLimits = {
  /** One reminder per homework per child in this many minutes. */
  reminderEveryMinutes: 60,
  /** A writing note's length (characters, as the counter shows them). */
  noteMax: 400,
  /** A guid (idempotency key) of a writing note: the web app sends a UUID. */
  guidMin: 8,
  guidMax: 64,
  /** The child's inbox pages by this many. */
  pageSize: 20,
  /** Children named in one reminder call. */
  maxStudents: 1000,
} as const;

/** 4月8日(水) 14:05 in the school's time zone: a child's short date. */
const studentTime = (at: Date) => {
  const c = schoolClock(at);
  return `${c.month}月${c.day}日(${c.weekday}) ${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`;
};

export const studentMessageMessages = {
  /** Teacher side (ordinary Japanese). */
  remindTooSoon: (nextAt: Date) =>
    `お知らせは同じ宿題につき1時間に1回まで送れます。${japaneseDateTime(nextAt)}以降にもう一度お試しください。`,
  nothingToRemind: '未提出の児童はいません。',
  remindNotStarted: 'まだ配信されていない宿題です。配信後にお知らせを送れます。',
  remindDeadlinePassed: '締め切りが過ぎているため、お知らせを送れません。再配信してからお送りください。',
  studentNotRecipient: 'この宿題を配信していない児童が含まれています。',
  studentNotFound: '児童が見つかりませんでした。',
  topicNotFound: '教材が見つかりませんでした。',
  contentRequired: 'コメントを入力してください。',
  guidReused: 'このコメントは別の内容ですでに送信されています。画面を再読み込みしてからもう一度お試しください。',
  /** The child's side (kana where kanji are hard). */
  messageNotFound: 'おしらせが見つかりません。',
  /** The reminder a child reads: their own deadline in it. */
  reminderBody: (title: string, deadline: Date) =>
    `「${title}」のしゅくだいが まだ出ていないよ。しめきりは ${studentTime(deadline)} だよ。れんしゅうして 出してね。`,
} as const;

/** A child's login id (the teacher side names children as results do: student_id = login id). */
const studentLoginId = z.string({ error: messages.badRequest }).trim().min(1, { error: messages.badRequest }).max(100);

export const remindUnsubmitted = defineCall({
  method: 'POST',
  path: '/api/v2/homework/remind-unsubmitted',
  access: 'teacher:not-guest',
  tag: 'student-messages',
  summary:
    'Send a reminder to the children who have not submitted a homework (all, or the listed ones); one per child per homework an hour',
  input: z.object({
    homework_id: idField,
    /** Login ids of some of the children who have not submitted; all of them when omitted. */
    student_ids: z
      .array(studentLoginId)
      .min(1, { error: messages.badRequest })
      .max(studentMessageLimits.maxStudents, { error: messages.badRequest })
      .optional(),
  }),
  output: z.object({
    /** Children reminded now. */
    count: z.number().int(),
    /** Children left out because they were reminded of this homework within the hour. */
    skipped: z.number().int(),
  }),
});

export const writingNoteContent = noEmoji(
  requiredText(studentMessageMessages.contentRequired).pipe(maxChars(studentMessageLimits.noteMax)),
);

export const writingNote = z.object({
  note_id: z.number().int(),
  student_id: z.string(),
  topic_id: z.number().int(),
  homework_id: z.number().int(),
  content: z.string(),
  created_at: z.string(),
  /** When the child opened it (null before). */
  read_at: z.string().nullable(),
});
export type WritingNote = z.infer<typeof writingNote>;

export const submitWritingNote = defineCall({
  method: 'POST',
  path: '/api/v2/homework-reading/submit-writing-note',
  access: 'teacher:not-guest',
  tag: 'student-messages',
  summary:
    "A teacher's written note to one child about one topic of a homework (spec §3); the same guid twice stores it once",
  input: z.object({
    student_id: studentLoginId,
    topic_id: idField,
    guid: z
      .string({ error: messages.badRequest })
      .trim()
      .regex(/^[A-Za-z0-9_-]+$/, { error: messages.badRequest })
      .min(studentMessageLimits.guidMin, { error: messages.badRequest })
      .max(studentMessageLimits.guidMax, { error: messages.badRequest }),
    content: writingNoteContent,
  }),
  output: writingNote,
});

export const getWritingNoteList = defineCall({
  method: 'GET',
  path: '/api/v2/homework-reading/writing-note-list',
  access: 'teacher',
  tag: 'student-messages',
  summary:
    "The teacher's notes to one child about one topic, newest first, with the child and the topic (the answer paper and /homework/writing/add)",
  input: z.object({ student_id: studentLoginId, topic_id: idField }),
  output: z.object({
    student: z.object({ student_id: z.string(), name: z.string(), number: z.string().nullable() }),
    topic: z.object({
      topic_id: z.number().int(),
      title: z.string(),
      homework_id: z.number().int(),
      homework_title: z.string(),
    }),
    rows: z.array(writingNote),
  }),
});

/** A message as the child's inbox shows it. */
export const studentMessage = z.object({
  message_id: z.number().int(),
  kind: z.enum(studentMessageKinds),
  /** A message's title (null for reminders and notes). */
  title: z.string().nullable(),
  body: z.string(),
  /** The teacher's name as the child knows it. */
  teacher_name: z.string(),
  homework: z.object({ homework_id: z.number().int(), title: z.string() }).nullable(),
  /** A note is about one topic (null for a reminder). */
  topic: z
    .object({ topic_id: z.number().int(), title: z.string(), type: z.enum([...exerciseTypes, 'word_test']) })
    .nullable(),
  created_at: z.string(),
  read: z.boolean(),
  /** An encouragement's stamps (motivationStamps ids), drawn by the app. */
  motivation_ids: z.array(z.number().int()).optional(),
});
export type StudentMessage = z.infer<typeof studentMessage>;

export const getStudentMessageList = defineCall({
  method: 'GET',
  path: '/api/v2/student/message-list',
  access: 'student',
  tag: 'student-messages',
  summary: "A page of the child's messages from the teacher, newest first, with how many are not read",
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(studentMessageLimits.pageSize, 100),
  }),
  output: pageOf(studentMessage).extend({ unread: z.number().int() }),
});

export const readStudentMessages = defineCall({
  method: 'POST',
  path: '/api/v2/student/message-read',
  access: 'student',
  tag: 'student-messages',
  summary: "Mark the child's listed messages read (all of them without ids)",
  input: z.object({
    ids: z.array(idField).min(1, { error: messages.badRequest }).max(100, { error: messages.badRequest }).optional(),
  }),
  output: z.object({ count: z.number().int(), unread: z.number().int() }),
});
