import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { homework } from './homework.js';
import { teachers } from './teachers.js';

/**
 * The homework-comment draft (modules/results, docs/results.md, "Commentary"): one per teacher and
 * homework, written by the commentary page's autosave. `content` is the serialized text as the
 * editor holds it; `visible` is the form's visibility flag.
 */
export const homeworkCommentDrafts = pgTable(
  'homework_comment_drafts',
  {
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    homeworkId: integer('homework_id')
      .notNull()
      .references(() => homework.id, { onDelete: 'cascade' }),
    visible: boolean('visible').notNull().default(true),
    content: text('content').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.homeworkId] })],
);
