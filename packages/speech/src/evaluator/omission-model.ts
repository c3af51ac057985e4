// Is an expected word omitted, or read as another word? Two logistic regressions over the evidence
// gathered by the two alignment passes (align.ts OmissionEvidence), fitted by
// bench/calibrate-omission.ts on the calibration voices.
// 1. P(omitted), fitted separately for words pass B skipped and words it kept: a word read differently (replaced) tends to be skipped by pass B too, but its
//    neighbours then hold more speech than their own phones (stretch, with expected durations per
//    phone), pass A gives it a natural duration, and the phone loop hears speech between its
//    neighbours (gap).
// 2. P(replaced), for words kept in: the same evidence plus the word's centred GOP in pass A. A
//    word above the threshold is marked mispronounced even when its GOP alone would pass.
import type { OmissionEvidence } from './align';
import {
  OMISSION_BIAS,
  OMISSION_COEF,
  REPLACED_BIAS,
  REPLACED_COEF,
  REPLACED_THRESHOLD,
} from './omission-coefficients';

export const OMISSION_FEATURE_NAMES = [
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
];

/** Decision threshold on the probability. */
export const OMISSION_THRESHOLD = 0.5;
export { REPLACED_THRESHOLD };

const clip = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

export function omissionFeatures(e: OmissionEvidence): number[] {
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

/** P(the word was read as another word), for words not judged omitted. */
export function replacedProbability(e: OmissionEvidence): number {
  return logistic(REPLACED_BIAS, REPLACED_COEF, omissionFeatures(e));
}
