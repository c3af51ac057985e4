// Free phone-loop decode: any CI phone (fillers included) may follow any other, with a constant
// phone insertion penalty. Its likelihood is the "best unconstrained explanation" of the audio
// that the GOP compares the expected phones against.
import type { AcousticModel, HmmUnit } from '../model/acoustic-model';
import { backtrack, History, type Segment } from './history';
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
  const state = new Float64Array(P * 3).fill(NEG);
  const sh = new Int32Array(P * 3).fill(-1);
  const hist = new History();
  const cols = units.map((u) => u.senones.map((s) => scores.column[s]!));
  let entry = 0;
  let entryHist = -1;
  for (let t = 0; t < T; t++) {
    const row = t * scores.nColumns;
    let bestExit = NEG;
    let bestExitHist = -1;
    for (let p = 0; p < P; p++) {
      const tr = units[p]!.trans;
      const c = cols[p]!;
      const o = p * 3;
      const s0 = state[o]!;
      const s1 = state[o + 1]!;
      const s2 = state[o + 2]!;
      let v2 = s2 + tr[10]!;
      let h2 = sh[o + 2]!;
      if (s1 + tr[6]! > v2) {
        v2 = s1 + tr[6]!;
        h2 = sh[o + 1]!;
      }
      let v1 = s1 + tr[5]!;
      let h1 = sh[o + 1]!;
      if (s0 + tr[1]! > v1) {
        v1 = s0 + tr[1]!;
        h1 = sh[o]!;
      }
      let v0 = s0 + tr[0]!;
      let h0 = sh[o]!;
      if (entry > v0) {
        v0 = entry;
        h0 = hist.push(p, t, entryHist);
      }
      state[o] = v0 + scores.data[row + c[0]!]!;
      state[o + 1] = v1 + scores.data[row + c[1]!]!;
      state[o + 2] = v2 + scores.data[row + c[2]!]!;
      sh[o] = h0;
      sh[o + 1] = h1;
      sh[o + 2] = h2;
      const ex = state[o + 2]! + tr[11]!;
      if (ex > bestExit) {
        bestExit = ex;
        bestExitHist = h2;
      }
    }
    entry = bestExit + penalty;
    entryHist = bestExitHist;
  }
  return { score: entry - penalty, segments: backtrack(hist, entryHist, T), units, phones };
}
