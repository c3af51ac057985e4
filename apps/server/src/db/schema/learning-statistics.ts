import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { students } from './classes.js';

/**
 * Learning statistics (modules/learning-statistics, docs/learning-statistics.md).
 *
 * The evaluator's phone judgements of every child's reading, summed per child, month (Japan) and
 * sound, written in the same transaction that stores the evaluation result
 * (modules/evaluation/store.ts), so the sound insights read a class's months without opening any
 * reading. A sound is an ARPAbet phone of the evaluator (R, L, TH, …) or FINAL, a consonant that
 * ends a word (where Japanese learners add a vowel). A judgement below 60 is weak.
 */
export const soundJudgements = pgTable(
  'sound_judgements',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The first day of the month in Japan. */
    month: date('month').notNull(),
    sound: text('sound').notNull(),
    judged: integer('judged').notNull().default(0),
    weak: integer('weak').notNull().default(0),
    /** Sum of the phone scores (0–100 each): mean = score_sum / judged. */
    scoreSum: integer('score_sum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.month, t.sound] })],
);
