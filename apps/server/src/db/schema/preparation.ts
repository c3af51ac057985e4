import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { teachers } from './teachers.js';

/**
 * What a first start is still preparing (docs/first-start.md): the content library's install
 * ('library': resources made of all) and the demo homework's hand-ins ('demo-homework': homework
 * handed in of all, teacher01's). Written by the installer and the demo seed as they go, read by
 * system/preparation so screens say 「教材を準備しています（63/159）」 instead of a final-looking
 * empty state. A row whose `finished_at` is set is done; kept in the database so every server
 * process answers the same.
 */
export const preparationProgress = pgTable('preparation_progress', {
  name: text('name').primaryKey(),
  /** The teacher it is for (the demo's teacher); null when it is everybody's (the library). */
  teacherId: integer('teacher_id').references(() => teachers.id, { onDelete: 'cascade' }),
  done: integer('done').notNull().default(0),
  total: integer('total').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
