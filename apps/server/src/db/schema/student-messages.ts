import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { students } from './classes.js';
import { homework, homeworkTopics } from './homework.js';
import { teacherMessages } from './messages.js';
import { teachers } from './teachers.js';

/**
 * The teacher → child channel (modules/student-messages, docs/student-messages.md): a reminder to
 * a child who has not submitted a homework, or a teacher's written note to a child about one topic.
 * A message from the outbox (kind `message`) names its `teacher_messages` row.
 * The child reads them in the inbox of the students' side (`read_at`). `guid` is a note's
 * idempotency key, unique per teacher: the same guid twice stores one note.
 */
export const studentMessages = pgTable(
  'student_messages',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reminder', 'note', 'encouragement', 'message'] }).notNull(),
    homeworkId: integer('homework_id').references(() => homework.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id').references(() => homeworkTopics.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    guid: text('guid'),
    /** An encouragement's stamps (modules/motivation, docs/rankings.md); null for other kinds. */
    motivationIds: jsonb('motivation_ids').$type<number[]>(),
    /** A message's outbox row (kind `message`, docs/messages.md); deleting it there deletes it here. */
    messageId: integer('message_id').references(() => teacherMessages.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The child's inbox, newest first.
    index('student_messages_student_idx').on(t.studentId, t.createdAt),
    // The reminder limit: the last reminder of a homework to each child.
    index('student_messages_homework_idx').on(t.homeworkId, t.studentId, t.createdAt),
    // The notes of one topic for one child (the answer paper).
    index('student_messages_topic_idx').on(t.topicId, t.studentId),
    // The teacher's encouragements to a child (the last one, on the achievements list).
    index('student_messages_encouragement_idx')
      .on(t.teacherId, t.studentId, t.createdAt)
      .where(sql`kind = 'encouragement'`),
    // The read receipts of one outbox message.
    index('student_messages_message_idx').on(t.messageId),
    uniqueIndex('student_messages_guid_key')
      .on(t.teacherId, t.guid)
      .where(sql`guid is not null`),
  ],
);
