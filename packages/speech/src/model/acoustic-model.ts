// The acoustic model as the decoder uses it: phone set, HMM units (senone triple + transition
// matrix) for CI phones and triphones, and precomputed Gaussian constants for fast scoring.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { parseFeatParams, type FrontEndParams } from './feat-params';
import { readGaussianParams } from './gauden';
import { readModelDefinition, type ModelDefinition, type WordPosition } from './mdef';
import { readSendump, SENDUMP_LOG_SCALE } from './sendump';
import { readTransitionMatrices } from './transitions';

export interface HmmUnit {
  /** Senone id of each emitting state. */
  senones: [number, number, number];
  /** Log transition probabilities, 3 rows × 4 columns (column 3 = exit). */
  trans: Float32Array;
  /** CI phone this unit models. */
  base: number;
}

export interface AcousticModel {
  params: FrontEndParams;
  mdef: ModelDefinition;
  nStreams: number;
  density: number;
  streamLengths: number[];
  streamOffsets: number[];
  /** [codebook][stream]: means, flattened density × len. */
  means: Float32Array[][];
  /** [codebook][stream]: 1 / (2·variance), same layout. */
  precisions: Float32Array[][];
  /** [codebook][stream]: per-Gaussian constant −½·Σ log(2π·variance). */
  logNorm: Float32Array[][];
  /** ln mixture weight [senone][stream][codeword]. */
  /** Quantised mixture weights [senone][stream][codeword] (2 MB instead of 8 as floats). */
  weightQ: Uint8Array;
  /** ln w and w of each quantised value. */
  qLog: Float64Array;
  qLin: Float64Array;
  tmat: Float32Array[];
  ciUnit(phone: string): HmmUnit;
  unit(base: string, left: string, right: string, wpos: WordPosition): HmmUnit;
  /** Filler phones of the noise dictionary (SIL, +NSN+, +SPN+). */
  fillers: string[];
}

/** Where the model files live: ONDOKU_SPEECH_MODEL_DIR, else the package's model/ folder. */
export function defaultModelDir(): string {
  const env = process.env.ONDOKU_SPEECH_MODEL_DIR;
  if (env) return env;
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../model');
}

const VARIANCE_FLOOR = 1e-4;

export function loadAcousticModel(dir = defaultModelDir()): AcousticModel {
  const read = (f: string) => new Uint8Array(readFileSync(path.join(dir, f)));
  const params = parseFeatParams(readFileSync(path.join(dir, 'feat.params'), 'utf8'));
  const mdef = readModelDefinition(read('mdef'));
  const meansRaw = readGaussianParams(read('means'), 'means');
  const varsRaw = readGaussianParams(read('variances'), 'variances');
  const nStreams = meansRaw.nStreams;
  const weights = readSendump(read('sendump'), nStreams);
  if (weights.nSenones !== mdef.nSenones) throw new Error('sendump and mdef disagree on senone count');
  const qLog = new Float64Array(256);
  const qLin = new Float64Array(256);
  for (let q = 0; q < 256; q++) {
    qLog[q] = -q * SENDUMP_LOG_SCALE;
    qLin[q] = Math.exp(qLog[q]!);
  }
  const tm = readTransitionMatrices(read('transition_matrices'), 'transition_matrices');
  if (tm.nEmit !== 3 || mdef.nEmit !== 3) throw new Error('only 3-state HMMs are supported');
  const precisions: Float32Array[][] = [];
  const logNorm: Float32Array[][] = [];
  for (let g = 0; g < meansRaw.nCodebooks; g++) {
    const pr: Float32Array[] = [];
    const ln: Float32Array[] = [];
    for (let s = 0; s < nStreams; s++) {
      const len = meansRaw.streamLengths[s]!;
      const v = varsRaw.values[g]![s]!;
      const p = new Float32Array(v.length);
      const k = new Float32Array(meansRaw.density);
      for (let d = 0; d < meansRaw.density; d++) {
        let sum = 0;
        for (let i = 0; i < len; i++) {
          const vv = Math.max(VARIANCE_FLOOR, v[d * len + i]!);
          p[d * len + i] = 1 / (2 * vv);
          sum += Math.log(2 * Math.PI * vv);
        }
        k[d] = -0.5 * sum;
      }
      pr.push(p);
      ln.push(k);
    }
    precisions.push(pr);
    logNorm.push(ln);
  }
  const streamOffsets: number[] = [];
  let off = 0;
  for (const l of meansRaw.streamLengths) {
    streamOffsets.push(off);
    off += l;
  }
  const noisedict = readFileSync(path.join(dir, 'noisedict'), 'utf8');
  const fillers = [
    ...new Set(
      noisedict
        .split('\n')
        .map((l) => l.trim().split(/\s+/)[1])
        .filter((x): x is string => !!x),
    ),
  ];

  const unitOfPhone = (p: number, base: number): HmmUnit => {
    const o = mdef.phoneSsid[p]! * 3;
    return {
      senones: [mdef.sseq[o]!, mdef.sseq[o + 1]!, mdef.sseq[o + 2]!],
      trans: tm.logProb[mdef.phoneTmat[p]!]!,
      base,
    };
  };
  const ciUnit = (phone: string): HmmUnit => {
    const id = mdef.ciIndex.get(phone);
    if (id === undefined) throw new Error(`Unknown phone ${phone}`);
    return unitOfPhone(id, id);
  };
  // Triphones missing for the exact word position fall back to other positions, then to the CI phone.
  const fallbackOrder: Record<WordPosition, WordPosition[]> = {
    i: ['i', 'b', 'e', 's'],
    b: ['b', 'i', 's', 'e'],
    e: ['e', 'i', 's', 'b'],
    s: ['s', 'b', 'e', 'i'],
  };
  const unit = (base: string, left: string, right: string, wpos: WordPosition): HmmUnit => {
    const baseId = mdef.ciIndex.get(base);
    if (baseId === undefined) throw new Error(`Unknown phone ${base}`);
    const leftId = mdef.ciIndex.get(left);
    const rightId = mdef.ciIndex.get(right);
    if (!fillers.includes(base) && leftId !== undefined && rightId !== undefined) {
      for (const w of fallbackOrder[wpos]) {
        const p = mdef.triphone(baseId, leftId, rightId, w);
        if (p !== undefined) return unitOfPhone(p, baseId);
      }
    }
    return unitOfPhone(baseId, baseId);
  };
  return {
    params,
    mdef,
    nStreams,
    density: meansRaw.density,
    streamLengths: meansRaw.streamLengths,
    streamOffsets,
    means: meansRaw.values,
    precisions,
    logNorm,
    weightQ: weights.weightQ,
    qLog,
    qLin,
    tmat: tm.logProb,
    ciUnit,
    unit,
    fillers,
  };
}
