import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { teachers } from './teachers.js';

/**
 * A teacher's privacy choices for what a class's children see of the rankings (modules/rankings,
 * docs/rankings.md). No row: children see nothing (the default until the teacher chooses).
 */
export const rankingSettings = pgTable('ranking_settings', {
  classId: integer('class_id')
    .primaryKey()
    .references(() => classes.id, { onDelete: 'cascade' }),
  teacherId: integer('teacher_id')
    .notNull()
    .references(() => teachers.id, { onDelete: 'cascade' }),
  visibility: text('visibility', { enum: ['all', 'top', 'none'] }).notNull(),
  topN: integer('top_n').notNull(),
  hideNames: boolean('hide_names').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
