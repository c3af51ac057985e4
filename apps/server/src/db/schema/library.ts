import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { teachers } from './teachers.js';

/**
 * The content library (modules/library). Headquarters material is installed from
 * modules/library/material by the installer and shared by every teacher; classroom material
 * belongs to one teacher (`teacher_id`) and only that teacher sees it.
 */
export const libraryResources = pgTable(
  'library_resources',
  {
    id: serial('id').primaryKey(),
    /** Stable key (headquarters: the material's key; classroom: generated), unique. */
    key: text('key').notNull(),
    originType: text('origin_type', { enum: ['headquarters', 'classroom'] }).notNull(),
    /** The owner of classroom material; null for headquarters material. */
    teacherId: integer('teacher_id').references(() => teachers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    grade: smallint('grade').notNull(),
    packCode: text('pack_code'),
    wordBookCode: text('word_book_code'),
    wordBookPart: integer('word_book_part'),
    itemCount: integer('item_count').notNull(),
    /** The preview data (full text and items) with storage keys where the reply has URLs. */
    content: jsonb('content').notNull(),
    /** NFKC-lowercased title and text, for keyword search (trigram index). */
    searchKey: text('search_key').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('library_resources_key').on(t.key),
    index('library_resources_type_grade_idx').on(t.type, t.grade),
    index('library_resources_teacher_idx').on(t.teacherId),
    index('library_resources_pack_idx').on(t.packCode),
    index('library_resources_search_trgm').using('gin', sql`${t.searchKey} gin_trgm_ops`),
  ],
);

export const libraryPacks = pgTable('library_packs', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  type: text('type').notNull(),
  grade: smallint('grade').notNull(),
  position: integer('position').notNull().default(0),
});

export const wordBooks = pgTable('word_books', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  grade: smallint('grade').notNull(),
  maxPart: integer('max_part').notNull(),
});

export const wordBookWords = pgTable(
  'word_book_words',
  {
    id: serial('id').primaryKey(),
    bookCode: text('book_code')
      .notNull()
      .references(() => wordBooks.code, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    position: integer('position').notNull(),
    word: text('word').notNull(),
    meaning: text('meaning').notNull(),
    ipa: text('ipa').notNull(),
    example: text('example').notNull(),
    exampleTranslation: text('example_translation').notNull(),
    picture: text('picture'),
    /** Storage key of the word's model audio. */
    audioKey: text('audio_key'),
  },
  (t) => [uniqueIndex('word_book_words_place').on(t.bookCode, t.part, t.position)],
);

/** Files behind the storage interface (model audio, pictures; later recordings). */
export const mediaFiles = pgTable('media_files', {
  /** Content address: sha256 of the bytes, hex, plus the extension. */
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  durationMs: integer('duration_ms'),
  /**
   * Who may read the file at GET /media/:key: 'public' (library audio and pictures, not personal
   * data, cached forever) or 'private' (children's recordings, a later issue: never served by
   * that route; they need an authorised route that checks the teacher, docs/library.md).
   */
  access: text('access', { enum: ['public', 'private'] })
    .notNull()
    .default('public'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the installer last installed: the hash of the material, its pictures, the speech engine
 * and the voice settings (modules/library/install.ts). An unchanged hash skips the install.
 */
export const libraryInstalls = pgTable('library_installs', {
  name: text('name').primaryKey(),
  hash: text('hash').notNull(),
  installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Human recordings that replace a headquarters resource's model audio (`npm run admin --
 * library-replace-audio`). `target` names the audio: 'item:<index>', 'wait:<index>:<n>' (a
 * dialog partner's line) or 'full_text' (an article). The installer applies them after every
 * install, so a re-install never brings the synthetic voice back.
 */
export const libraryAudioOverrides = pgTable(
  'library_audio_overrides',
  {
    resourceKey: text('resource_key').notNull(),
    target: text('target').notNull(),
    mediaKey: text('media_key')
      .notNull()
      .references(() => mediaFiles.key),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.resourceKey, t.target] })],
);
