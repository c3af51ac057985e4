// Vocal tract length normalisation per reading (issue 18, item 4): the reading is also scored with
// the mel filterbank warped by each factor of a grid (frontend/mfcc.ts; one incremental scorer
// per factor, fed while the audio arrives), and the analysis whose final forced alignment explains
// the audio best is kept — the classic choice of the warp by likelihood. Each factor adds one
// evaluation's CPU, so it is off unless asked for (ONDOKU_SPEECH_VTLN=0.8 or createEvaluator's
// `vtln`); measurements on speechocean762: packages/speech/README.md ("Vocal tract length
// normalisation").
import type { Analysis } from './align';

export interface WarpedAnalysis {
  warp: number;
  analysis: Analysis;
}

/** The warp grid of ONDOKU_SPEECH_VTLN (factors other than 1, comma-separated; unset or "off" = none). */
export function vtlnGridFromEnv(value = process.env.ONDOKU_SPEECH_VTLN): number[] {
  if (!value || value === 'off') return [];
  const grid = value.split(',').map(Number);
  if (grid.some((a) => !(a >= 0.7 && a <= 1.3)))
    throw new Error(`ONDOKU_SPEECH_VTLN: factors must be in 0.7–1.3: ${value}`);
  return grid.filter((a) => a !== 1);
}

/** Acoustic log-likelihood of the final forced alignment over all frames. */
export function alignmentLogLikelihood(a: Analysis): number {
  let s = 0;
  for (let t = 0; t < a.forcedFrame.length; t++) s += a.forcedFrame[t]!;
  return s;
}

/** Of the analyses of one reading under several warps, the one whose forced alignment explains
 *  the audio best; the plain one (warp 1) when it has no alignment (too short, no path). */
export function mostLikelyWarp(plain: WarpedAnalysis, warped: WarpedAnalysis[]): WarpedAnalysis {
  const aligned = (a: Analysis) => a.words.some((w) => !w.skipped);
  if (!aligned(plain.analysis)) return plain;
  let best = plain;
  let bestLl = alignmentLogLikelihood(plain.analysis);
  for (const c of warped) {
    if (!aligned(c.analysis)) continue;
    const ll = alignmentLogLikelihood(c.analysis);
    if (ll > bestLl) {
      bestLl = ll;
      best = c;
    }
  }
  return best;
}
