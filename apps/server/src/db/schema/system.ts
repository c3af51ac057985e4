import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { teachers } from './teachers.js';

/** The single row of the operations status (0 disabled, 1 tips, 2 normal, as the web app reads it). */
export const systemStatus = pgTable('system_status', {
  id: integer('id').primaryKey().default(1),
  status: integer('status').notNull().default(2),
  title: text('title').notNull().default(''),
  message: text('message').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const clientLogs = pgTable('client_logs', {
  id: serial('id').primaryKey(),
  teacherId: integer('teacher_id').references(() => teachers.id, { onDelete: 'set null' }),
  client: text('client').notNull(),
  device: text('device').notNull(),
  content: text('content').notNull(),
  address: text('address').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window rate-limit counters of every limit (lib/rate-limit.ts): sign-in failures, mails,
 * wrong codes and passwords, client logs. One row per key, shared by every server process.
 */
export const rateLimitCounters = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull().default(0),
});
