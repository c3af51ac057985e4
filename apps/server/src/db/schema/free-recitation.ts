import { index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { libraryResources } from './library.js';
import { teachers } from './teachers.js';

/** One model audio of a draft (modules/free-recitation): synthesised or the teacher's recording. */
export interface RecitationDraftAudio {
  index: number;
  /** Storage key of the WAV. */
  key: string;
  durationMs: number;
  source: 'tts' | 'recording';
  /** The text the audio reads, as it was when made (a changed text needs new audio). */
  text: string;
  toneType: number | null;
  score: number;
  flagged: boolean;
  /** read_chapter made by text-to-speech: each sentence's span in the audio. */
  sentences?: Array<{ start_ms: number; end_ms: number }>;
}

/**
 * A recitation resource being made (docs/free-recitation.md). `guid` names it from
 * start-create-resource on and makes every later step idempotent: create-resource with a guid
 * that already made its resource answers that resource again. `resource_id` is the resource
 * it made (or, when editing, the one it replaces); `created_at` of a draft whose `consumed_at`
 * is set counts against the teacher's monthly quota.
 */
export const recitationDrafts = pgTable(
  'recitation_drafts',
  {
    guid: text('guid').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    category: text('category', { enum: ['read_chapter', 'read_sentence'] }).notNull(),
    resourceId: integer('resource_id').references(() => libraryResources.id, { onDelete: 'set null' }),
    toneType: smallint('tone_type'),
    /** The sentences (read_sentence) or the one passage (read_chapter). */
    content: jsonb('content').$type<string[]>().notNull().default([]),
    translate: jsonb('translate').$type<string[]>().notNull().default([]),
    audio: jsonb('audio').$type<RecitationDraftAudio[]>().notNull().default([]),
    title: text('title'),
    grade: smallint('grade'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When create-resource made a new resource from it (the quota counts these). */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** When create-resource saved it (new or edited). */
    savedAt: timestamp('saved_at', { withTimezone: true }),
  },
  (t) => [
    index('recitation_drafts_teacher_idx').on(t.teacherId, t.consumedAt),
    index('recitation_drafts_resource_idx').on(t.resourceId),
  ],
);

/** Creations per month an operator allows a teacher (`npm run admin -- recitation-quota`). */
export const recitationQuotas = pgTable('recitation_quotas', {
  teacherId: integer('teacher_id')
    .primaryKey()
    .references(() => teachers.id, { onDelete: 'cascade' }),
  monthlyLimit: integer('monthly_limit').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
