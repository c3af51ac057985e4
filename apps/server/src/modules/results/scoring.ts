import type { AnswerWord } from '@ondoku/contract';
import type { EvaluationWordData } from '@ondoku/contract';
import type { WordCorrection } from '../../db/schema/index.js';

/**
 * The rule of a teacher's word correction (docs/results.md "Correcting a word"). Pure functions,
 * so the answer paper, the question overview and the recomputation agree.
 *
 * - The evaluator's `words` are never changed; `corrections` overlays them (one entry per
 *   corrected word index, the last one wins; a correction back to the evaluator's own judgement
 *   removes the entry).
 * - A word judged correct gets at least the evaluator's mark (60), one judged mispronounced at
 *   most 59 (packages/speech scores.ts MISPRONOUNCED_BELOW).
 * - The answer's accuracy moves by the mean change of its read words' scores (omitted and
 *   inserted words are not read words and cannot be corrected), and its score by the change of
 *   the evaluator's total formula: score = evaluator total + T(accuracy + Δ) − T(accuracy), with
 *   T(a) = 0.6·a + (0.2·fluency + 0.2·integrity)·a/100 (scores.ts TOTAL_WEIGHTS), rounded and kept
 *   in 0–100. Without corrections the score is exactly the evaluator's total again.
 */
export const MISPRONOUNCED_BELOW = 60;
export const TOTAL_WEIGHTS = { accuracy: 0.6, fluency: 0.2, integrity: 0.2 } as const;

export type CorrectableType = 'normal' | 'mispronounced';

const clamp = (x: number) => Math.max(0, Math.min(100, x));

const isRead = (w: EvaluationWordData) => w.type === 'normal' || w.type === 'mispronounced';

/** The latest correction of each word index that differs from the evaluator's judgement. */
export function effectiveCorrections(
  words: readonly EvaluationWordData[],
  corrections: readonly WordCorrection[] | null | undefined,
): Map<number, CorrectableType> {
  const out = new Map<number, CorrectableType>();
  for (const c of corrections ?? []) {
    const w = words[c.index];
    if (!w || !isRead(w)) continue;
    if (c.type === w.type) out.delete(c.index);
    else out.set(c.index, c.type);
  }
  return out;
}

/** The words as the teacher sees them: corrections applied, with the evaluator's judgement kept. */
export function correctedWords(
  words: readonly EvaluationWordData[],
  corrections: readonly WordCorrection[] | null | undefined,
): AnswerWord[] {
  const fixes = effectiveCorrections(words, corrections);
  return words.map((w, i) => {
    const type = fixes.get(i);
    if (!type) return { word: w.word, score: w.score, type: w.type, start_ms: w.start_ms, end_ms: w.end_ms };
    const score =
      type === 'normal' ? Math.max(w.score, MISPRONOUNCED_BELOW) : Math.min(w.score, MISPRONOUNCED_BELOW - 1);
    return {
      word: w.word,
      score,
      type,
      start_ms: w.start_ms,
      end_ms: w.end_ms,
      corrected_from: w.type as CorrectableType,
    };
  });
}

/** Replace the correction of one word (or drop it when it returns to the evaluator's judgement). */
export function withCorrection(
  words: readonly EvaluationWordData[],
  corrections: readonly WordCorrection[] | null | undefined,
  change: { index: number; type: CorrectableType; teacherId: number; at: Date },
): WordCorrection[] {
  const kept = (corrections ?? []).filter((c) => c.index !== change.index);
  if (words[change.index]?.type === change.type) return kept;
  return [
    ...kept,
    { index: change.index, type: change.type, teacher_id: change.teacherId, at: change.at.toISOString() },
  ];
}

/** The evaluator's total from its three parts (before rounding). */
export const totalOf = (accuracy: number, fluency: number, integrity: number) =>
  TOTAL_WEIGHTS.accuracy * accuracy +
  (TOTAL_WEIGHTS.fluency * fluency + TOTAL_WEIGHTS.integrity * integrity) * (accuracy / 100);

/** The corrected accuracy of a spoken answer (the evaluator's when nothing is corrected). */
export function correctedAccuracy(
  accuracy: number,
  words: readonly EvaluationWordData[],
  corrections: readonly WordCorrection[] | null | undefined,
): number {
  const read = words.filter(isRead).length;
  if (read === 0) return accuracy;
  const fixed = correctedWords(words, corrections);
  let delta = 0;
  words.forEach((w, i) => (delta += fixed[i]!.score - w.score));
  return clamp(accuracy + delta / read);
}

/** The corrected score of a spoken answer from the evaluator's values. */
export function correctedScore(
  evaluator: { total: number; accuracy: number; fluency: number; integrity: number },
  words: readonly EvaluationWordData[],
  corrections: readonly WordCorrection[] | null | undefined,
): number {
  if (effectiveCorrections(words, corrections).size === 0) return evaluator.total;
  const accuracy = correctedAccuracy(evaluator.accuracy, words, corrections);
  const change =
    totalOf(accuracy, evaluator.fluency, evaluator.integrity) -
    totalOf(evaluator.accuracy, evaluator.fluency, evaluator.integrity);
  return clamp(Math.round(evaluator.total + change));
}

const band = (score: number) => (score >= 80 ? 'good' : score >= 60 ? 'medium' : 'bad');

/**
 * The evaluator's markup with corrected words re-coloured: its k-th word span is the k-th word
 * that is not an inserted one (packages/speech markup.ts); the text between spans is kept as is.
 */
export function correctedHtml(html: string, words: readonly AnswerWord[]): string {
  const expected = words.filter((w) => w.type !== 'inserted');
  let k = 0;
  return html.replace(/<span class="word [^"]*" data-score="[^"]*">/g, (span) => {
    const w = expected[k++];
    if (!w || !w.corrected_from) return span;
    const cls = `word ${band(w.score)}${w.type === 'normal' ? '' : ` ${w.type}`} corrected`;
    return `<span class="${cls}" data-score="${w.score}">`;
  });
}
