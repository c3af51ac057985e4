// Free phone-loop decode: any CI phone (fillers included) may follow any other, with a constant
// phone insertion penalty. Its likelihood is the "best unconstrained explanation" of the audio
// that the GOP compares the expected phones against.
import type { AcousticModel, HmmUnit } from '../model/acoustic-model';
import { backtrack, releaseHistory, takeHistory, type Segment } from './history';
import type { SenoneScores } from './senone-scores';

export const PHONE_INSERTION_PENALTY = -8;

export interface PhoneLoopResult {
  score: number;
  /** Segments with node = index into `units`. */
  segments: Segment[];
  units: HmmUnit[];
  phones: string[];
}

export function phoneLoopUnits(model: AcousticModel): { units: HmmUnit[]; phones: string[] } {
  const phones = model.mdef.ciPhones;
  return { units: phones.map((p) => model.ciUnit(p)), phones };
}

export function decodePhoneLoop(
  model: AcousticModel,
  scores: SenoneScores,
  penalty = PHONE_INSERTION_PENALTY,
): PhoneLoopResult {
  const { units, phones } = phoneLoopUnits(model);
  const P = units.length;
  const T = scores.nFrames;
  const NEG = -Infinity;
  // Flat copies: transitions as float64 (the model's float32 values, so every sum is the same),
  // each unit's three score columns.
  const trans = new Float64Array(P * 12);
  const cols = new Int32Array(P * 3);
  for (let p = 0; p < P; p++) {
    const u = units[p]!;
    for (let k = 0; k < 12; k++) trans[p * 12 + k] = u.trans[k]!;
    for (let j = 0; j < 3; j++) cols[p * 3 + j] = scores.column[u.senones[j]!]!;
  }
  const state = new Float64Array(P * 3).fill(NEG);
  const sh = new Int32Array(P * 3).fill(-1);
  const hist = takeHistory();
  let hNode = hist.node;
  let hStart = hist.start;
  let hPrev = hist.prev;
  let hSize = 0;
  const data = scores.data;
  const nColumns = scores.nColumns;
  let entry = 0;
  let entryHist = -1;
  for (let t = 0; t < T; t++) {
    const row = t * nColumns;
    let bestExit = NEG;
    let bestExitHist = -1;
    for (let p = 0; p < P; p++) {
      const tr = p * 12;
      const o = p * 3;
      const s0 = state[o]!;
      const s1 = state[o + 1]!;
      const s2 = state[o + 2]!;
      let v2 = s2 + trans[tr + 10]!;
      let h2 = sh[o + 2]!;
      const from1 = s1 + trans[tr + 6]!;
      if (from1 > v2) {
        v2 = from1;
        h2 = sh[o + 1]!;
      }
      let v1 = s1 + trans[tr + 5]!;
      let h1 = sh[o + 1]!;
      const from0 = s0 + trans[tr + 1]!;
      if (from0 > v1) {
        v1 = from0;
        h1 = sh[o]!;
      }
      let v0 = s0 + trans[tr]!;
      let h0 = sh[o]!;
      if (entry > v0) {
        v0 = entry;
        if (hSize === hNode.length) {
          hist.size = hSize;
          hist.grow();
          hNode = hist.node;
          hStart = hist.start;
          hPrev = hist.prev;
        }
        hNode[hSize] = p;
        hStart[hSize] = t;
        hPrev[hSize] = entryHist;
        h0 = hSize++;
      }
      v0 += data[row + cols[o]!]!;
      v1 += data[row + cols[o + 1]!]!;
      v2 += data[row + cols[o + 2]!]!;
      state[o] = v0;
      state[o + 1] = v1;
      state[o + 2] = v2;
      sh[o] = h0;
      sh[o + 1] = h1;
      sh[o + 2] = h2;
      const ex = v2 + trans[tr + 11]!;
      if (ex > bestExit) {
        bestExit = ex;
        bestExitHist = h2;
      }
    }
    entry = bestExit + penalty;
    entryHist = bestExitHist;
  }
  hist.size = hSize;
  const segments = backtrack(hist, entryHist, T);
  releaseHistory();
  return { score: entry - penalty, segments, units, phones };
}
