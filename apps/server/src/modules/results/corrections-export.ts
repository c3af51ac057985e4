import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { attemptAnswers, attempts, evaluationResults } from '../../db/schema/index.js';

/**
 * One word of an answer a teacher reviewed (corrected at least one of its words): what the
 * evaluator said and what the teacher's judgement is. The speech package's calibration bench
 * (`npm run bench:corrections -- FILE`, packages/speech/bench/teacher-corrections.ts) reads these
 * lines. No child, class or teacher is named, and no recording leaves: children's voices and
 * names are personal data (docs/results.md).
 */
export interface CorrectionLine {
  /** The reference text the child read, and how it was evaluated. */
  text: string;
  category: string;
  word_index: number;
  word: string;
  /** The evaluator's word score (0–100) and judgement. */
  score: number;
  evaluator: 'normal' | 'mispronounced';
  /** The teacher's judgement: their correction, else the evaluator's (the teacher let it stand). */
  teacher: 'normal' | 'mispronounced';
  corrected: boolean;
  /** The day the answer was submitted (YYYY-MM-DD, UTC). */
  date: string;
}

const PAGE = 500;

type Cursor = { attemptId: number; questionId: number };

/** One page of reviewed answers after the cursor (keyset on attempt and question). */
function reviewedAnswers(db: DbOrTx, since: Date | undefined, after: Cursor | null) {
  return db
    .select({
      attemptId: attemptAnswers.attemptId,
      questionId: attemptAnswers.questionId,
      words: attemptAnswers.words,
      corrections: attemptAnswers.corrections,
      text: evaluationResults.text,
      category: evaluationResults.category,
      createdAt: attempts.createdAt,
    })
    .from(attemptAnswers)
    .innerJoin(attempts, eq(attempts.id, attemptAnswers.attemptId))
    .leftJoin(evaluationResults, eq(evaluationResults.sid, attemptAnswers.sid))
    .where(
      and(
        isNotNull(attemptAnswers.corrections),
        sql`jsonb_array_length(${attemptAnswers.corrections}) > 0`,
        since ? gte(attempts.createdAt, since) : undefined,
        after
          ? sql`(${attemptAnswers.attemptId}, ${attemptAnswers.questionId}) > (${after.attemptId}, ${after.questionId})`
          : undefined,
      ),
    )
    .orderBy(asc(attemptAnswers.attemptId), asc(attemptAnswers.questionId))
    .limit(PAGE);
}

/**
 * Every read word (normal or mispronounced; omitted and inserted words cannot be corrected) of
 * every reviewed answer, oldest first, read a page at a time.
 */
export async function* correctionLines(db: DbOrTx, opts: { since?: Date } = {}): AsyncGenerator<CorrectionLine> {
  let after: Cursor | null = null;
  for (;;) {
    const page = await reviewedAnswers(db, opts.since, after);
    for (const row of page) {
      const words = row.words ?? [];
      const byIndex = new Map((row.corrections ?? []).map((c) => [c.index, c.type]));
      const text =
        row.text ??
        words
          .filter((w) => w.type !== 'inserted')
          .map((w) => w.word)
          .join(' ');
      const date = row.createdAt.toISOString().slice(0, 10);
      for (const [i, w] of words.entries()) {
        if (w.type !== 'normal' && w.type !== 'mispronounced') continue;
        const corrected = byIndex.get(i);
        yield {
          text,
          category: row.category ?? 'read_sentence',
          word_index: i,
          word: w.word,
          score: w.score,
          evaluator: w.type,
          teacher: corrected ?? w.type,
          corrected: corrected !== undefined && corrected !== w.type,
          date,
        };
      }
    }
    if (page.length < PAGE) return;
    const last = page[page.length - 1]!;
    after = { attemptId: last.attemptId, questionId: last.questionId };
  }
}
