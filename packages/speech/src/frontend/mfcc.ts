// MFCC front end following the model's feat.params, as the Sphinx front end is documented:
// continuous pre-emphasis, Hamming window of wlen seconds every 1/frate seconds, |FFT|² on nfft
// points, triangular mel filters (edges rounded to FFT bins, unit area), natural log, DCT
// ("dct" = orthonormal DCT-II), sinusoidal liftering. Optionally the filterbank is warped for
// vocal tract length normalisation (warpFrequency below).
import type { FrontEndParams } from '../model/feat-params';
import { FFT } from './fft';

const mel = (f: number) => 2595 * Math.log10(1 + f / 700);
const melInv = (m: number) => 700 * (10 ** (m / 2595) - 1);

interface Filter {
  first: number;
  weights: Float64Array;
}

export class MfccExtractor {
  readonly frameShift: number;
  readonly frameLength: number;
  private readonly window: Float64Array;
  private readonly fft: FFT;
  private readonly filters: Filter[];
  private readonly dct: Float64Array;
  private readonly lifter: Float64Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly melEnergy: Float64Array;

  /** warp: the VTLN factor α (1 = none); a filter meant for frequency ν listens at ν/α, so α < 1
   *  suits shorter vocal tracts (children), α > 1 longer ones. */
  constructor(
    readonly p: FrontEndParams,
    readonly warp = 1,
  ) {
    this.frameShift = Math.round(p.sampleRate / p.frameRate);
    this.frameLength = Math.round(p.windowSeconds * p.sampleRate);
    const N = this.frameLength;
    this.window = new Float64Array(N);
    for (let i = 0; i < N; i++) this.window[i] = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (N - 1));
    this.fft = new FFT(p.nfft);
    this.re = new Float64Array(p.nfft);
    this.im = new Float64Array(p.nfft);
    this.filters = buildMelFilters(p, warp);
    this.melEnergy = new Float64Array(p.nfilt);
    this.dct = buildDct(p);
    this.lifter = new Float64Array(p.ncep);
    for (let i = 0; i < p.ncep; i++) {
      this.lifter[i] = p.lifter > 0 ? 1 + (p.lifter / 2) * Math.sin((Math.PI * i) / p.lifter) : 1;
    }
  }

  /** Number of frames for n samples: like the Sphinx front end, a trailing partial window is
   *  analysed zero-padded. */
  frameCount(n: number): number {
    return n < this.frameLength ? 0 : Math.ceil((n - this.frameLength) / this.frameShift) + 1;
  }

  /** Cepstra for samples scaled like 16-bit PCM (±32768): ncep values per frame. */
  compute(samples: Float32Array): Float32Array[] {
    const { p } = this;
    const pre = new Float64Array(samples.length);
    let prev = 0;
    for (let i = 0; i < samples.length; i++) {
      const x = samples[i]!;
      pre[i] = x - p.preemphasis * prev;
      prev = x;
    }
    const nFrames = this.frameCount(samples.length);
    const out: Float32Array[] = [];
    for (let t = 0; t < nFrames; t++) {
      const cep = new Float32Array(p.ncep);
      this.frame(pre, t * this.frameShift, pre.length, cep);
      out.push(cep);
    }
    return out;
  }

  /** One frame of cepstra from pre-emphasised samples pre[start …] (zero past `end`). */
  frame(pre: Float64Array, start: number, end: number, cep: Float32Array): void {
    const { p } = this;
    const half = p.nfft / 2;
    this.re.fill(0);
    this.im.fill(0);
    const n = Math.min(this.frameLength, end - start);
    for (let i = 0; i < n; i++) this.re[i] = pre[start + i]! * this.window[i]!;
    this.fft.transform(this.re, this.im);
    // Power spectrum reuses re[] for bins 0..nfft/2.
    for (let k = 0; k <= half; k++) this.re[k] = this.re[k]! * this.re[k]! + this.im[k]! * this.im[k]!;
    for (let f = 0; f < p.nfilt; f++) {
      const flt = this.filters[f]!;
      let e = 0;
      for (let k = 0; k < flt.weights.length; k++) e += flt.weights[k]! * this.re[flt.first + k]!;
      // Floor avoids log(0) on digital silence.
      this.melEnergy[f] = Math.log(Math.max(e, 1e-5));
    }
    for (let i = 0; i < p.ncep; i++) {
      let s = 0;
      for (let f = 0; f < p.nfilt; f++) s += this.dct[i * p.nfilt + f]! * this.melEnergy[f]!;
      cep[i] = s * this.lifter[i]!;
    }
  }
}

/** Lower and upper warp cut-offs (Hz, for α = 1): between them the warp is the plain scaling
 *  ν/α; outside, straight lines keep the filterbank's own edges (lowerf, upperf) where they are,
 *  so no filter leaves the band (the piecewise-linear warp of Kaldi's VtlnWarpFreq). */
export const WARP_LOW_CUTOFF = 300;
export const WARP_HIGH_CUTOFF = 5800;

/** Where the filter meant for frequency ν (Hz, within lowerf–upperf) listens under warp α. */
export function warpFrequency(nu: number, alpha: number, lowerf: number, upperf: number): number {
  if (alpha === 1 || nu <= lowerf || nu >= upperf) return nu;
  const l = WARP_LOW_CUTOFF * Math.max(1, alpha);
  const h = WARP_HIGH_CUTOFF * Math.min(1, alpha);
  const scale = 1 / alpha;
  if (nu < l) return lowerf + ((scale * l - lowerf) / (l - lowerf)) * (nu - lowerf);
  if (nu < h) return scale * nu;
  return upperf + ((upperf - scale * h) / (upperf - h)) * (nu - upperf);
}

function buildMelFilters(p: FrontEndParams, warp: number): Filter[] {
  const binHz = p.sampleRate / p.nfft;
  const lo = mel(p.lowerf);
  const hi = mel(p.upperf);
  const step = (hi - lo) / (p.nfilt + 1);
  const edges: number[] = [];
  // Edges are rounded to the FFT bin frequencies ("round_filters").
  for (let i = 0; i < p.nfilt + 2; i++) {
    const hz = warpFrequency(melInv(lo + i * step), warp, p.lowerf, p.upperf);
    edges.push(Math.round(hz / binHz) * binHz);
  }
  const filters: Filter[] = [];
  for (let f = 0; f < p.nfilt; f++) {
    const left = edges[f]!;
    const center = edges[f + 1]!;
    const right = edges[f + 2]!;
    const height = 2 / (right - left); // unit area
    const first = Math.floor(left / binHz) + 1;
    const last = Math.ceil(right / binHz) - 1;
    const weights = new Float64Array(Math.max(0, last - first + 1));
    for (let k = first; k <= last; k++) {
      const hz = k * binHz;
      const w = hz < center ? (hz - left) / (center - left) : (right - hz) / (right - center);
      weights[k - first] = Math.max(0, w) * height;
    }
    filters.push({ first, weights });
  }
  return filters;
}

function buildDct(p: FrontEndParams): Float64Array {
  const n = p.nfilt;
  const m = new Float64Array(p.ncep * n);
  for (let i = 0; i < p.ncep; i++) {
    for (let j = 0; j < n; j++) {
      const c = Math.cos((Math.PI * i * (j + 0.5)) / n);
      let scale: number;
      if (p.transform === 'dct') scale = i === 0 ? Math.sqrt(1 / n) : Math.sqrt(2 / n);
      else if (p.transform === 'htk') scale = Math.sqrt(2 / n);
      else scale = (i === 0 ? 0.5 : 1) / n; // legacy Sphinx scaling
      m[i * n + j] = c * scale;
    }
  }
  return m;
}
