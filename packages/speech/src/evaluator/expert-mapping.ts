// Mappings from our evidence (expert-features.ts) to the experts' scales of speechocean762:
// ridge regressions on the features and their squares, fitted on the train split only by
// bench/calibrate-expert.ts (coefficients in expert-coefficients.ts). Outputs on the experts'
// 0–10 scale (completeness 0–1), clamped.
import type { Analysis } from './align';
import { EXPERT_MODELS, type ExpertLinearModel } from './expert-coefficients';
import { expertFeatures } from './expert-features';
import { fluencyParts, MISPRONOUNCED_BELOW, summarise } from './scores';
import { TEXT_CHECK_MODEL, type TextCheckModel } from './text-check-coefficients';
import { textCheckFeatures } from './text-check';
import type { Scores, WordResult } from './types';

export type SentenceTarget = 'total' | 'accuracy' | 'fluency' | 'completeness';
export const SENTENCE_TARGETS: SentenceTarget[] = ['total', 'accuracy', 'fluency', 'completeness'];

/** Features and their squares (the models' inputs). */
export function expand(x: number[]): number[] {
  return [...x, ...x.map((v) => v * v)];
}

export function predict(m: ExpertLinearModel, x: number[]): number {
  const f = expand(x);
  let y = m.bias;
  for (let j = 0; j < f.length; j++) y += (m.coef[j] ?? 0) * f[j]!;
  return Math.max(m.min, Math.min(m.max, y));
}

export interface ExpertPrediction {
  /** P(the reading is of this text), from the wrong-text checks of the train split. */
  pRight: number;
  /** min(1, pRight / threshold): what the wrong-text check leaves of the total. */
  gate: number;
  /** Already multiplied by `gate`. */
  total: number;
  accuracy: number;
  fluency: number;
  completeness: number;
  words: number[];
}

/** The logit of the sentence-feature gate (expert-coefficients.ts `text`). */
export function gateLogit(sentence: number[]): number {
  const m = EXPERT_MODELS;
  if (!m) return 0;
  const f = expand(sentence);
  let z = m.text.bias;
  for (let j = 0; j < f.length; j++) z += (m.text.coef[j] ?? 0) * f[j]!;
  return z;
}

/** Inputs of the text check's second stage: the gate's logit (clipped), the text-check
 *  features and their squares. */
export function textCheckInputs(z: number, textCheck: number[]): number[] {
  return [Math.max(-15, Math.min(15, z)), ...expand(textCheck)];
}

/** P(right text) and the threshold of the gate that decides: the second stage (text-check.ts)
 *  when it is fitted and its features are given, else the sentence-feature gate. */
export function rightTextProbability(
  sentence: number[],
  textCheck?: number[],
  model: TextCheckModel | undefined = TEXT_CHECK_MODEL,
): { pRight: number; threshold: number } {
  const z = gateLogit(sentence);
  if (model && textCheck) {
    const x = textCheckInputs(z, textCheck);
    let z2 = model.bias;
    for (let j = 0; j < x.length; j++) z2 += (model.coef[j] ?? 0) * x[j]!;
    return { pRight: 1 / (1 + Math.exp(-z2)), threshold: model.threshold };
  }
  return { pRight: 1 / (1 + Math.exp(-z)), threshold: EXPERT_MODELS?.text.threshold ?? 0 };
}

/**
 * Texts shorter than this keep the sentence gate alone: the train split holds 10 readings of
 * fewer than 3 words in 2,500, and on a word of 3–6 phones one phone moves the text check's
 * per-phone rates by 0.2–0.3 (the library's model audio of single words, an English RP voice
 * against the American dictionary, lost 4 of 521 files ≥ 80 with it; packages/speech/README.md).
 */
export const TEXT_CHECK_MIN_WORDS = 3;

/** Undefined until the models are fitted (an empty coefficient table). */
export function expertPrediction(
  sentence: number[],
  words: number[][],
  textCheck?: number[],
  textModel: TextCheckModel | undefined = TEXT_CHECK_MODEL,
): ExpertPrediction | undefined {
  const m = EXPERT_MODELS;
  if (!m) return undefined;
  const checked = words.length >= TEXT_CHECK_MIN_WORDS ? textCheck : undefined;
  const { pRight, threshold } = rightTextProbability(sentence, checked, textModel);
  const gate = threshold > 0 ? Math.min(1, pRight / threshold) : 1;
  return {
    pRight,
    gate,
    total: predict(m.total, sentence) * gate,
    accuracy: predict(m.accuracy, sentence),
    fluency: predict(m.fluency, sentence),
    completeness: predict(m.completeness, sentence),
    words: words.map((w) => predict(m.word, w)),
  };
}

/** A word score on the expert model's scale (×10), kept on the side of 60 that the word's type
 *  says. Not applied: on the train split the shown word scores agree better with the experts as
 *  they are (omitted words must show 0, and the model's compressed scale makes those zeros
 *  outliers; bench/calibrate-expert.ts prints both). */
export function mappedWordScore(expert10: number, type: string): number {
  if (type === 'omitted' || type === 'inserted') return 0;
  const s = Math.max(0, Math.min(100, Math.round(expert10 * 10)));
  return type === 'mispronounced' ? Math.min(s, MISPRONOUNCED_BELOW - 1) : Math.max(s, MISPRONOUNCED_BELOW);
}

/** Final scores of a reading (or one sentence of a chapter): the heuristic scores of scores.ts
 *  and the evidence go through the expert mappings (total, accuracy, fluency); integrity stays
 *  the share of expected words not omitted, and the words keep their GOP scores. */
export function expertScores(a: Analysis, words: WordResult[], expectedPhones: number, checkText = true): Scores {
  const heuristic = summarise(a, words, expectedPhones);
  const f = expertFeatures(a, words, heuristic, fluencyParts(a, expectedPhones));
  const p = expertPrediction(f.sentence, f.words, checkText ? textCheckFeatures(a) : undefined);
  if (!p) return heuristic;
  const r = (x: number) => Math.max(0, Math.min(100, Math.round(x * 10)));
  return {
    total_score: r(p.total),
    accuracy_score: r(p.accuracy),
    fluency_score: r(p.fluency),
    integrity_score: heuristic.integrity_score,
  };
}

/**
 * Final scores of a whole chapter (read_chapter): the mean of its sentences' scores (each one's
 * expert mappings, weighted by its words), the total kept to what the wrong-text check of the
 * whole reading leaves of it, and integrity over the whole text. The mappings were fitted on
 * single sentences (speechocean762): applied to a chapter of 100 words at once they read the
 * pauses between sentences as hesitation (an eSpeak reading of the library's longest article:
 * fluency 56 where its sentences score 77–84 alone, total 73 where they score 89–98).
 */
export function chapterScores(
  a: Analysis,
  words: WordResult[],
  expectedPhones: number,
  sentences: ReadonlyArray<Scores & { words: readonly unknown[] }>,
): Scores {
  const heuristic = summarise(a, words, expectedPhones);
  const f = expertFeatures(a, words, heuristic, fluencyParts(a, expectedPhones));
  const p = expertPrediction(f.sentence, f.words, textCheckFeatures(a));
  const weight = sentences.reduce((n, s) => n + s.words.length, 0);
  if (!p || weight === 0) return expertScores(a, words, expectedPhones);
  const mean = (key: 'total_score' | 'accuracy_score' | 'fluency_score') =>
    sentences.reduce((n, s) => n + s[key] * s.words.length, 0) / weight;
  return {
    total_score: Math.round(mean('total_score') * p.gate),
    accuracy_score: Math.round(mean('accuracy_score')),
    fluency_score: Math.round(mean('fluency_score')),
    integrity_score: heuristic.integrity_score,
  };
}
