import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { EvaluationResultData, EvaluationWordData } from '@ondoku/contract';
import { students } from './classes.js';
import { homework, homeworkTopics } from './homework.js';
import { libraryResources } from './library.js';
import { teachers } from './teachers.js';

/**
 * The students' side (modules/learn, docs/learn.md): children's tokens, every evaluation result
 * the socket computed (with its recording), and attempts (submissions) with their answers and
 * the per-topic aggregates that the homework list, results pages and rankings read.
 */

/** Opaque bearer tokens of children; only a SHA-256 of the token is stored. */
export const studentTokens = pgTable(
  'student_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('student_tokens_student_idx').on(t.studentId)],
);

/** One phone of one word as the evaluator judged it. */
export interface StoredPhoneJudgement {
  word: number;
  phone: string;
  score: number;
}

/**
 * One result the evaluation socket computed, keyed by its sid: who asked (a child, or a teacher
 * trying material), for which text and category, the presented result, and the recording (a
 * compressed file behind lib/storage.ts). A submission may name a child's result once
 * (`used_at`), within learnLimits.sidTtlHours; the scores of an attempt come only from here.
 */
export const evaluationResults = pgTable(
  'evaluation_results',
  {
    sid: text('sid').primaryKey(),
    studentId: integer('student_id').references(() => students.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id').references(() => teachers.id, { onDelete: 'cascade' }),
    category: text('category', { enum: ['read_word', 'read_sentence', 'read_chapter'] }).notNull(),
    /** The reference text as the start frame gave it (trimmed). */
    text: text('text').notNull(),
    totalScore: real('total_score').notNull(),
    accuracyScore: real('accuracy_score').notNull(),
    fluencyScore: real('fluency_score').notNull(),
    integrityScore: real('integrity_score').notNull(),
    result: jsonb('result').$type<EvaluationResultData>().notNull(),
    /**
     * The evaluator's phone judgements (word index, phone, score 0–100), kept on the server only
     * (docs/learning-statistics.md); null for results stored before they were kept.
     */
    phones: jsonb('phones').$type<StoredPhoneJudgement[]>(),
    /** Length of the recording. */
    durationMs: integer('duration_ms').notNull(),
    /** Storage key and type of the recording (null when it could not be kept). */
    audioKey: text('audio_key'),
    audioType: text('audio_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a submission named it (a sid is used once). */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('evaluation_results_student_idx').on(t.studentId, t.createdAt),
    // Purge of results never submitted.
    index('evaluation_results_unused_idx')
      .on(t.createdAt)
      .where(sql`used_at is null`),
  ],
);

/**
 * One submission of a topic (homework) or of a library resource (self-practice, homework_id
 * null). `teacher_id` is the child's teacher when submitted, so teacher-side reads filter by it.
 */
export const attempts = pgTable(
  'attempts',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    homeworkId: integer('homework_id').references(() => homework.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id').references(() => homeworkTopics.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id').references(() => libraryResources.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    /** 0–100: mean of the items' scores. */
    score: real('score').notNull(),
    /** Means over the spoken items (null when the topic has none). */
    accuracyScore: real('accuracy_score'),
    fluencyScore: real('fluency_score'),
    integrityScore: real('integrity_score'),
    /** Choice items: how many were right, of how many (null when the topic has none). */
    correctCount: integer('correct_count'),
    choiceCount: integer('choice_count'),
    questionCount: integer('question_count').notNull(),
    /** Total length of the recordings. */
    durationMs: integer('duration_ms').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attempts_topic_student_idx').on(t.topicId, t.studentId),
    index('attempts_homework_idx').on(t.homeworkId),
    index('attempts_student_created_idx').on(t.studentId, t.createdAt),
    index('attempts_self_practice_idx')
      .on(t.teacherId, t.createdAt)
      .where(sql`homework_id is null`),
    // One resource's self-practice of a teacher's children (study-survey resource-exercise-*, docs/self-practice.md).
    index('attempts_self_practice_resource_idx')
      .on(t.teacherId, t.resourceId, t.createdAt)
      .where(sql`homework_id is null`),
  ],
);

/** A word whose judgement a teacher corrected on an answer paper (docs/results.md, "Correcting a word"). */
export interface WordCorrection {
  index: number;
  type: 'normal' | 'mispronounced';
  teacher_id: number;
  at: string;
}

/** One answered item of an attempt (question_id = the item's index; 0 for an article read whole). */
export const attemptAnswers = pgTable(
  'attempt_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    /** Spoken items: the evaluation result it came from (used once). */
    sid: text('sid').references(() => evaluationResults.sid, { onDelete: 'set null' }),
    /** Choice items: the chosen index as given, and the server's marking. */
    answer: text('answer'),
    correct: boolean('correct'),
    score: real('score').notNull(),
    accuracyScore: real('accuracy_score'),
    fluencyScore: real('fluency_score'),
    integrityScore: real('integrity_score'),
    evaluateHtml: text('evaluate_html'),
    words: jsonb('words').$type<EvaluationWordData[]>(),
    durationMs: integer('duration_ms'),
    /** The recording (copied from the evaluation result, so answers outlive result purges). */
    audioKey: text('audio_key'),
    audioType: text('audio_type'),
    corrections: jsonb('corrections').$type<WordCorrection[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    uniqueIndex('attempt_answers_sid_key')
      .on(t.sid)
      .where(sql`sid is not null`),
  ],
);

/**
 * Per child and homework topic: submissions so far, best and last score, the best attempt —
 * kept by the submission in the same transaction, so lists, matrices and rankings never scan
 * attempts.
 */
export const topicProgress = pgTable(
  'topic_progress',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => homeworkTopics.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    homeworkId: integer('homework_id')
      .notNull()
      .references(() => homework.id, { onDelete: 'cascade' }),
    practiceCount: integer('practice_count').notNull().default(0),
    bestScore: real('best_score').notNull(),
    lastScore: real('last_score').notNull(),
    bestAttemptId: integer('best_attempt_id').references(() => attempts.id, { onDelete: 'set null' }),
    /** Total recording time over every submission (rankings). */
    durationMs: integer('duration_ms').notNull().default(0),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.topicId, t.studentId] }),
    index('topic_progress_homework_idx').on(t.homeworkId, t.studentId),
    index('topic_progress_student_idx').on(t.studentId),
  ],
);
