// Vocal tract length normalisation per reading (docs/speech-service.md, "Who reads"): the reading
// is also scored with the mel filterbank warped by each factor of a grid (frontend/mfcc.ts; one
// incremental scorer per factor, fed while the audio arrives); the scores whose forced alignment
// explains the audio best are analysed — the classic choice of the warp by likelihood. Each factor
// adds one evaluation's CPU, so it is off unless asked for (ONDOKU_SPEECH_VTLN=0.8 or
// createEvaluator's `vtln`); measurements on speechocean762: packages/speech/README.md ("Vocal
// tract length normalisation").
import type { DecodingGraph } from '../decoder/graph';
import type { SenoneScores } from '../decoder/senone-scores';
import { viterbi, viterbiSoFar, type ViterbiResult } from '../decoder/viterbi';
import { IncrementalScorer } from '../decoder/incremental-scorer';
import { MfccExtractor } from '../frontend/mfcc';
import type { AcousticModel } from '../model/acoustic-model';
import type { Analysis } from './align';

/**
 * The warp of a child's reading (Reader 'child'), fixed: chosen on speechocean762's train split
 * (children aged 6–12, every 4th reading, the expert mappings as committed): Pearson of the total
 * with the experts 0.400 unwarped, 0.418 / 0.430 / 0.427 / 0.450 / 0.452 / 0.445 at 0.96 / 0.92
 * / 0.88 / 0.84 / 0.8 / 0.76; a per-reading choice between 1 and 0.8 gave 0.461 but scores every
 * frame twice. Adults got worse under every warp, so they keep 1. packages/speech/README.md.
 */
export const CHILD_WARP = 0.8;

/**
 * The warps a student's reading may be heard through (the first: the children's, CHILD_WARP), one
 * chosen per reading (chooseWarpEarly): a child's voice mostly wants 0.8, but a teacher showing
 * the children's app with her or his own voice, or an older child with a lower voice, is failed
 * by it. Measurements: packages/speech/README.md ("Fair to every voice").
 */
export const CHILD_WARPS = [CHILD_WARP, 0.9, 1];

/** The warp grid of ONDOKU_SPEECH_CHILD_WARPS (comma-separated, the first tried first; unset: CHILD_WARPS). */
export function childWarpsFromEnv(value = process.env.ONDOKU_SPEECH_CHILD_WARPS): number[] {
  if (!value) return CHILD_WARPS;
  const grid = value.split(',').map(Number);
  if (grid.length === 0 || grid.some((a) => !(a >= 0.7 && a <= 1.3)))
    throw new Error(`ONDOKU_SPEECH_CHILD_WARPS: factors must be in 0.7–1.3: ${value}`);
  return grid;
}

/** Frames of 10 ms. */
const FRAME = 160;
/** Voiced frames (10 ms) heard under every warp before one is chosen: 2 s of voice (1.5 s chose 0.8
 *  for a low voice whose first words liked it: README, "Fair to every voice"). */
export const WARP_DECISION_VOICED_FRAMES = 200;
/** A frame is voiced when its energy is within this many dB of the loudest frame so far … */
const VOICED_BELOW_PEAK_DB = 30;
/** … and above this level (dB of full scale): room noise and digital silence are not. */
const VOICED_FLOOR_DBFS = -55;

/**
 * Counts the voiced 10-ms frames of a reading as its samples arrive, and tells the frame at which
 * WARP_DECISION_VOICED_FRAMES were reached. A function of the samples alone (not of how they were
 * cut into chunks), so that a streamed reading and the same audio evaluated at once choose alike.
 */
export class VoicedFrames {
  private acc = 0;
  private inFrame = 0;
  private frames = 0;
  private voiced = 0;
  private peak = -Infinity;
  /** The frame count at which the decision is due (undefined: not yet). */
  decisionFrame: number | undefined;

  constructor(private readonly needed = WARP_DECISION_VOICED_FRAMES) {}

  push(pcm: Int16Array | Float32Array): void {
    if (this.decisionFrame !== undefined) return;
    const scale = pcm instanceof Int16Array ? 1 / 32768 : 1;
    for (let i = 0; i < pcm.length; i++) {
      const x = pcm[i]! * scale;
      this.acc += x * x;
      if (++this.inFrame < FRAME) continue;
      const db = 10 * Math.log10(this.acc / FRAME + 1e-12);
      this.acc = 0;
      this.inFrame = 0;
      this.frames++;
      if (db > this.peak) this.peak = db;
      if (db > VOICED_FLOOR_DBFS && db > this.peak - VOICED_BELOW_PEAK_DB && ++this.voiced >= this.needed) {
        this.decisionFrame = this.frames;
        return;
      }
    }
  }
}

/**
 * The warp under which the first seconds of a reading are most likely: each candidate's scores of
 * those frames (IncrementalScorer.scoresSoFar) searched by the forced alignment of every word
 * (pass A), ending wherever the reading has got to. The index of the best; the first on a tie.
 * (The free phone loop was tried as the criterion and chose 0.8 for low adult voices: README.)
 */
export function chooseWarpEarly(forced: DecodingGraph, candidates: WarpedScores[]): number {
  let best = 0;
  let bestScore = -Infinity;
  candidates.forEach((c, i) => {
    const s = viterbiSoFar(forced, c.scores);
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  });
  return best;
}

export interface WarpedScores {
  warp: number;
  scores: SenoneScores;
}

/** The warp grid of ONDOKU_SPEECH_VTLN (factors other than 1, comma-separated; unset or "off" = none). */
export function vtlnGridFromEnv(value = process.env.ONDOKU_SPEECH_VTLN): number[] {
  if (!value || value === 'off') return [];
  const grid = value.split(',').map(Number);
  if (grid.some((a) => !(a >= 0.7 && a <= 1.3)))
    throw new Error(`ONDOKU_SPEECH_VTLN: factors must be in 0.7–1.3: ${value}`);
  return grid.filter((a) => a !== 1);
}

/** Acoustic log-likelihood of the final forced alignment over all frames (what the measurements
 *  compared; on speechocean762's children it picks the same warp as mostLikelyWarp's pass A). */
export function alignmentLogLikelihood(a: Analysis): number {
  let s = 0;
  for (let t = 0; t < a.forcedFrame.length; t++) s += a.forcedFrame[t]!;
  return s;
}

/** Of the scores of one reading under several warps (the first: warp 1), those whose forced
 *  alignment of every word (pass A) scores best; only they are analysed further. The first when
 *  no alignment is found under it (too short, no path). With several candidates, `passA` is the
 *  forced alignment searched for the ones returned, for analyseScores to use instead of searching
 *  it again. */
export function mostLikelyWarp(
  forced: DecodingGraph,
  candidates: WarpedScores[],
): WarpedScores & { passA?: ViterbiResult } {
  const first = candidates[0]!;
  if (candidates.length === 1) return first;
  const firstA = viterbi(forced, first.scores);
  if (firstA === undefined) return first;
  let best = first;
  let bestA = firstA;
  for (const c of candidates.slice(1)) {
    const a = viterbi(forced, c.scores);
    if (a !== undefined && a.score > bestA.score) {
      bestA = a;
      best = c;
    }
  }
  return { ...best, passA: bestA };
}

/**
 * The scoring of one reading under a grid of warps (the first tried first): one scorer per warp
 * while the audio arrives; once WARP_DECISION_VOICED_FRAMES voiced frames are heard (and the
 * senones are known), the warp whose forced alignment of the part heard so far is most likely is
 * kept and the other scorers stop (chooseWarpEarly). A reading too short for that keeps every
 * scorer and is decided on its whole forced alignment at finish() (mostLikelyWarp). One warp:
 * one scorer, nothing else. The choice depends on the samples alone, not on their chunks.
 */
export class WarpedScorer {
  private scorers: Array<{ warp: number; scorer: IncrementalScorer }>;
  private readonly voiced: VoicedFrames | undefined;
  private forced: DecodingGraph | undefined;

  constructor(
    private readonly model: AcousticModel,
    grid: number[],
    decisionFrames = WARP_DECISION_VOICED_FRAMES,
  ) {
    if (grid.length === 0) throw new Error('no warp');
    this.scorers = grid.map((warp) => ({
      warp,
      scorer: new IncrementalScorer(model, new MfccExtractor(model.params, warp)),
    }));
    this.voiced = grid.length > 1 ? new VoicedFrames(decisionFrames) : undefined;
  }

  /** The warps still scored (one once chosen). */
  get warps(): number[] {
    return this.scorers.map((w) => w.warp);
  }

  setSenones(senones: Iterable<number>, forced: DecodingGraph): void {
    const list = [...senones];
    for (const w of this.scorers) w.scorer.setSenones(list);
    this.forced = forced;
    this.decide();
  }

  push(pcm: Int16Array | Float32Array): void {
    for (const w of this.scorers) w.scorer.push(pcm);
    if (this.voiced && this.scorers.length > 1) {
      this.voiced.push(pcm);
      this.decide();
    }
  }

  finish(): WarpedScores & { passA?: ViterbiResult } {
    this.decide();
    return mostLikelyWarp(
      this.forced!,
      this.scorers.map((w) => ({ warp: w.warp, scores: w.scorer.finish() })),
    );
  }

  private decide(): void {
    const at = this.voiced?.decisionFrame;
    if (this.scorers.length < 2 || at === undefined || !this.forced) return;
    if (this.scorers.some((w) => w.scorer.liveFrames < at)) return;
    const best = chooseWarpEarly(
      this.forced,
      this.scorers.map((w) => ({ warp: w.warp, scores: w.scorer.scoresSoFar(at) })),
    );
    this.scorers = [this.scorers[best]!];
  }
}
