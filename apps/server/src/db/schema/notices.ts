import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { students } from './classes.js';
import { homework } from './homework.js';
import { teachers } from './teachers.js';

/**
 * Homework notices for the teacher (modules/notices, docs/notices.md). `key` names the event
 * (`submitted:<homework>:<student>`, `all:<homework>`, `overdue:<homework>:<deadline>`, `application:<id>:<status>`), unique per
 * teacher, so an event recorded twice (a retried job, a race) makes one notice.
 */
export const homeworkNotices = pgTable(
  'homework_notices',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    /** Null for a notice about an account application (`application`). */
    homeworkId: integer('homework_id').references(() => homework.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['submitted', 'all_submitted', 'overdue', 'application'] }).notNull(),
    key: text('key').notNull(),
    /** The child a `submitted` notice is about (its name is read when the notice is shown). */
    studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
    /** The text as written; what is shown is built again from the homework as it is now (docs/notices.md). */
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('homework_notices_key').on(t.teacherId, t.key),
    index('homework_notices_teacher_idx').on(t.teacherId, t.createdAt),
  ],
);
