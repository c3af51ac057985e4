// Evidence for the expert-scale score mappings (expert-coefficients.ts, fitted by
// bench/calibrate-expert.ts on the speechocean762 train split). Only computed from the analysis
// and the word decisions, never from the mapped scores themselves, so a calibration dump of
// these features gives the mapped figures for any coefficients without evaluating again.
import type { Analysis } from './align';
import { FRAME_MS } from './align';
import { misreadProbability, omissionProbability } from './omission-model';
import { centredGop, wordEvidence, type FluencyParts } from './scores';
import type { Scores, WordResult } from './types';

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
  'log lead-in seconds',
  'inter-word gaps ≥ 150 ms',
  'log mean inter-word gap',
  'std of log frames per phone over words',
  'std of word evidence',
  'share words evidence < -2',
  'low decile centred phone GOP',
  'loop speech share in the spoken span',
  'mean (forced − loop) per frame, spoken span',
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
  'mean centred GOP (unclipped)',
  'share phones < -1.5',
  'neighbours mean evidence',
  'first or last word',
  'word (forced − loop) per frame',
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
  const c: number[][] = [];
  let phoneSum = 0;
  let phoneN = 0;
  let phoneBad = 0;
  for (const w of a.words) {
    const cw = w.phones.map((p) => centredGop(p.phone, p.gop));
    c.push(cw);
    evidence.push(w.skipped || cw.length === 0 ? -10 : clip(wordEvidence(cw), -10, 0));
    worst.push(cw.length ? clip(Math.min(...cw), -15, 5) : -15);
    badShare.push(cw.length ? cw.filter((x) => x < -3).length / cw.length : 1);
    if (!w.skipped)
      for (const x of cw) {
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
  // Timing and spread: reading rhythm, pauses between words, a late start, evidence spread.
  const first = spoken.length ? a.words[spoken[0]!]!.start : 0;
  const last = spoken.length ? a.words[spoken[spoken.length - 1]!]!.end : -1;
  let gaps = 0;
  let gapFrames = 0;
  for (let k = 1; k < spoken.length; k++) {
    const g = a.words[spoken[k]!]!.start - a.words[spoken[k - 1]!]!.end - 1;
    if (g >= 15) gaps++;
    gapFrames += Math.max(0, g);
  }
  const logFpp = spoken.map((i) => {
    const w = a.words[i]!;
    return Math.log(Math.max(1, w.end - w.start + 1) / Math.max(1, w.phones.length));
  });
  const sd = (xs: number[]) => {
    if (xs.length < 2) return 0;
    const m = mean(xs);
    return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
  };
  const allC = spoken.flatMap((i) => a.words[i]!.phones.map((p) => clip(centredGop(p.phone, p.gop), -15, 5)));
  allC.sort((x, y) => x - y);
  let loopSpeech = 0;
  for (const p of a.loopPhones) {
    if (p.phone === 'SIL' || p.phone.startsWith('+')) continue;
    loopSpeech += Math.max(0, Math.min(p.end, last) - Math.max(p.start, first) + 1);
  }
  let fl = 0;
  for (let t = first; t <= last; t++) fl += a.forcedFrame[t]! - a.loopFrame[t]!;
  const span = Math.max(1, last - first + 1);
  const wordFl = (i: number) => {
    const w = a.words[i]!;
    if (w.skipped || w.end < w.start) return -10;
    let d = 0;
    for (let t = w.start; t <= w.end; t++) d += a.forcedFrame[t]! - a.loopFrame[t]!;
    return clip(d / (w.end - w.start + 1), -10, 2);
  };
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
    Math.log(0.05 + (first * FRAME_MS) / 1000),
    Math.min(8, gaps),
    Math.log(1 + (gapFrames * FRAME_MS) / Math.max(1, spoken.length - 1) / 100),
    clip(sd(logFpp), 0, 3),
    sd(spoken.map((i) => evidence[i]!)),
    spoken.length ? spoken.filter((i) => evidence[i]! < -2).length / spoken.length : 1,
    allC.length ? allC[Math.floor(allC.length / 10)]! : -15,
    spoken.length ? loopSpeech / span : 0,
    spoken.length ? clip(fl / span, -10, 2) : -10,
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
      c[i]!.length ? clip(mean(c[i]!), -15, 5) : -15,
      c[i]!.length ? c[i]!.filter((x) => x < -1.5).length / c[i]!.length : 1,
      mean([evidence[i - 1] ?? evidence[i + 1] ?? evidence[i]!, evidence[i + 1] ?? evidence[i - 1] ?? evidence[i]!]),
      i === 0 || i === n - 1 ? 1 : 0,
      wordFl(i),
    ];
  });
  return { sentence, words: wordFeats };
}

export const speechMsOf = (a: Analysis) => {
  const spoken = a.words.filter((w) => !w.skipped);
  return spoken.length ? (spoken[spoken.length - 1]!.end - spoken[0]!.start + 1) * FRAME_MS : 0;
};
