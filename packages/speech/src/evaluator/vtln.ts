// Vocal tract length normalisation per reading (docs/speech-service.md, "Who reads"): the reading
// is also scored with the mel filterbank warped by each factor of a grid (frontend/mfcc.ts; one
// incremental scorer per factor, fed while the audio arrives); the scores whose forced alignment
// explains the audio best are analysed — the classic choice of the warp by likelihood. Each factor
// adds one evaluation's CPU, so it is off unless asked for (ONDOKU_SPEECH_VTLN=0.8 or
// createEvaluator's `vtln`); measurements on speechocean762: packages/speech/README.md ("Vocal
// tract length normalisation").
import type { DecodingGraph } from '../decoder/graph';
import type { SenoneScores } from '../decoder/senone-scores';
import { viterbi, type ViterbiResult } from '../decoder/viterbi';
import type { Analysis } from './align';

/**
 * The warp of a child's reading (Reader 'child'), fixed: chosen on speechocean762's train split
 * (children aged 6–12, every 4th reading, the expert mappings as committed): Pearson of the total
 * with the experts 0.400 unwarped, 0.418 / 0.430 / 0.427 / 0.450 / 0.452 / 0.445 at 0.96 / 0.92
 * / 0.88 / 0.84 / 0.8 / 0.76; a per-reading choice between 1 and 0.8 gave 0.461 but scores every
 * frame twice. Adults got worse under every warp, so they keep 1. packages/speech/README.md.
 */
export const CHILD_WARP = 0.8;

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
