// Is an expected word omitted? A logistic regression over the evidence gathered by the two
// alignment passes (align.ts OmissionEvidence), fitted by bench/calibrate-omission.ts on the
// calibration voices. A word read differently (replaced) tends to be skipped by pass B too,
// but its neighbours then hold more speech than their own phones (stretch), pass A gives it a
// natural duration, and the phone loop hears speech between its neighbours (gap).
import type { OmissionEvidence } from './align';
import { OMISSION_BIAS, OMISSION_COEF } from './omission-coefficients';

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
];

/** Decision threshold on the probability. */
export const OMISSION_THRESHOLD = 0.5;

export function omissionFeatures(e: OmissionEvidence): number[] {
  const sb = e.skippedInB ? 1 : 0;
  const stretch = Math.min(3, e.stretch);
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
  ];
}

export function omissionProbability(e: OmissionEvidence): number {
  const f = omissionFeatures(e);
  let z = OMISSION_BIAS;
  for (let j = 0; j < f.length; j++) z += (OMISSION_COEF[j] ?? 0) * f[j]!;
  return 1 / (1 + Math.exp(-z));
}
