// Per-frame acoustic log-likelihoods along a segmentation: each segment is re-aligned on its own
// (entering at its first frame, leaving at its last) so that the forced path and the phone-loop
// path can be compared frame by frame, without transition or insertion terms.
import type { HmmUnit } from '../model/acoustic-model';
import type { SenoneScores } from './senone-scores';

/** Scratch buffers of the thread, grown as needed (each call overwrites what it reads). */
let scratchDelta = new Float64Array(3 * 256);
let scratchBack = new Int8Array(3 * 256);

export function segmentFrameScores(
  unit: HmmUnit,
  scores: SenoneScores,
  start: number,
  end: number,
  out: Float32Array,
): void {
  const len = end - start + 1;
  const NEG = -Infinity;
  const c0 = scores.column[unit.senones[0]!]!;
  const c1 = scores.column[unit.senones[1]!]!;
  const c2 = scores.column[unit.senones[2]!]!;
  const tr = unit.trans;
  const data = scores.data;
  const nColumns = scores.nColumns;
  // delta[t][state] with backpointers, then trace back to sum emission scores only
  if (scratchDelta.length < len * 3) {
    scratchDelta = new Float64Array(Math.max(len * 3, scratchDelta.length * 2));
    scratchBack = new Int8Array(scratchDelta.length);
  }
  const delta = scratchDelta;
  const back = scratchBack;
  let row = start * nColumns;
  delta[0] = data[row + c0]!;
  delta[1] = NEG;
  delta[2] = NEG;
  for (let t = 1; t < len; t++) {
    row += nColumns;
    const p = (t - 1) * 3;
    const d0 = delta[p]!;
    const d1 = delta[p + 1]!;
    const d2 = delta[p + 2]!;
    // state 0: stay
    delta[p + 3] = d0 + tr[0]! + data[row + c0]!;
    back[p + 3] = 0;
    // state 1: stay, or from 0
    let best = d1 + tr[5]!;
    let from = 1;
    let v = d0 + tr[1]!;
    if (v > best) {
      best = v;
      from = 0;
    }
    delta[p + 4] = best + data[row + c1]!;
    back[p + 4] = from;
    // state 2: stay, or from 0, or from 1 (in that order: a tie keeps the first)
    best = d2 + tr[10]!;
    from = 2;
    v = d0 + tr[2]!;
    if (v > best) {
      best = v;
      from = 0;
    }
    v = d1 + tr[6]!;
    if (v > best) {
      best = v;
      from = 1;
    }
    delta[p + 5] = best + data[row + c2]!;
    back[p + 5] = from;
  }
  // leave from the last state if reachable, otherwise from the best one
  let s = 2;
  if (delta[(len - 1) * 3 + 2] === NEG) s = delta[(len - 1) * 3 + 1]! > delta[(len - 1) * 3]! ? 1 : 0;
  const cs = [c0, c1, c2];
  for (let t = len - 1; t >= 0; t--) {
    out[start + t] = data[(start + t) * nColumns + cs[s]!]!;
    s = back[t * 3 + s]!;
  }
}
