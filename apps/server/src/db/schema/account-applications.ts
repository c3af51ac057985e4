import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { mediaFiles } from './library.js';
import { teachers } from './teachers.js';

/**
 * Account applications (modules/account-applications, docs/account-applications.md): what a
 * teacher asked the operator for, with the attached file (a roster or a PDF, private in
 * media_files), and what the operator decided. At most one application of a kind is 申請中
 * (`pending`) per teacher (partial unique index). `created_class_ids` and `created_count` are what
 * an approved roster made.
 */
export const accountApplications = pgTable(
  'account_applications',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    applyType: text('apply_type', { enum: ['new_students', 'add_students', 'teacher_account', 'renewal'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'returned', 'completed', 'withdrawn'] })
      .notNull()
      .default('pending'),
    note: text('note').notNull().default(''),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    gradeName: text('grade_name'),
    teacherName: text('teacher_name').notNull().default(''),
    teacherEmail: text('teacher_email').notNull().default(''),
    fileKey: text('file_key')
      .notNull()
      .references(() => mediaFiles.key),
    fileName: text('file_name').notNull(),
    fileKind: text('file_kind', { enum: ['roster', 'document'] }).notNull(),
    fileSize: integer('file_size').notNull(),
    rowCount: integer('row_count'),
    reason: text('reason').notNull().default(''),
    createdCount: integer('created_count').notNull().default(0),
    createdClassIds: integer('created_class_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('account_applications_teacher_idx').on(t.teacherId, t.createdAt),
    uniqueIndex('account_applications_pending_key')
      .on(t.teacherId, t.applyType)
      .where(sql`status = 'pending'`),
  ],
);
