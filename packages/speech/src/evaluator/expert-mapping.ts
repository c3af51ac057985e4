// Mappings from our evidence (expert-features.ts) to the experts' scales of speechocean762:
// ridge regressions on the features and their squares, fitted on the train split only by
// bench/calibrate-expert.ts (coefficients in expert-coefficients.ts). Outputs on the experts'
// 0–10 scale (completeness 0–1), clamped.
import type { Analysis } from './align';
import { EXPERT_MODELS, type ExpertLinearModel } from './expert-coefficients';
import { SHORT_TEXT_MODEL } from './short-text-coefficients';
import { expertFeatures, WORD_FEATURE_NAMES, type ShortTextEvidence } from './expert-features';
import { fluencyParts, MISPRONOUNCED_BELOW, summarise } from './scores';
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
  /** P(the reading is of this text): from the wrong-text checks of the train split (sentence
   *  models), or the phone-weighted P(read as written) of the words (short texts). */
  pRight: number;
  /** Sentence models: already multiplied by min(1, pRight / threshold); short texts: 10 × min(1, pRight / SHORT_TEXT_THRESHOLD). */
  total: number;
  accuracy: number;
  fluency: number;
  completeness: number;
  words: number[];
}

/**
 * Texts shorter than this many words are outside the sentence models' range: speechocean762's
 * train split has 10 such readings of 2,500, and the sentence features that carry the text check
 * (utterance GOP, the spread and worst of the word evidence, the rate) all come from one or two
 * words there. Such readings (a word-book item, "thank you") are scored by the short-text model.
 */
export const SHORT_TEXT_MIN_WORDS = 3;

/** Word features (expert-features.ts WORD_FEATURE_NAMES) the short-text model reads: the
 *  word's own acoustic evidence only, none relative to other words of the reading. */
/** A short text's total and accuracy: 100 × min(1, P / this), P = the phone-weighted probability
 *  that its words were read as written. 0.5 (the model's balanced decision point): a reading more
 *  likely of this text than of another scores 100, and the score falls with P below that. */
export const SHORT_TEXT_THRESHOLD = 0.5;

const SHORT_TEXT_WORD_FEATURES = [0, 1, 2, 11, 12, 15] as const;
const KEPT = 5;
const LOG_PHONES = 10;
export const SHORT_TEXT_FEATURE_NAMES = [
  ...SHORT_TEXT_WORD_FEATURES.map((j) => WORD_FEATURE_NAMES[j]),
  'speech outside the words (share)',
  'phones at 3 frames (share)',
  'phone loop agreement',
];

export function shortTextFeatures(word: number[], i: number, short: ShortTextEvidence): number[] {
  return [...SHORT_TEXT_WORD_FEATURES.map((j) => word[j]!), short.outsideSpeech, ...(short.words[i] ?? [1, 0])];
}

/** P(the word was read as written) from its own evidence (short-text-coefficients.ts, fitted on
 *  single words of the calibration voices by bench/calibrate-short-text.ts); 0 for an omitted word. */
export function shortTextWordProbability(word: number[], i: number, short: ShortTextEvidence): number {
  const m = SHORT_TEXT_MODEL;
  if (!m || word[KEPT] === 0) return 0;
  const x = shortTextFeatures(word, i, short);
  let z = m.bias;
  for (let j = 0; j < x.length; j++) z += (m.coef[j] ?? 0) * x[j]!;
  return 1 / (1 + Math.exp(-z));
}

/** Undefined until the models are fitted (an empty coefficient table). Texts of fewer than
 *  SHORT_TEXT_MIN_WORDS words go to the short-text model, longer ones to the sentence models. */
export function expertPrediction(
  sentence: number[],
  words: number[][],
  short?: ShortTextEvidence,
): ExpertPrediction | undefined {
  const p = sentencePrediction(sentence, words);
  // Without the short-text evidence (calibration dumps written before it), the sentence models.
  if (!p || !short || words.length === 0 || words.length >= SHORT_TEXT_MIN_WORDS || !SHORT_TEXT_MODEL) return p;
  // Short texts: total and accuracy are the phone-weighted share of the text read as written,
  // each word judged on its own evidence (the sentence models and their gate do not apply).
  let num = 0;
  let den = 0;
  for (const [i, w] of words.entries()) {
    const n = Math.exp(w[LOG_PHONES] ?? 0);
    num += n * shortTextWordProbability(w, i, short);
    den += n;
  }
  const pRight = den > 0 ? num / den : 0;
  const score = 10 * Math.min(1, pRight / SHORT_TEXT_THRESHOLD);
  return { ...p, pRight, total: score, accuracy: score };
}

/** The sentence models (fitted on readings of 3 words or more) and their wrong-text gate. */
export function sentencePrediction(sentence: number[], words: number[][]): ExpertPrediction | undefined {
  const m = EXPERT_MODELS;
  if (!m) return undefined;
  const f = expand(sentence);
  let z = m.text.bias;
  for (let j = 0; j < f.length; j++) z += (m.text.coef[j] ?? 0) * f[j]!;
  const pRight = 1 / (1 + Math.exp(-z));
  const gate = m.text.threshold > 0 ? Math.min(1, pRight / m.text.threshold) : 1;
  return {
    pRight,
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
export function expertScores(a: Analysis, words: WordResult[], expectedPhones: number): Scores {
  const heuristic = summarise(a, words, expectedPhones);
  const f = expertFeatures(a, words, heuristic, fluencyParts(a, expectedPhones));
  const p = expertPrediction(f.sentence, f.words, f.short);
  if (!p) return heuristic;
  const r = (x: number) => Math.max(0, Math.min(100, Math.round(x * 10)));
  return {
    total_score: r(p.total),
    accuracy_score: r(p.accuracy),
    fluency_score: r(p.fluency),
    integrity_score: heuristic.integrity_score,
  };
}
