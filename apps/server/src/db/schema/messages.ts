import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { teachers } from './teachers.js';

/**
 * Messages from the teacher to classes and chosen children (modules/messages, docs/messages.md).
 * One row per message in the teacher's outbox; each child it went to gets a `student_messages`
 * row of kind `message` (its `message_id`), which carries the child's read receipt. `class_ids`
 * remembers which classes were chosen (the outbox says who it went to); `send_time` is when the
 * children see it (now, or a scheduled time).
 */
export const teacherMessages = pgTable(
  'teacher_messages',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    classIds: integer('class_ids').array().notNull().default([]),
    /** How many children were chosen one by one (besides whole classes). */
    chosenStudents: integer('chosen_students').notNull().default(0),
    sendTime: timestamp('send_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teacher_messages_teacher_idx').on(t.teacherId, t.sendTime)],
);

/**
 * Notices from the operator to every teacher (modules/notices, docs/notices.md): published,
 * edited and withdrawn with the admin command. A teacher sees a notice between `publish_from`
 * and `publish_until` (open-ended when null), unless withdrawn.
 */
export const systemNotices = pgTable('system_notices', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  publishFrom: timestamp('publish_from', { withTimezone: true }).notNull(),
  publishUntil: timestamp('publish_until', { withTimezone: true }),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which teacher has read which system notice. */
export const systemNoticeReads = pgTable(
  'system_notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => systemNotices.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.noticeId] })],
);
