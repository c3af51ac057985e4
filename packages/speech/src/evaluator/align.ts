// Acoustic analysis of one reading: features, the skippable forced alignment of the expected
// words, the free phone loop, and GOP per phone. Scoring (0–100) happens in scores.ts.
import { extractFeatures } from '../frontend/index'
import type { MfccExtractor } from '../frontend/mfcc'
import type { AcousticModel } from '../model/acoustic-model'
import { buildAlignmentGraph } from '../decoder/alignment-graph'
import { decodePhoneLoop, phoneLoopUnits } from '../decoder/phone-loop'
import { segmentFrameScores } from '../decoder/segment-scores'
import { scoreSenones } from '../decoder/senone-scores'
import { viterbi } from '../decoder/viterbi'
import type { DecodingGraph } from '../decoder/graph'
import type { Segment } from '../decoder/history'

export const FRAME_MS = 10

export interface PhoneAlignment {
  phone: string
  /** Frames, inclusive. */
  start: number
  end: number
  /** Mean per-frame (forced − phone-loop) acoustic log-likelihood. */
  gop: number
}

export interface WordAlignment {
  skipped: boolean
  start: number
  end: number
  phones: PhoneAlignment[]
}

export interface FillerSegment {
  phone: string
  start: number
  end: number
  /** Index of the word this filler precedes (words.length = after the last word). */
  before: number
}

export interface Analysis {
  nFrames: number
  words: WordAlignment[]
  fillers: FillerSegment[]
  /** Whole-utterance forced and phone-loop per-frame log-likelihoods. */
  forcedFrame: Float32Array
  loopFrame: Float32Array
  loopPhones: Array<{ phone: string; start: number; end: number }>
}

export interface AnalyseOptions {
  skipPenalty?: number
  contextDependent?: boolean
  mfcc?: MfccExtractor
}

export const DEFAULT_SKIP_PENALTY = -15
/** Speech frames (phone loop, non-filler) in a skipped word's gap that mean it was read. */
export const SPOKEN_GAP_FRAMES = 10

export function analyse(model: AcousticModel, samples: Float32Array, prons: string[][][], opts: AnalyseOptions = {}): Analysis {
  const feats = extractFeatures(samples, model.params, opts.mfcc)
  const T = feats.nFrames
  const graph = buildAlignmentGraph(model, prons, {
    skipPenalty: opts.skipPenalty ?? DEFAULT_SKIP_PENALTY,
    contextDependent: opts.contextDependent ?? true,
  })
  const loopUnits = phoneLoopUnits(model)
  const senones = graph.senones()
  for (const u of loopUnits.units) for (const s of u.senones) senones.add(s)
  const scores = scoreSenones(model, feats, senones)
  const emptyWords = (): WordAlignment[] => prons.map(() => ({ skipped: true, start: 0, end: -1, phones: [] }))
  const forcedFrame = new Float32Array(T)
  const loopFrame = new Float32Array(T)
  if (T < 5) return { nFrames: T, words: emptyWords(), fillers: [], forcedFrame, loopFrame, loopPhones: [] }

  const loop = decodePhoneLoop(model, scores)
  for (const s of loop.segments) segmentFrameScores(loop.units[s.node]!, scores, s.start, s.end, loopFrame)
  const loopPhones = loop.segments.map((s) => ({ phone: loop.phones[s.node]!, start: s.start, end: s.end }))

  // Pass 1: every word may be skipped. A skipped word whose place holds speech was read, just
  // not as expected (mispronounced/replaced); only words with no speech left for them are
  // omitted. Pass 2 aligns again with exactly those words removed.
  const pass1 = viterbi(graph, scores)
  if (!pass1) return { nFrames: T, words: emptyWords(), fillers: [], forcedFrame, loopFrame, loopPhones }
  const omitted = omittedWords(graph, pass1.segments, prons.length, loopPhones, T)
  const graph2 = buildAlignmentGraph(model, prons.map((p, i) => (omitted.has(i) ? [] : p)), { contextDependent: opts.contextDependent ?? true })
  const result = viterbi(graph2, scores) ?? pass1
  const final = result === pass1 ? graph : graph2
  const words = emptyWords()
  const fillers: FillerSegment[] = []
  for (const seg of result.segments) {
    const node = final.nodes[seg.node]!
    segmentFrameScores(node.unit!, scores, seg.start, seg.end, forcedFrame)
    const label = node.label
    if (label.filler) {
      fillers.push({ phone: label.phone!, start: seg.start, end: seg.end, before: label.word ?? 0 })
      continue
    }
    const w = words[label.word!]!
    let diff = 0
    for (let t = seg.start; t <= seg.end; t++) diff += forcedFrame[t]! - loopFrame[t]!
    const n = seg.end - seg.start + 1
    if (w.skipped) {
      w.skipped = false
      w.start = seg.start
    }
    w.end = seg.end
    w.phones.push({ phone: label.phone!, start: seg.start, end: seg.end, gop: diff / n })
  }
  return { nFrames: T, words, fillers, forcedFrame, loopFrame, loopPhones }
}

function omittedWords(
  graph: DecodingGraph,
  segments: Segment[],
  nWords: number,
  loopPhones: Array<{ phone: string; start: number; end: number }>,
  T: number,
): Set<number> {
  const span = Array.from({ length: nWords }, () => ({ start: -1, end: -1 }))
  for (const seg of segments) {
    const l = graph.nodes[seg.node]!.label
    if (l.filler || l.word === undefined) continue
    const w = span[l.word]!
    if (w.start < 0) w.start = seg.start
    w.end = seg.end
  }
  const speech = new Uint8Array(T)
  for (const p of loopPhones) if (p.phone !== 'SIL' && !p.phone.startsWith('+')) speech.fill(1, p.start, p.end + 1)
  const out = new Set<number>()
  let i = 0
  while (i < nWords) {
    if (span[i]!.start >= 0) {
      i++
      continue
    }
    let j = i
    while (j < nWords && span[j]!.start < 0) j++
    const from = i > 0 ? span[i - 1]!.end + 1 : 0
    const to = j < nWords ? span[j]!.start - 1 : T - 1
    let n = 0
    for (let t = from; t <= to; t++) n += speech[t]!
    if (n < SPOKEN_GAP_FRAMES * (j - i)) for (let k = i; k < j; k++) out.add(k)
    i = j
  }
  return out
}
