// Per-frame acoustic log-likelihoods along a segmentation: each segment is re-aligned on its own
// (entering at its first frame, leaving at its last) so that the forced path and the phone-loop
// path can be compared frame by frame, without transition or insertion terms.
import type { HmmUnit } from '../model/acoustic-model';
import type { SenoneScores } from './senone-scores';

export function segmentFrameScores(
  unit: HmmUnit,
  scores: SenoneScores,
  start: number,
  end: number,
  out: Float32Array,
): void {
  const len = end - start + 1;
  const NEG = -Infinity;
  const c = unit.senones.map((s) => scores.column[s]!);
  const tr = unit.trans;
  // delta[t][state] with backpointers, then trace back to sum emission scores only
  const delta = new Float64Array(len * 3).fill(NEG);
  const back = new Int8Array(len * 3);
  const em = (t: number, s: number) => scores.data[(start + t) * scores.nColumns + c[s]!]!;
  delta[0] = em(0, 0);
  for (let t = 1; t < len; t++) {
    for (let s = 0; s < 3; s++) {
      let best = delta[(t - 1) * 3 + s]! + tr[s * 4 + s]!;
      let from = s;
      for (let q = 0; q < s; q++) {
        const v = delta[(t - 1) * 3 + q]! + tr[q * 4 + s]!;
        if (v > best) {
          best = v;
          from = q;
        }
      }
      delta[t * 3 + s] = best + em(t, s);
      back[t * 3 + s] = from;
    }
  }
  // leave from the last state if reachable, otherwise from the best one
  let s = 2;
  if (delta[(len - 1) * 3 + 2] === NEG) s = delta[(len - 1) * 3 + 1]! > delta[(len - 1) * 3]! ? 1 : 0;
  for (let t = len - 1; t >= 0; t--) {
    out[start + t] = em(t, s);
    s = back[t * 3 + s]!;
  }
}
