// Acoustic analysis of one reading: features, the skippable forced alignment of the expected
// words, the free phone loop, and GOP per phone. Scoring (0–100) happens in scores.ts.
import { MfccExtractor } from '../frontend/mfcc';
import { IncrementalScorer } from '../decoder/incremental-scorer';
import type { AcousticModel } from '../model/acoustic-model';
import { buildAlignmentGraph, buildSkippableGraph } from '../decoder/alignment-graph';
import { decodePhoneLoop, phoneLoopUnits } from '../decoder/phone-loop';
import { segmentFrameScores } from '../decoder/segment-scores';
import type { SenoneScores } from '../decoder/senone-scores';
import { viterbi, type ViterbiResult } from '../decoder/viterbi';
import type { DecodingGraph } from '../decoder/graph';
import type { Segment } from '../decoder/history';
import { misreadProbability, MISREAD_THRESHOLD, omittedDecisions, type OmissionEvidence } from './omission-model';
import { GLOBAL_GOP_STATS, PHONE_GOP_STATS } from './phone-gop-stats';

import { PHONE_DURATION } from './phone-durations';

const gopMean = (phone: string) => (PHONE_GOP_STATS[phone] ?? GLOBAL_GOP_STATS)[0];
/** Expected length of a pronunciation in average phones (phone-durations.ts; 1 per unknown phone). */
const expectedPhones = (pron: string[]) => pron.reduce((s, p) => s + (PHONE_DURATION[p] ?? 1), 0);
/** The shortest pronunciation's expected length. */
const wordPhones = (prons: string[][]) => (prons.length ? Math.min(...prons.map(expectedPhones)) : 0);

export const FRAME_MS = 10;

export interface PhoneAlignment {
  phone: string;
  /** Frames, inclusive. */
  start: number;
  end: number;
  /** Mean per-frame (forced − phone-loop) acoustic log-likelihood. */
  gop: number;
}

export interface WordAlignment {
  skipped: boolean;
  start: number;
  end: number;
  phones: PhoneAlignment[];
  /** The calibrated decision for a word kept in (omission-model.ts): true = not read as written
   *  (another word, or too far off), false = read as written; undefined without evidence. */
  misread?: boolean;
}

export interface FillerSegment {
  phone: string;
  start: number;
  end: number;
  /** Index of the word this filler precedes (words.length = after the last word). */
  before: number;
}

export interface Analysis {
  nFrames: number;
  words: WordAlignment[];
  fillers: FillerSegment[];
  /** Whole-utterance forced and phone-loop per-frame log-likelihoods. */
  forcedFrame: Float32Array;
  loopFrame: Float32Array;
  loopPhones: Array<{ phone: string; start: number; end: number }>;
  /** Evidence behind the omission decision, per expected word (for calibration). */
  omission?: OmissionEvidence[];
}

/** Defined with the model that reads it (omission-model.ts); exported here too for the bench scripts. */
export type { OmissionEvidence } from './omission-model';

export interface AnalyseOptions {
  skipPenalty?: number;
  contextDependent?: boolean;
  mfcc?: MfccExtractor;
}

export const DEFAULT_SKIP_PENALTY = -5;
/** Decoding graphs and the senones they need, built from the text before the audio arrives. */
export interface AnalysisPlan {
  prons: string[][][];
  /** Every word may be skipped (pass B). */
  skippable: DecodingGraph;
  /** Every word forced (pass A). */
  forced: DecodingGraph;
  senones: Set<number>;
  contextDependent: boolean;
}

export function planAnalysis(model: AcousticModel, prons: string[][][], opts: AnalyseOptions = {}): AnalysisPlan {
  const cd = opts.contextDependent ?? true;
  const skipPenalty = opts.skipPenalty ?? DEFAULT_SKIP_PENALTY;
  // With triphones, the neighbours of a skipped word take their context from each other.
  const skippable = cd
    ? buildSkippableGraph(model, prons, { skipPenalty })
    : buildAlignmentGraph(model, prons, { skipPenalty, contextDependent: false });
  const forced = buildAlignmentGraph(model, prons, { contextDependent: cd });
  const senones = skippable.senones();
  for (const u of phoneLoopUnits(model).units) for (const s of u.senones) senones.add(s);
  return { prons, skippable, forced, senones, contextDependent: cd };
}

/** Batch analysis of a whole recording (the streaming path does the same in two steps). */
export function analyse(
  model: AcousticModel,
  samples: Float32Array,
  prons: string[][][],
  opts: AnalyseOptions = {},
): Analysis {
  const plan = planAnalysis(model, prons, opts);
  const scorer = new IncrementalScorer(model, opts.mfcc ?? new MfccExtractor(model.params));
  scorer.setSenones(plan.senones);
  scorer.push(samples);
  return analyseScores(model, plan, scorer.finish());
}

/** The searches (phone loop, forced and skippable alignments) and GOP on scored frames. `knownPassA`:
 *  the forced alignment already searched on these scores and plan.forced (vtln.ts mostLikelyWarp),
 *  not searched again. */
export function analyseScores(
  model: AcousticModel,
  plan: AnalysisPlan,
  scores: SenoneScores,
  knownPassA?: ViterbiResult,
): Analysis {
  const { prons } = plan;
  const T = scores.nFrames;
  const emptyWords = (): WordAlignment[] => prons.map(() => ({ skipped: true, start: 0, end: -1, phones: [] }));
  const forcedFrame = new Float32Array(T);
  const loopFrame = new Float32Array(T);
  if (T < 5) return { nFrames: T, words: emptyWords(), fillers: [], forcedFrame, loopFrame, loopPhones: [] };

  const loop = decodePhoneLoop(model, scores);
  for (const s of loop.segments) segmentFrameScores(loop.units[s.node]!, scores, s.start, s.end, loopFrame);
  const loopPhones = loop.segments.map((s) => ({ phone: loop.phones[s.node]!, start: s.start, end: s.end }));

  // Omitted words. Pass A aligns every expected word (forced); pass B lets every word be
  // skipped. The evidence of both (skipped in B, duration and GOP in A, how well each pass
  // explains the region around the word, how much speech that region holds per expected phone)
  // goes to a calibrated logistic decision (omission-model.ts): a word read differently
  // (replaced, mispronounced) should stay in, to be scored by GOP.
  const cd = plan.contextDependent;
  const { forced, skippable: graph } = plan;
  const passA = knownPassA ?? viterbi(forced, scores);
  const passB = viterbi(graph, scores);
  if (!passA || !passB) return { nFrames: T, words: emptyWords(), fillers: [], forcedFrame, loopFrame, loopPhones };
  const omission: OmissionEvidence[] = [];
  const misread = new Map<number, boolean>();
  const bFrame = new Float32Array(T);
  for (const seg of passB.segments)
    segmentFrameScores(graph.nodes[seg.node]!.unit!, scores, seg.start, seg.end, bFrame);
  const localOf = (frame: Float32Array, start: number, end: number) => {
    let d = 0;
    for (let t = start; t <= end; t++) d += frame[t]! - loopFrame[t]!;
    return d / Math.max(1, end - start + 1);
  };
  const aFrame = new Float32Array(T);
  for (const seg of passA.segments)
    segmentFrameScores(forced.nodes[seg.node]!.unit!, scores, seg.start, seg.end, aFrame);
  const gopOfSpan = (start: number, end: number) => {
    let d = 0;
    for (let t = start; t <= end; t++) d += aFrame[t]! - loopFrame[t]!;
    return d / (end - start + 1);
  };
  const omitted = omittedWords(
    forced,
    passA.segments,
    graph,
    passB.segments,
    prons,
    loopPhones,
    T,
    omission,
    gopOfSpan,
    (s0, e0) => [localOf(aFrame, s0, e0), localOf(bFrame, s0, e0)],
    (s0, e0) => [localOf(aFrame, s0, e0), localOf(bFrame, s0, e0)],
    misread,
  );
  let final = forced;
  let result = passA;
  if (omitted.size > 0) {
    // Built from the skippable graph's units: every senone it needs has been scored.
    const g2 = cd
      ? buildSkippableGraph(model, prons, { skipPenalty: 0, skipped: omitted })
      : buildAlignmentGraph(
          model,
          prons.map((p, i) => (omitted.has(i) ? [] : p)),
          { contextDependent: false },
        );
    const r2 = viterbi(g2, scores);
    if (r2) {
      final = g2;
      result = r2;
    }
  }
  const words = emptyWords();
  const fillers: FillerSegment[] = [];
  // Without omitted words the final alignment is pass A, whose frame scores are known already.
  const knownFrames = result === passA;
  if (knownFrames) forcedFrame.set(aFrame);
  for (const seg of result.segments) {
    const node = final.nodes[seg.node]!;
    if (!knownFrames) segmentFrameScores(node.unit!, scores, seg.start, seg.end, forcedFrame);
    const label = node.label;
    if (label.filler) {
      fillers.push({ phone: label.phone!, start: seg.start, end: seg.end, before: label.word ?? 0 });
      continue;
    }
    const w = words[label.word!]!;
    let diff = 0;
    for (let t = seg.start; t <= seg.end; t++) diff += forcedFrame[t]! - loopFrame[t]!;
    const n = seg.end - seg.start + 1;
    if (w.skipped) {
      w.skipped = false;
      w.start = seg.start;
    }
    w.end = seg.end;
    w.phones.push({ phone: label.phone!, start: seg.start, end: seg.end, gop: diff / n });
  }
  for (const [i, m] of misread) if (!words[i]!.skipped) words[i]!.misread = m;
  return { nFrames: T, words, fillers, forcedFrame, loopFrame, loopPhones, omission };
}

function wordSpans(graph: DecodingGraph, segments: Segment[], nWords: number): Array<{ start: number; end: number }> {
  const span = Array.from({ length: nWords }, () => ({ start: -1, end: -1 }));
  for (const seg of segments) {
    const l = graph.nodes[seg.node]!.label;
    if (l.filler || l.word === undefined) continue;
    const w = span[l.word]!;
    if (w.start < 0) w.start = seg.start;
    w.end = seg.end;
  }
  return span;
}

function omittedWords(
  forced: DecodingGraph,
  forcedSegs: Segment[],
  skippable: DecodingGraph,
  skipSegs: Segment[],
  prons: string[][][],
  loopPhones: Array<{ phone: string; start: number; end: number }>,
  T: number,
  evidence: OmissionEvidence[] = [],
  gopOfSpan: (start: number, end: number) => number = () => 0,
  localOf: (start: number, end: number) => [number, number] = () => [0, 0],
  spanGop: (start: number, end: number) => [number, number] = () => [0, 0],
  misread = new Map<number, boolean>(),
): Set<number> {
  const n = prons.length;
  const inForced = wordSpans(forced, forcedSegs, n);
  const inSkip = wordSpans(skippable, skipSegs, n);
  // Per-phone GOP in pass A, per word (for the centred word evidence).
  const phonesA: Array<Array<{ phone: string; start: number; end: number }>> = prons.map(() => []);
  for (const seg of forcedSegs) {
    const l = forced.nodes[seg.node]!.label;
    if (l.filler || l.word === undefined) continue;
    phonesA[l.word]!.push({ phone: l.phone!, start: seg.start, end: seg.end });
  }
  const fillersA: Array<{ word: number; start: number; end: number }> = [];
  for (const seg of forcedSegs) {
    const l = forced.nodes[seg.node]!.label;
    if (l.filler && l.word !== undefined) fillersA.push({ word: l.word, start: seg.start, end: seg.end });
  }
  const speech = new Uint8Array(T);
  for (const p of loopPhones) if (p.phone !== 'SIL' && !p.phone.startsWith('+')) speech.fill(1, p.start, p.end + 1);
  const out = new Set<number>();
  const nPhones = prons.map(wordPhones);
  let keptPhones = 0;
  for (let i = 0; i < n; i++) if (inSkip[i]!.start >= 0) keptPhones += nPhones[i]!;
  let speechTotal = 0;
  for (let t = 0; t < T; t++) speechTotal += speech[t]!;
  const rate = speechTotal / Math.max(1, keptPhones);
  // Centred word evidence of every word in pass A (−20 without phones), and the utterance level:
  // mean (forced − loop) per frame over the words of pass A, median word evidence.
  let uttSum = 0;
  let uttFrames = 0;
  const worstOfA: number[] = [];
  const badShareOfA: number[] = [];
  const evidenceOfA = phonesA.map((ps, i) => {
    worstOfA[i] = ps.length ? 0 : -20;
    badShareOfA[i] = ps.length ? 0 : 1;
    if (!ps.length) return -20;
    let e = 0;
    for (const p of ps) {
      const g = gopOfSpan(p.start, p.end);
      uttSum += g * (p.end - p.start + 1);
      uttFrames += p.end - p.start + 1;
      const c = g - gopMean(p.phone);
      e += Math.min(0, c);
      worstOfA[i] = Math.min(worstOfA[i]!, c);
      if (c < -3) badShareOfA[i]! += 1 / ps.length;
    }
    return e / ps.length;
  });
  const spokenEvidence = evidenceOfA.filter((_, i) => phonesA[i]!.length).sort((a, b) => a - b);
  const uttGop = uttFrames ? uttSum / uttFrames : 0;
  const uttEvidence = spokenEvidence.length ? spokenEvidence[Math.floor(spokenEvidence.length / 2)]! : 0;
  for (let i = 0; i < n; i++) {
    const skippedInB = inSkip[i]!.start < 0;
    const { start, end } = inForced[i]!;
    const phones = Math.max(0.5, nPhones[i]!);
    const frames = end - start + 1;
    let spoken = 0;
    for (let t = start; t <= end; t++) spoken += speech[t]!;
    // Speech left between the neighbours that pass B did keep.
    let prev = i - 1;
    while (prev >= 0 && inSkip[prev]!.start < 0) prev--;
    let next = i + 1;
    while (next < n && inSkip[next]!.start < 0) next++;
    const from = prev >= 0 ? inSkip[prev]!.end + 1 : 0;
    const to = next < n ? inSkip[next]!.start - 1 : T - 1;
    let gapSpeech = 0;
    for (let t = from; t <= to; t++) gapSpeech += speech[t]!;
    const skippedRun = Math.max(1, next - prev - 1);
    const r0 = prev >= 0 ? inSkip[prev]!.start : 0;
    const r1 = next < n ? inSkip[next]!.end : T - 1;
    const [localA, localB] = localOf(r0, r1);
    let regionSpeech = 0;
    for (let t = r0; t <= r1; t++) regionSpeech += speech[t]!;
    let regionPhones = 0;
    for (let k = Math.max(0, prev); k <= Math.min(n - 1, next); k++)
      if (inSkip[k]!.start >= 0) regionPhones += nPhones[k]!;
    let loopCount = 0;
    for (const p of loopPhones) {
      if (p.phone === 'SIL' || p.phone.startsWith('+')) continue;
      const mid = (p.start + p.end) / 2;
      if (mid >= r0 && mid <= r1) loopCount++;
    }
    // Neighbours' own spans: how well each pass explains them, and how much they grew in pass B.
    let nbA = 0;
    let nbB = 0;
    let nbN = 0;
    let nbFramesA = 0;
    let nbFramesB = 0;
    for (const k of [prev, next]) {
      if (k < 0 || k >= n) continue;
      const b = inSkip[k]!;
      const a = inForced[k]!;
      const [, gb] = spanGop(b.start, b.end);
      const [ga] = spanGop(a.start, a.end);
      nbB += gb;
      nbA += ga;
      nbN++;
      nbFramesB += b.end - b.start + 1;
      nbFramesA += a.end - a.start + 1;
    }
    const evidenceA = evidenceOfA[i]!;
    let fillerSpeech = 0;
    for (const f of fillersA)
      if (f.word === i || f.word === i + 1) for (let t = f.start; t <= f.end; t++) fillerSpeech += speech[t]!;
    let atMin = 0;
    let deficit = 0;
    for (const p of phonesA[i]!) {
      const f = p.end - p.start + 1;
      if (f <= 3) atMin++;
      deficit += Math.max(0, Math.log((rate * (PHONE_DURATION[p.phone] ?? 1)) / f));
    }
    evidence[i] = {
      skippedInB,
      framesPerPhone: start < 0 ? 0 : frames / phones,
      spokenShare: start < 0 ? 0 : spoken / frames,
      gapSpeech: skippedInB ? gapSpeech / skippedRun : -1,
      gopA: start < 0 ? -99 : gopOfSpan(start, end),
      localA,
      localB,
      stretch: regionSpeech / Math.max(1, regionPhones) / Math.max(1e-3, rate),
      loopPhoneRatio: loopCount / Math.max(1, regionPhones),
      rate,
      gapFrames: skippedInB ? (to - from + 1) / Math.max(1, phones) / skippedRun : -1,
      nbGopB: nbN ? nbB / nbN : 0,
      nbGopA: nbN ? nbA / nbN : 0,
      nbGrowth: (nbFramesB - nbFramesA) / Math.max(1, phones),
      evidenceA,
      bOverA: start < 0 ? 0 : spanGop(start, end)[1],
      otherVsAbsent: (r1 - r0 + 1) * (localA - localB) - (start < 0 ? 0 : frames * gopOfSpan(start, end)),
      uttGop,
      uttEvidence,
      fillerSpeechA: fillerSpeech / Math.max(1e-3, rate),
      minPhoneShare: phonesA[i]!.length ? atMin / phonesA[i]!.length : 0,
      durationDeficit: deficit,
      worstPhoneA: worstOfA[i]!,
      badPhoneShareA: badShareOfA[i]!,
      adjacentSkipped: (i > 0 && inSkip[i - 1]!.start < 0 ? 1 : 0) + (i + 1 < n && inSkip[i + 1]!.start < 0 ? 1 : 0),
    };
  }
  // Decided once every word's evidence is known: the decision weighs a word against its neighbours.
  omittedDecisions(evidence).forEach((omitted, i) => {
    if (omitted) out.add(i);
    else misread.set(i, misreadProbability(evidence[i]!) > MISREAD_THRESHOLD);
  });
  return out;
}
