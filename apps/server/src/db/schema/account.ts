import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { teachers } from './teachers.js';

/**
 * Codes mailed for a password reset or an e-mail change (docs/account.md). One row per teacher
 * and purpose: asking again replaces the code, so only one is ever active. Only an argon2 hash
 * of the code is kept; `target` is the new address of an e-mail change.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset_password', 'change_email'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    target: text('target').notNull().default(''),
    tries: integer('tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('verification_codes_teacher_purpose_key').on(t.teacherId, t.purpose)],
);

/** Push-notification tokens of the teacher's devices (save-fcm-token / delete-fcm-token). */
export const fcmTokens = pgTable(
  'fcm_tokens',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fcm_tokens_teacher_token_key').on(t.teacherId, t.token)],
);
