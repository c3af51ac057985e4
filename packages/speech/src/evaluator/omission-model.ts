// Is an expected word omitted, or read as another word? Two logistic regressions over the evidence
// gathered by the two alignment passes (OmissionEvidence, below), fitted by
// bench/calibrate-omission.ts on the calibration voices.
// 1. P(omitted), fitted separately for words pass B skipped and words it kept: a word read differently (replaced) tends to be skipped by pass B too, but its
//    neighbours then hold more speech than their own phones (stretch, with expected durations per
//    phone), pass A gives it a natural duration, and the phone loop hears speech between its
//    neighbours (gap).
// 2. P(misread), for words kept in: the same evidence, which includes the word's centred GOP in
//    pass A. This is the decision between mispronounced and normal (scores.ts keeps the score on
//    the matching side of 60); only a word whose GOP score is very low (scores.ts
//    ALWAYS_MISPRONOUNCED_BELOW) is mispronounced whatever the probability.
// 3. The omitted decision itself (isOmitted) on real speech: a second logistic regression, fitted by
//    bench/calibrate-omission-real.ts on the speechocean762 train split (texts with one extra word
//    the reader never said), over the logit of 1. and the same evidence. Stage 1 was fitted on
//    synthetic voices only and marks too many real words omitted (and finds too few extra words).
import { REAL_OMISSION_BIAS, REAL_OMISSION_COEF, REAL_OMISSION_THRESHOLD } from './omission-real-coefficients';
import { OMISSION_BIAS, OMISSION_COEF, MISREAD_BIAS, MISREAD_COEF, MISREAD_THRESHOLD } from './omission-coefficients';

/** What the two alignment passes (align.ts) gathered about one expected word. */
export interface OmissionEvidence {
  skippedInB: boolean;
  /** Frames per phone that pass A (all words forced) gave the word. */
  framesPerPhone: number;
  /** Share of those frames the phone loop hears as speech. */
  spokenShare: number;
  /** Phone-loop speech frames between the neighbours kept in pass B, per skipped word. */
  gapSpeech: number;
  /** Mean per-frame (forced − loop) over the word in pass A. */
  gopA: number;
  /** Mean per-frame (pass B − loop) from the kept neighbour before to the kept neighbour after
   *  (pass B's explanation of the region around a skipped word). */
  localB: number;
  /** Same region, pass A. */
  localA: number;
  /** Speech frames (phone loop) per expected phone in that region (kept neighbours only), over
   *  the same ratio for the whole reading: > 1 when the region holds more speech than its words. */
  stretch: number;
  /** Phone-loop speech phones in the region per expected phone of the kept neighbours. */
  loopPhoneRatio: number;
  /** Speech frames (phone loop) per kept expected phone over the whole reading. */
  rate: number;
  /** Frames between the kept neighbours in pass B (fillers included), per phone of the skipped run. */
  gapFrames: number;
  /** Mean per-frame (pass − loop) over the kept neighbours' own spans, in pass B and in pass A. */
  nbGopB: number;
  nbGopA: number;
  /** Kept neighbours' frames in pass B minus in pass A, per phone of the word. */
  nbGrowth: number;
  /** Centred word evidence (scores.ts wordEvidence) of the word in pass A. */
  evidenceA: number;
  /** Mean per-frame (pass B − loop) over the frames pass A gave the word: how well "word absent"
   *  explains them (an omitted word's frames belong to its neighbours; a replaced word's do not). */
  bOverA: number;
  /** Log-likelihood ratio, over the region between the kept neighbours, of "another word here"
   *  (pass A with the phone loop in place of the word) against "word absent" (pass B), in nats. */
  otherVsAbsent: number;
  /** The whole reading's mean per-frame (forced − loop) over the words of pass A, and its median
   *  word evidence: a voice or accent far from the model lowers every word, not just one. */
  uttGop: number;
  uttEvidence: number;
  /** Phone-loop speech inside the fillers (silence, noise) pass A put right before and after the
   *  word, in expected phones at the reading's rate: speech the alignment did not give to any
   *  word (a word read as another, longer word at the start or end of a reading lands there). */
  fillerSpeechA: number;
  /** Pass A: share of the word's phones at the HMM minimum (3 frames), and Σ over its phones of
   *  max(0, ln(expected frames at the reading's rate / frames)). */
  minPhoneShare: number;
  durationDeficit: number;
  /** Pass A: the word's worst centred phone GOP, and the share of its phones more than 3 nats
   *  per frame below their usual GOP (a word read as another has at least one phone far off). */
  worstPhoneA: number;
  badPhoneShareA: number;
  /** Adjacent words (before, after) that pass B skipped: 0–2. The region of a word kept next to
   *  a skipped one spans the skipped word's gap too, so its evidence looks like an omission. */
  adjacentSkipped: number;
}

const BASE_FEATURE_NAMES = [
  'skipped in B',
  'frames per phone (A)',
  'gap speech × skipped',
  'GOP (A)',
  'local A',
  'local B',
  'local B − A',
  'spoken share',
  'stretch',
  'loop phone ratio',
  'stretch × skipped',
  'relative frames per phone (A)',
  'relative gap frames × skipped',
  'relative gap speech × skipped',
  'neighbours B',
  'neighbours A',
  'neighbours B − A',
  'neighbour growth',
  'neighbour growth × skipped',
  'word evidence (A)',
  'neighbours B − A × skipped',
  'B over the word (A)',
  'B − A over the word (A)',
  'other word vs absent, per expected phone',
  'B − A summed over the word (A), per expected phone',
  'GOP (A) − reading',
  'word evidence (A) − reading median',
  'local A − reading',
  'local B − reading',
  'neighbours A − reading',
  'neighbours B − reading',
  'reading GOP',
  'filler speech next to the word (A)',
  'phones at minimum (A)',
  'duration deficit (A)',
  'worst phone (A)',
  'share of bad phones (A)',
  'adjacent words skipped in B',
  'adjacent skipped × stretch',
  'adjacent skipped × (local B − A)',
  'adjacent skipped × relative frames per phone (A)',
  'adjacent skipped × word evidence (A)',
];
/** The base features, then sign(x)·ln(1 + |x|) of each but the first: several have long tails
 *  (a word squeezed into a few frames, a region the phone loop explains far better), and the
 *  compressed copy lets a linear decision weigh the bulk and the tail differently. */
export const OMISSION_FEATURE_NAMES = [...BASE_FEATURE_NAMES, ...BASE_FEATURE_NAMES.slice(1).map((n) => `log ${n}`)];
const signedLog = (x: number) => Math.sign(x) * Math.log1p(Math.abs(x));

/** Decision threshold on the probability. */
export const OMISSION_THRESHOLD = 0.5;
export { MISREAD_THRESHOLD };

const clip = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

export function omissionFeatures(e: OmissionEvidence): number[] {
  const base = baseFeatures(e);
  return base.concat(base.slice(1).map(signedLog));
}

function baseFeatures(e: OmissionEvidence): number[] {
  const sb = e.skippedInB ? 1 : 0;
  const stretch = Math.min(3, e.stretch);
  const rate = Math.max(1e-3, e.rate);
  const nbB = Math.max(-20, e.nbGopB);
  const nbA = Math.max(-20, e.nbGopA);
  const growth = clip(e.nbGrowth / rate, -5, 5);
  return [
    sb,
    Math.min(10, e.framesPerPhone),
    sb * Math.max(0, e.gapSpeech),
    Math.max(-20, e.gopA),
    e.localA,
    e.localB,
    e.localB - e.localA,
    e.spokenShare,
    stretch,
    Math.min(3, e.loopPhoneRatio),
    sb * stretch,
    Math.min(5, e.framesPerPhone / rate),
    (sb * Math.max(0, e.gapFrames)) / rate,
    (sb * Math.max(0, e.gapSpeech)) / rate,
    nbB,
    nbA,
    nbB - nbA,
    growth,
    sb * growth,
    Math.max(-20, e.evidenceA),
    sb * (nbB - nbA),
    Math.max(-20, e.bOverA),
    Math.max(-20, e.bOverA) - Math.max(-20, e.gopA),
    clip(e.otherVsAbsent / rate, -30, 30),
    clip((e.framesPerPhone * (e.bOverA - e.gopA)) / rate, -30, 30),
    Math.max(-20, e.gopA - e.uttGop),
    Math.max(-20, e.evidenceA - e.uttEvidence),
    e.localA - e.uttGop,
    e.localB - e.uttGop,
    nbA - e.uttGop,
    nbB - e.uttGop,
    Math.max(-20, e.uttGop),
    Math.min(10, e.fillerSpeechA),
    e.minPhoneShare,
    Math.min(10, e.durationDeficit),
    Math.max(-20, e.worstPhoneA),
    e.badPhoneShareA,
    e.adjacentSkipped,
    e.adjacentSkipped * stretch,
    e.adjacentSkipped * (e.localB - e.localA),
    e.adjacentSkipped * Math.min(5, e.framesPerPhone / rate),
    e.adjacentSkipped * Math.max(-20, e.evidenceA),
  ];
}

function logistic(bias: number, coef: number[], f: number[]): number {
  let z = bias;
  for (let j = 0; j < f.length; j++) z += (coef[j] ?? 0) * f[j]!;
  return 1 / (1 + Math.exp(-z));
}

/** P(omitted): one regression for words pass B skipped, one for words it kept. */
export function omissionProbability(e: OmissionEvidence): number {
  const k = e.skippedInB ? 1 : 0;
  return logistic(OMISSION_BIAS[k]!, OMISSION_COEF[k]!, omissionFeatures(e));
}

/** P(the word was not read as written), for words not judged omitted. */
export function misreadProbability(e: OmissionEvidence): number {
  return logistic(MISREAD_BIAS, MISREAD_COEF, omissionFeatures(e));
}

/** Stage 1's logit, clipped. */
function stage1Logit(e: OmissionEvidence): number {
  const k = e.skippedInB ? 1 : 0;
  const f = omissionFeatures(e);
  let z = OMISSION_BIAS[k]!;
  for (let j = 0; j < f.length; j++) z += (OMISSION_COEF[k]![j] ?? 0) * f[j]!;
  return clip(z, -30, 30);
}
/** Stands for a neighbour or other word that is not there (text edges, one-word texts). */
const ABSENT_LOGIT = -15;

/** Features of the real-speech decision for word i of a text: stage 1's logit, its neighbours',
 *  how far it stands above them and above every other word of the text (a text read without one
 *  of its words has one word that stands out; the blame should not land on its neighbour), then
 *  omissionFeatures(). */
export const REAL_OMISSION_FEATURE_NAMES = [
  'stage 1 logit',
  'previous word, stage 1 logit',
  'next word, stage 1 logit',
  'stage 1 logit − highest neighbour',
  'stage 1 logit − highest other word',
  ...OMISSION_FEATURE_NAMES,
];
export function realOmissionFeatures(ev: OmissionEvidence[], i: number, logits = ev.map(stage1Logit)): number[] {
  const z = logits[i]!;
  const prev = i > 0 ? logits[i - 1]! : ABSENT_LOGIT;
  const next = i + 1 < logits.length ? logits[i + 1]! : ABSENT_LOGIT;
  let other = ABSENT_LOGIT;
  logits.forEach((v, j) => {
    if (j !== i) other = Math.max(other, v);
  });
  return [z, prev, next, z - Math.max(prev, next), z - other, ...omissionFeatures(ev[i]!)];
}

/** P(omitted) on real speech (stage 3) of every word of a text; stage 1's when no real-speech
 *  table is present. */
export function realOmissionProbabilities(ev: OmissionEvidence[]): number[] {
  const logits = ev.map(stage1Logit);
  return ev.map((e, i) => {
    const k = e.skippedInB ? 1 : 0;
    const coef = REAL_OMISSION_COEF[k];
    if (!coef?.length) return omissionProbability(e);
    return logistic(REAL_OMISSION_BIAS[k]!, coef, realOmissionFeatures(ev, i, logits));
  });
}

/** The omitted decision of every word of a text. */
export function omittedDecisions(ev: OmissionEvidence[]): boolean[] {
  const threshold = REAL_OMISSION_COEF.length ? REAL_OMISSION_THRESHOLD : OMISSION_THRESHOLD;
  return realOmissionProbabilities(ev).map((p) => p > threshold);
}
