// Front end entry: 16 kHz samples → 1s_c_d_dd observation vectors for the acoustic model.
import type { FrontEndParams } from '../model/feat-params';
import { computeDynamicFeatures, normaliseCepstralMean } from './features';
import { MfccExtractor } from './mfcc';

/** Dither amplitude in 16-bit steps. */
export const DITHER_LSB = 4;

export interface Features {
  /** nFrames × dim, flat. */
  data: Float32Array;
  nFrames: number;
  dim: number;
}

/** Samples in [-1, 1] at the model's rate; they are scaled to 16-bit range as the model expects. */
export function extractFeatures(samples: Float32Array, p: FrontEndParams, mfcc = new MfccExtractor(p)): Features {
  const scaled = new Float32Array(samples.length);
  // Deterministic dither of a few LSB: digital silence (zeros from a recorder's padding or from
  // synthesised audio) would otherwise give log-energy floors that no training data contains and
  // drag the cepstral mean far from speech.
  let seed = 0x2545f491;
  for (let i = 0; i < samples.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    scaled[i] = samples[i]! * 32768 + (seed / 4294967296 - 0.5) * DITHER_LSB * 2;
  }
  const cep = mfcc.compute(scaled);
  normaliseCepstralMean(cep, p);
  return { data: computeDynamicFeatures(cep, p.ncep), nFrames: cep.length, dim: 3 * p.ncep };
}

export { MfccExtractor };
