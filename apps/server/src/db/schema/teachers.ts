import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const teachers = pgTable(
  'teachers',
  {
    id: serial('id').primaryKey(),
    loginId: text('login_id').notNull(),
    /** Stored lower-cased so sign-in by e-mail is case-insensitive. */
    email: text('email').notNull(),
    nickname: text('nickname').notNull(),
    avatar: text('avatar'),
    type: text('type', { enum: ['teacher', 'guest'] })
      .notNull()
      .default('teacher'),
    showLive: boolean('show_live').notNull().default(false),
    school: text('school').notNull().default(''),
    onlineClassSwitch: boolean('online_class_switch').notNull().default(false),
    /** May write messages to children (set by the operator command; docs/messages.md). */
    allowSendMessage: boolean('allow_send_message').notNull().default(true),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teachers_login_id_key').on(sql`lower(${t.loginId})`),
    uniqueIndex('teachers_email_key').on(t.email),
  ],
);

/** Opaque bearer tokens; only a SHA-256 of the token is stored. */
export const authTokens = pgTable('auth_tokens', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  teacherId: integer('teacher_id')
    .notNull()
    .references(() => teachers.id, { onDelete: 'cascade' }),
  clientName: text('client_name').notNull().default(''),
  deviceCode: text('device_code').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** One-time sign-in keys issued by an operator (pass-card-login: a one-time key in the address). */
export const passCardKeys = pgTable('pass_card_keys', {
  id: serial('id').primaryKey(),
  keyHash: text('key_hash').notNull().unique(),
  teacherId: integer('teacher_id')
    .notNull()
    .references(() => teachers.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
