// From cepstra to the model's 1s_c_d_dd observation vectors: batch cepstral mean normalisation,
// then delta (c[t+2] − c[t−2]) and double delta (d[t+1] − d[t−1]) with the utterance edges
// padded by repeating the first/last frame, concatenated into one 39-dimensional vector.
import type { FrontEndParams } from '../model/feat-params';

export function normaliseCepstralMean(cep: Float32Array[], p: FrontEndParams): void {
  if (cep.length === 0 || p.cmn === 'none') return;
  const mean = new Float64Array(p.ncep);
  for (const c of cep) for (let i = 0; i < p.ncep; i++) mean[i] = mean[i]! + c[i]!;
  for (let i = 0; i < p.ncep; i++) mean[i] = mean[i]! / cep.length;
  for (const c of cep) for (let i = 0; i < p.ncep; i++) c[i] = c[i]! - mean[i]!;
}

/** One flat Float32Array of nFrames × 3·ncep values. */
export function computeDynamicFeatures(cep: Float32Array[], ncep: number): Float32Array {
  const T = cep.length;
  const dim = 3 * ncep;
  const out = new Float32Array(T * dim);
  const at = (t: number) => cep[Math.min(T - 1, Math.max(0, t))]!;
  for (let t = 0; t < T; t++) {
    const c = at(t);
    const p2 = at(t + 2);
    const m2 = at(t - 2);
    const p3 = at(t + 3);
    const p1 = at(t + 1);
    const m1 = at(t - 1);
    const m3 = at(t - 3);
    const o = t * dim;
    for (let i = 0; i < ncep; i++) {
      out[o + i] = c[i]!;
      out[o + ncep + i] = p2[i]! - m2[i]!;
      out[o + 2 * ncep + i] = p3[i]! - m1[i]! - (p1[i]! - m3[i]!);
    }
  }
  return out;
}
