// Evidence for the expert-scale score mappings (expert-coefficients.ts, fitted by
// bench/calibrate-expert.ts on the speechocean762 train split). Only computed from the analysis
// and the word decisions, never from the mapped scores themselves, so a calibration dump of
// these features gives the mapped figures for any coefficients without evaluating again.
import type { Analysis } from './align';
import { FRAME_MS } from './align';
import { misreadProbability, omissionProbability } from './omission-model';
import { centredGop, wordEvidence } from './scores';
import type { Scores, WordResult } from './types';

/** Timing parts of fluency (scores.ts fluencyScore combines them into the heuristic score). */
export interface FluencyParts {
  /** Articulation time over the reference time for the expected phones. */
  ratio: number;
  pauseShare: number;
  longPauses: number;
  hesitations: number;
  spokenShare: number;
  /** First to last spoken frame, ms. */
  speechMs: number;
}

export const SENTENCE_FEATURE_NAMES = [
  'accuracy/100',
  'fluency/100',
  'integrity/100',
  'total/100',
  'mean word evidence',
  'worst word evidence',
  'share mispronounced',
  'share omitted',
  'mean centred phone GOP',
  'share phones < -3',
  'utterance GOP',
  'log rate ratio',
  '|log rate ratio|',
  'pause share',
  'long pauses',
  'hesitations',
  'mean misread probability',
  'max misread probability',
  'log words',
] as const;

export const WORD_FEATURE_NAMES = [
  'evidence',
  'worst centred phone',
  'share phones < -3',
  'misread probability',
  'omission probability',
  'kept',
  'mispronounced',
  'log frames per phone vs reading',
  'utterance evidence',
  'sentence mean evidence',
  'log phones',
] as const;

const clip = (x: number, lo: number, hi: number) => (Number.isFinite(x) ? Math.max(lo, Math.min(hi, x)) : lo);

export interface ExpertFeatures {
  sentence: number[];
  words: number[][];
}

export function expertFeatures(
  a: Analysis,
  words: WordResult[],
  scores: Scores,
  fluency: FluencyParts,
): ExpertFeatures {
  const n = a.words.length;
  const evidence: number[] = [];
  const worst: number[] = [];
  const badShare: number[] = [];
  let phoneSum = 0;
  let phoneN = 0;
  let phoneBad = 0;
  for (const w of a.words) {
    const c = w.phones.map((p) => centredGop(p.phone, p.gop));
    evidence.push(w.skipped || c.length === 0 ? -10 : clip(wordEvidence(c), -10, 0));
    worst.push(c.length ? clip(Math.min(...c), -15, 5) : -15);
    badShare.push(c.length ? c.filter((x) => x < -3).length / c.length : 1);
    if (!w.skipped)
      for (const x of c) {
        phoneSum += clip(x, -15, 5);
        phoneN++;
        if (x < -3) phoneBad++;
      }
  }
  const spoken = a.words.map((w, i) => i).filter((i) => !a.words[i]!.skipped);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
  const ev = a.omission ?? [];
  const misread = ev.map((e) => misreadProbability(e));
  const omitted = ev.map((e) => omissionProbability(e));
  const sentMeanEvidence = spoken.length ? mean(spoken.map((i) => evidence[i]!)) : -10;
  const logRatio = Math.log(clip(fluency.ratio, 0.1, 10));
  const sentence = [
    scores.accuracy_score / 100,
    scores.fluency_score / 100,
    scores.integrity_score / 100,
    scores.total_score / 100,
    sentMeanEvidence,
    spoken.length ? Math.min(...spoken.map((i) => evidence[i]!)) : -10,
    words.filter((w) => w.type === 'mispronounced').length / Math.max(1, n),
    words.filter((w) => w.type === 'omitted').length / Math.max(1, n),
    phoneN ? phoneSum / phoneN : -15,
    phoneN ? phoneBad / phoneN : 1,
    clip(ev[0]?.uttGop ?? -10, -10, 2),
    logRatio,
    Math.abs(logRatio),
    clip(fluency.pauseShare, 0, 1),
    Math.min(5, fluency.longPauses),
    Math.min(5, fluency.hesitations),
    misread.length ? mean(misread) : 1,
    misread.length ? Math.max(...misread) : 1,
    Math.log(Math.max(1, n)),
  ];
  const wordFeats = a.words.map((w, i) => {
    const e = ev[i];
    const fpp = e ? e.framesPerPhone / Math.max(1e-3, e.rate) : 1;
    return [
      evidence[i]!,
      worst[i]!,
      badShare[i]!,
      misread[i] ?? 0.5,
      omitted[i] ?? (w.skipped ? 1 : 0),
      w.skipped ? 0 : 1,
      words[i]?.type === 'mispronounced' ? 1 : 0,
      Math.log(clip(fpp, 0.05, 20)),
      clip(e?.uttEvidence ?? -10, -10, 0),
      sentMeanEvidence,
      Math.log(Math.max(1, w.phones.length)),
    ];
  });
  return { sentence, words: wordFeats };
}

export const speechMsOf = (a: Analysis) => {
  const spoken = a.words.filter((w) => !w.skipped);
  return spoken.length ? (spoken[spoken.length - 1]!.end - spoken[0]!.start + 1) * FRAME_MS : 0;
};
