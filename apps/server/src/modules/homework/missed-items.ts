import { and, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { attemptAnswers, attempts, evaluationResults, topicProgress } from '../../db/schema/index.js';
import type { MissedItemsSource } from './plans.js';

/**
 * Missed words and sentences (docs/homework.md, "Periodic plans"), filled from the students' side: for a plan with review_missed, each child's own
 * missed words and sentences since `since`, read from the child's best attempt of each topic
 * (topic_progress.best_attempt_id): what the child still misses at their best is what to review.
 *
 * - a word whose judgement is mispronounced or omitted (a teacher's correction on the answer paper
 *   wins over the evaluator's judgement);
 * - a sentence read with a score below {@link REVIEW_SENTENCE_BELOW}.
 *
 * Words are kept once per child (case-insensitive), worst first; at most {@link REVIEW_MAX_WORDS}
 * words and {@link REVIEW_MAX_SENTENCES} sentences per child, so a review stays a short warm-up.
 */
export const REVIEW_MAX_WORDS = 10;
export const REVIEW_MAX_SENTENCES = 5;
export const REVIEW_SENTENCE_BELOW = 60;

export interface ReviewItem {
  kind: 'word' | 'sentence';
  text: string;
  /** The lowest score the child had on it (word score, or the sentence's total). */
  score: number;
  homework_id: number;
  topic_id: number;
  question_id: number;
}

const isWord = (text: string) => /[A-Za-z]/.test(text);

export const missedItemsFromAttempts: MissedItemsSource = async (db: DbOrTx, { teacherId, studentIds, since }) => {
  const found = new Map<number, unknown[]>();
  if (studentIds.length === 0) return found;
  const rows = await db
    .select({
      studentId: attempts.studentId,
      homeworkId: attempts.homeworkId,
      topicId: attempts.topicId,
      type: attempts.type,
      questionId: attemptAnswers.questionId,
      score: attemptAnswers.score,
      words: attemptAnswers.words,
      corrections: attemptAnswers.corrections,
      text: evaluationResults.text,
      category: evaluationResults.category,
    })
    .from(topicProgress)
    .innerJoin(attempts, eq(attempts.id, topicProgress.bestAttemptId))
    .innerJoin(attemptAnswers, eq(attemptAnswers.attemptId, attempts.id))
    .leftJoin(evaluationResults, eq(evaluationResults.sid, attemptAnswers.sid))
    .where(
      and(
        inArray(topicProgress.studentId, studentIds),
        eq(attempts.teacherId, teacherId),
        gte(topicProgress.lastAt, since),
        isNotNull(attemptAnswers.words),
      ),
    );

  const words = new Map<number, Map<string, ReviewItem>>();
  const sentences = new Map<number, ReviewItem[]>();
  for (const r of rows) {
    const source = { homework_id: r.homeworkId ?? 0, topic_id: r.topicId ?? 0, question_id: r.questionId };
    const corrected = new Map((r.corrections ?? []).map((c) => [c.index, c.type]));
    const mine = words.get(r.studentId) ?? new Map<string, ReviewItem>();
    words.set(r.studentId, mine);
    (r.words ?? []).forEach((w, index) => {
      const type = corrected.get(index) ?? w.type;
      if ((type !== 'mispronounced' && type !== 'omitted') || !isWord(w.word)) return;
      const key = w.word.toLowerCase().replace(/[^a-z'-]/g, '');
      if (!key) return;
      const before = mine.get(key);
      if (!before || w.score < before.score) mine.set(key, { kind: 'word', text: w.word, score: w.score, ...source });
    });
    const sentence = r.category === 'read_sentence' ? r.text : null;
    if (sentence && r.score < REVIEW_SENTENCE_BELOW) {
      const list = sentences.get(r.studentId) ?? [];
      if (!list.some((s) => s.text === sentence))
        list.push({ kind: 'sentence', text: sentence, score: r.score, ...source });
      sentences.set(r.studentId, list);
    }
  }
  for (const studentId of studentIds) {
    const review = [
      ...[...(words.get(studentId)?.values() ?? [])].sort((a, b) => a.score - b.score).slice(0, REVIEW_MAX_WORDS),
      ...(sentences.get(studentId) ?? []).sort((a, b) => a.score - b.score).slice(0, REVIEW_MAX_SENTENCES),
    ];
    if (review.length) found.set(studentId, review);
  }
  return found;
};
