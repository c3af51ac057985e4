import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { teachers } from './teachers.js';

/**
 * Download tasks (modules/downloads, docs/downloads.md): one export file made by a durable job.
 * `processing` rows are the queue: a process claims one by setting `claimed_at` (FOR UPDATE SKIP
 * LOCKED); a claim older than downloadLimits.leaseSeconds is taken up again (its process stopped).
 * `params` are what the kind needs (the homework id; the study survey's child, period and
 * address), checked as the teacher's when created.
 */
export interface DownloadParams {
  homework_id?: number;
  /** Study survey reports: the child (students.id), the period and the day it was asked for, where to mail it. */
  student_id?: number;
  period?: 'month' | 'term' | 'year';
  date?: string;
  email?: string;
  /** The integral ranking (modules/rankings): its classes, period and when it was asked for. */
  ranking?: {
    team_ids: number[];
    period: 'week' | 'month' | 'term' | 'custom';
    start_time?: string;
    end_time?: string;
    at: string;
  };
  /** Learning statistics: the class, the child (login id), the period (resolved when asked), the unit, the word-book part. */
  class_id?: number;
  login_id?: string;
  start_date?: string;
  end_date?: string;
  unit?: 'day' | 'week' | 'month';
  book_code?: string;
  part?: number;
}

export const downloadTasks = pgTable(
  'download_tasks',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<DownloadParams>().notNull(),
    title: text('title').notNull(),
    status: text('status', { enum: ['processing', 'finished', 'failed'] })
      .notNull()
      .default('processing'),
    progress: smallint('progress').notNull().default(0),
    error: text('error'),
    /** How many times it was started (a retry or a taken-up claim adds one). */
    runs: integer('runs').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    sizeBytes: integer('size_bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('download_tasks_teacher_idx').on(t.teacherId, t.createdAt),
    index('download_tasks_queue_idx')
      .on(t.createdAt)
      .where(sql`status = 'processing'`),
    index('download_tasks_expiry_idx').on(t.expiresAt),
  ],
);
