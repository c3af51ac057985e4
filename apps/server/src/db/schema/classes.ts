import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RolloverReport } from '@ondoku/contract';
import { teachers } from './teachers.js';

/** The unique index behind "class name taken". */
export const CLASS_NAME_KEY = 'classes_teacher_name_key';

/** The unique index behind "class code taken" (a new code is drawn). */
export const CLASS_CODE_KEY = 'classes_code_key';

/** A teacher's class (the spec's "team"): name ≤ 20, allow_join (default 1), sort order, hidden flag. */
export const classes = pgTable(
  'classes',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 1: students may join the class by its code in the student app; 0: closed. */
    allowJoin: integer('allow_join').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    /**
     * The class code children join with (6 characters of CLASS_CODE_ALPHABET, docs/classes.md):
     * unique among live classes; renewing it makes the old one stop working.
     */
    code: text('code').notNull(),
    /**
     * Soft deletion (team/delete): the row stays so homework and results keep their class; every
     * read of the teacher's classes leaves deleted ones out. Restorable for a short window.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Last school year's class after the April roll-over: read-only and hidden from the lists. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('classes_teacher_sort_idx').on(t.teacherId, t.sortOrder),
    // A teacher's live class names are unique (classMessages.classNameTaken); db/errors.ts maps it.
    // Deleted and last year's classes do not block reusing a name.
    uniqueIndex(CLASS_NAME_KEY)
      .on(t.teacherId, t.name)
      .where(sql`${t.deletedAt} is null and ${t.archivedAt} is null`),
    uniqueIndex(CLASS_CODE_KEY)
      .on(t.code)
      .where(sql`${t.deletedAt} is null and ${t.archivedAt} is null`),
  ],
);

/** The unique index behind "login id already used". */
export const STUDENT_LOGIN_ID_KEY = 'students_login_id_key';

/**
 * A student account. It is owned by one teacher (the one who created or imported it) and may
 * belong to several of that teacher's classes. The login id (`student_id` in the API) is unique
 * across the whole service, case-insensitively.
 */
export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    loginId: text('login_id').notNull(),
    name: text('name').notNull(),
    furigana: text('furigana').notNull().default(''),
    gradeName: text('grade_name').notNull().default(''),
    /** The 組 of the school's register (JSON `class_name`), free text; not one of the teacher's classes. */
    kumi: text('class_name').notNull().default(''),
    /** Attendance number (出席番号); null when not given. */
    number: text('number'),
    passwordHash: text('password_hash').notNull(),
    /**
     * The password the teacher issued, AES-256-GCM encrypted (lib/secret-box.ts), so it can be
     * printed on login cards; cleared when the student sets a password of their own.
     */
    initialPasswordEnc: text('initial_password_enc'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * What keyword search reads: login id, name and furigana, NFKC-normalised and lower-cased
     * (full-width "ＳＡＫＵＲＡ" finds "sakura"), computed on write so a search never normalises.
     */
    searchKey: text('search_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(normalize(login_id || E'\\x1f' || name || E'\\x1f' || furigana, NFKC))`),
    /**
     * Graduated in the April roll-over: the account is closed (the student app must refuse the
     * sign-in), the results are kept; left out of every normal list, shown in the 卒業生 list.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * The version of the QR key printed on the student's login card (modules/learn: the key is an
     * HMAC of id and version, stored nowhere); raised when the teacher renews the card or resets
     * the password, so an old card stops working.
     */
    cardVersion: integer('card_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex(STUDENT_LOGIN_ID_KEY).on(sql`lower(${t.loginId})`),
    index('students_teacher_idx').on(t.teacherId),
    // The graduates only (few): class student counts leave them out by an anti-join on this small
    // index instead of reading every member's row (modules/classes/class-repository.ts).
    index('students_archived_idx')
      .on(t.id)
      .where(sql`${t.archivedAt} is not null`),
    // Keyword search ("contains") over id, name and furigana (pg_trgm, migration 0005).
    index('students_search_trgm_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
  ],
);

/** Membership of a student in a class. */
export const classStudents = pgTable(
  'class_students',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.studentId] }), index('class_students_student_idx').on(t.studentId)],
);

/**
 * The record of a committed April roll-over (docs/classes.md): the report as it was committed
 * (what moved where, graduates, classes created, archived and kept), written in the commit's
 * transaction, so the teacher can download it as an xlsx afterwards. Names are as they were then.
 */
export const yearRollovers = pgTable(
  'year_rollovers',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    report: jsonb('report').$type<Omit<RolloverReport, 'committed_at' | 'rollover_id'>>().notNull(),
    committedAt: timestamp('committed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('year_rollovers_teacher_idx').on(t.teacherId, t.committedAt)],
);
