import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { teachers } from './teachers.js';

/** Homework handed out by a teacher; creation and topics come with the homework issue. */
export const homework = pgTable(
  'homework',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type').notNull().default('routine'),
    originType: text('origin_type', { enum: ['headquarters', 'classroom'] })
      .notNull()
      .default('classroom'),
    requiredTimes: integer('required_times').notNull().default(1),
    hasDelay: boolean('has_delay').notNull().default(false),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('homework_teacher_start_idx').on(t.teacherId, t.startTime)],
);
