import { randomUUID } from 'node:crypto';
import type { EvaluationWordData } from '@ondoku/contract';
import { eq, sql } from 'drizzle-orm';
import {
  attemptAnswers,
  attempts,
  evaluationResults,
  homework,
  homeworkTopics,
  students,
  topicProgress,
} from '../db/schema/index.js';
import { recordHomeworkSubmission } from '../modules/submissions/index.js';
import type { TestApp } from './test-app.js';

/**
 * Test-only: a child's submission of a homework topic written exactly as the students' side's
 * submit-topic writes it (schema/learn.ts): the evaluation results the socket stored (used once),
 * the attempt (score = mean of the items' scores; accuracy, fluency and integrity = means over the
 * spoken items; choice counts), its answers (a spoken item's score is its result's total, a choice
 * 100 or 0), the topic_progress row (practice count, best — replaced only by a higher score —, last,
 * duration), and the recipient's submitted and done marks (modules/submissions). One transaction.
 */
type HasDb = Pick<TestApp, 'db'>;

export interface SpokenAnswer {
  question_id: number;
  total: number;
  accuracy: number;
  fluency: number;
  integrity: number;
  /** The words as the evaluator judged them; default: the text's words, all read well. */
  words?: EvaluationWordData[];
  text?: string;
  durationMs?: number;
  /** Storage key of the recording (null: none kept). */
  audioKey?: string | null;
}
export interface ChoiceAnswer {
  question_id: number;
  choice: number;
  correct: boolean;
}
export type FactoryAnswer = SpokenAnswer | ChoiceAnswer;

/** Words of a text with one score each (`type` from the score as the evaluator marks it: < 60 mispronounced). */
export function wordsOf(text: string, scores: number[] | ((i: number) => number)): EvaluationWordData[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => {
      const score = typeof scores === 'function' ? scores(i) : (scores[i] ?? 90);
      return { word, score, type: score < 60 ? 'mispronounced' : 'normal', start_ms: i * 400, end_ms: i * 400 + 350 };
    });
}

const band = (s: number) => (s >= 80 ? 'good' : s >= 60 ? 'medium' : 'bad');
/** The evaluator's markup shape (packages/speech markup.ts): one span per expected word. */
export const markupOf = (words: EvaluationWordData[]) =>
  words
    .filter((w) => w.type !== 'inserted')
    .map(
      (w) =>
        `<span class="word ${band(w.score)}${w.type === 'normal' ? '' : ` ${w.type}`}" data-score="${w.score}">${w.word}</span>`,
    )
    .join(' ');

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

export async function submitAttempt(
  t: HasDb,
  opts: { homeworkId: number; topicId: number; student: string; answers: FactoryAnswer[]; at?: Date },
) {
  const at = opts.at ?? new Date();
  return t.db.transaction(async (tx) => {
    const [studentRow] = await tx.select().from(students).where(eq(students.loginId, opts.student));
    const [hw] = await tx.select().from(homework).where(eq(homework.id, opts.homeworkId));
    const [topic] = await tx.select().from(homeworkTopics).where(eq(homeworkTopics.id, opts.topicId));
    if (!studentRow || !hw || !topic) throw new Error('submitAttempt: unknown child, homework or topic');

    const spoken = opts.answers.filter((a): a is SpokenAnswer => 'total' in a);
    const choices = opts.answers.filter((a): a is ChoiceAnswer => 'choice' in a);
    const rows = [];
    let durationMs = 0;
    for (const a of opts.answers) {
      if ('choice' in a) {
        rows.push({
          questionId: a.question_id,
          answer: String(a.choice),
          correct: a.correct,
          score: a.correct ? 100 : 0,
        });
        continue;
      }
      const text = a.text ?? 'I like apples very much';
      const words = a.words ?? wordsOf(text, () => 90);
      const sid = randomUUID();
      const html = markupOf(words);
      const duration = a.durationMs ?? 3000;
      durationMs += duration;
      const audioKey = a.audioKey === undefined ? `rec-${sid}` : a.audioKey;
      await tx.insert(evaluationResults).values({
        sid,
        studentId: studentRow.id,
        category: topic.type === 'article_reading' ? 'read_chapter' : 'read_sentence',
        text,
        totalScore: a.total,
        accuracyScore: a.accuracy,
        fluencyScore: a.fluency,
        integrityScore: a.integrity,
        result: {
          total_score: a.total,
          accuracy_score: a.accuracy,
          fluency_score: a.fluency,
          integrity_score: a.integrity,
          words,
          evaluate_html: html,
          evaluate_text: '',
        },
        durationMs: duration,
        audioKey,
        audioType: audioKey ? 'audio/ogg' : null,
        createdAt: at,
        usedAt: at,
      });
      rows.push({
        questionId: a.question_id,
        sid,
        score: a.total,
        accuracyScore: a.accuracy,
        fluencyScore: a.fluency,
        integrityScore: a.integrity,
        evaluateHtml: html,
        words,
        durationMs: duration,
        audioKey,
        audioType: audioKey ? 'audio/ogg' : null,
      });
    }
    const score = mean(rows.map((r) => r.score))!;
    const [attempt] = await tx
      .insert(attempts)
      .values({
        studentId: studentRow.id,
        teacherId: hw.teacherId,
        homeworkId: hw.id,
        topicId: topic.id,
        resourceId: topic.resourceId,
        type: topic.type,
        score,
        accuracyScore: mean(spoken.map((a) => a.accuracy)),
        fluencyScore: mean(spoken.map((a) => a.fluency)),
        integrityScore: mean(spoken.map((a) => a.integrity)),
        correctCount: choices.length ? choices.filter((c) => c.correct).length : null,
        choiceCount: choices.length ? choices.length : null,
        questionCount: opts.answers.length,
        durationMs,
        createdAt: at,
      })
      .returning();
    await tx.insert(attemptAnswers).values(rows.map((r) => ({ ...r, attemptId: attempt!.id })));
    await tx
      .insert(topicProgress)
      .values({
        topicId: topic.id,
        studentId: studentRow.id,
        homeworkId: hw.id,
        practiceCount: 1,
        bestScore: attempt!.score,
        lastScore: attempt!.score,
        bestAttemptId: attempt!.id,
        durationMs,
        firstAt: at,
        lastAt: at,
      })
      .onConflictDoUpdate({
        target: [topicProgress.topicId, topicProgress.studentId],
        set: {
          practiceCount: sql`${topicProgress.practiceCount} + 1`,
          bestAttemptId: sql`case when excluded.best_score > ${topicProgress.bestScore} then excluded.best_attempt_id else ${topicProgress.bestAttemptId} end`,
          bestScore: sql`greatest(${topicProgress.bestScore}, excluded.best_score)`,
          lastScore: sql`excluded.last_score`,
          durationMs: sql`${topicProgress.durationMs} + excluded.duration_ms`,
          lastAt: sql`excluded.last_at`,
        },
      });
    await recordHomeworkSubmission(tx, {
      homeworkId: hw.id,
      studentId: studentRow.id,
      requiredTimes: hw.requiredTimes,
      at,
    });
    return attempt!;
  });
}
