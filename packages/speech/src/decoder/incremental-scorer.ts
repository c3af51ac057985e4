// Front end and senone scoring that run while the audio arrives, so that little is left for the
// end of the reading. Everything that does not depend on the batch cepstral mean is done per
// chunk: dither, pre-emphasis, MFCC, deltas and double deltas (differences, hence unchanged by
// the mean), Gaussian selection and mixing of the delta / double-delta streams. The static
// cepstral stream needs the batch mean, known only at finish(): while audio arrives its Gaussians
// are pre-selected with the running mean of the cepstra so far, keeping a
// shortlist of SHORTLIST candidates per codebook; finish() evaluates only the shortlisted
// Gaussians on the exactly normalised cepstra, keeps the top N and mixes them into the senone
// totals. Frames whose running mean was far from the final one (the first second or so) get a
// full search instead. Differences from the exhaustive batch scores are ~1e-4 nats on average
// (test/incremental-scorer.test.ts). The batch evaluator uses this class too, so batch and
// streamed results are identical.
import type { AcousticModel } from '../model/acoustic-model';
import type { MfccExtractor } from '../frontend/mfcc';
import { DITHER_LSB } from '../frontend/index';
import { gaussianScore, insertK, insertTop, topK, topKSeeded, TOP_N, type SenoneScores } from './senone-scores';
import { simdGaussians, type SimdGaussians } from './simd-gaussians';

/**
 * Frames of digital silence (c0 below this: the dither alone gives 9–12; a quiet room 20 and
 * more) are left out of the batch cepstral mean: half a second of zeros before and after a reading
 * (a WAV file's padding, a fake microphone) otherwise pulls the mean far from speech and costs the
 * reading 10–20 points (packages/speech/README.md, "The browser's recording and the file").
 */
export const DIGITAL_SILENCE_C0 = 14;
/** The mean of all frames when fewer than this many are above digital silence. */
const MIN_MEAN_FRAMES = 20;

/** Candidates per codebook kept for the static stream (of 256). */
export const SHORTLIST = 20;
/** Frames whose running mean estimate was further than this (max over cepstra) from the final
 *  mean get a full search at finish(): typically the first fraction of a second. */
export const SHORTLIST_MAX_MEAN_ERROR = 6;

class Growable {
  data: Float32Array;
  constructor(initial: number) {
    this.data = new Float32Array(initial);
  }
  ensure(n: number): Float32Array {
    if (n > this.data.length) {
      const b = new Float32Array(Math.max(n, this.data.length * 2));
      b.set(this.data);
      this.data = b;
    }
    return this.data;
  }
}

export class IncrementalScorer {
  private readonly ncep: number;
  private readonly dim: number;
  private readonly nCb: number;
  private readonly frameShift: number;
  private readonly frameLength: number;
  /** Streams computed while audio arrives (no static cepstra) and at finish (the rest). */
  private readonly liveStreams: number[] = [];
  private readonly finalStreams: number[] = [];
  // audio: pre-emphasised samples from absolute index `base`
  private pre = new Float64Array(16000);
  private base = 0;
  private nSamples = 0;
  private prevSample = 0;
  private seed = 0x2545f491;
  // frames
  private readonly cep = new Growable(13 * 512);
  private readonly feat = new Growable(39 * 512);
  private nCep = 0;
  private nLive = 0;
  // Gaussian selection: current winners per (codebook, stream), seeds for the next frame
  private readonly topIdx: Int32Array;
  private readonly topVal: Float32Array;
  private readonly prevIdx = new Int32Array(TOP_N);
  // senones: columns of the scores matrix
  private column: Int32Array | undefined;
  private list: number[] = [];
  /**
   * The quantised mixture weights of the listed senones only, in column order ([column][stream]
   * [Gaussian], copied from model.weightQ), and each column's codebook: mix() reads them in order
   * instead of scattered over the whole model's weights (same values, so the same scores).
   */
  private colWeights = new Uint8Array(0);
  private colCodebook = new Int32Array(0);
  /** The columns grouped by codebook (those of codebook cb: byCodebook[cbStart[cb] … cbStart[cb + 1])). */
  private byCodebook = new Int32Array(0);
  private cbStart = new Int32Array(0);
  private readonly scores = new Growable(0);
  /** Top-N of live streams for frames scored before the senone list was known. */
  private pending: Array<{ t: number; idx: Int32Array; val: Float32Array }> = [];
  private finished = false;
  // static stream pre-selection: running cepstral sum, shortlist per frame [t][cb][k]
  private readonly runSum: Float64Array;
  /** The same over the frames above digital silence only, and their count. */
  private readonly runSumVoiced: Float64Array;
  private runVoiced = 0;
  private shortlist = new Uint8Array(0);
  private readonly slIdx: Int32Array;
  private readonly slVal: Float32Array;
  private readonly approx: Float32Array;
  private readonly useShortlist: boolean;
  private readonly seen: Uint8Array;
  private readonly rel: Float64Array;
  private fullSearch = new Uint8Array(0);
  private nShortlisted = 0;
  /** Whole-codebook Gaussian scoring in WebAssembly SIMD (null: one Gaussian at a time in JS). */
  private readonly simd: SimdGaussians | null;
  /** The static stream's shortlists scored by the WebAssembly kernel where there is one (false:
   *  the JS loop, which gives the same bits; the tests compare the two). */
  private shortlistKernel = true;
  /** The SIMD scores' top 4 selected in WebAssembly (false: topK in JS, the same lists). */
  private top4Kernel = true;
  /** One stream's lists mixed in WebAssembly where they are there (false: mix() in JS, the same bits). */
  private mixKernel = true;

  constructor(
    private readonly model: AcousticModel,
    private readonly mfcc: MfccExtractor,
  ) {
    const p = model.params;
    this.ncep = p.ncep;
    this.dim = 3 * p.ncep;
    this.nCb = model.means.length;
    this.frameShift = mfcc.frameShift;
    this.frameLength = mfcc.frameLength;
    for (let s = 0; s < model.nStreams; s++) {
      const usesStatic = model.streamOffsets[s]! < this.ncep && p.cmn !== 'none';
      (usesStatic ? this.finalStreams : this.liveStreams).push(s);
    }
    this.topIdx = new Int32Array(this.nCb * model.nStreams * TOP_N);
    this.topVal = new Float32Array(this.nCb * model.nStreams * TOP_N);
    this.runSum = new Float64Array(this.ncep);
    this.runSumVoiced = new Float64Array(this.ncep);
    // −1: no previous frame's shortlist yet (topKSeeded seeds each frame's with the last).
    this.slIdx = new Int32Array(this.nCb * SHORTLIST).fill(-1);
    this.slVal = new Float32Array(this.nCb * SHORTLIST);
    this.approx = new Float32Array(this.dim);
    this.seen = new Uint8Array(model.density);
    this.rel = new Float64Array(this.nCb * model.nStreams * TOP_N);
    this.simd = simdGaussians(model);
    this.useShortlist = model.density <= 256 && model.density > SHORTLIST && this.finalStreams.length > 0;
  }

  /** Share of frames whose static stream needed a full Gaussian search at finish(). */
  get fullSearchShare(): number {
    let n = 0;
    for (const f of this.fullSearch) n += f;
    return n / Math.max(1, this.fullSearch.length);
  }

  get frames(): number {
    return this.nCep;
  }

  /** The senones whose scores are needed (once, before or after the first push). */
  setSenones(senones: Iterable<number>): void {
    if (this.column) throw new Error('senones already set');
    const column = new Int32Array(this.model.mdef.nSenones).fill(-1);
    for (const s of senones) {
      if (column[s] === -1) {
        column[s] = this.list.length;
        this.list.push(s);
      }
    }
    this.column = column;
    const { nStreams, density, weightQ } = this.model;
    const row = nStreams * density;
    this.colWeights = new Uint8Array(this.list.length * row);
    this.colCodebook = new Int32Array(this.list.length);
    for (let c = 0; c < this.list.length; c++) {
      const sen = this.list[c]!;
      this.colWeights.set(weightQ.subarray(sen * row, (sen + 1) * row), c * row);
      this.colCodebook[c] = this.model.mdef.senoneCodebook[sen]!;
    }
    const cbStart = new Int32Array(this.nCb + 1);
    for (let c = 0; c < this.list.length; c++) {
      const at = this.colCodebook[c]! + 1;
      cbStart[at] = cbStart[at]! + 1;
    }
    for (let cb = 0; cb < this.nCb; cb++) cbStart[cb + 1] = cbStart[cb + 1]! + cbStart[cb]!;
    this.cbStart = cbStart;
    this.byCodebook = new Int32Array(this.list.length);
    const fill = cbStart.slice(0, this.nCb);
    for (let c = 0; c < this.list.length; c++) this.byCodebook[fill[this.colCodebook[c]!]!++] = c;
    const data = this.scores.ensure(Math.max(1, this.nLive) * this.list.length);
    data.fill(0);
    for (const p of this.pending) this.mix(p.t, this.liveStreams, p.idx, p.val);
    this.pending = [];
  }

  /** Samples in [-1, 1] at the model's rate. */
  push(samples: Float32Array | Int16Array): void {
    if (this.finished) throw new Error('stream already finished');
    const scale = samples instanceof Int16Array ? 1 : 32768;
    const need = this.nSamples - this.base + samples.length;
    if (need > this.pre.length) {
      const b = new Float64Array(Math.max(need, this.pre.length * 2));
      b.set(this.pre.subarray(0, this.nSamples - this.base));
      this.pre = b;
    }
    const pe = this.model.params.preemphasis;
    let o = this.nSamples - this.base;
    let seed = this.seed;
    let prev = this.prevSample;
    for (let i = 0; i < samples.length; i++) {
      // Deterministic dither of a few LSB: digital silence would otherwise give log-energy floors
      // that no training data contains and drag the cepstral mean far from speech.
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const x = samples[i]! * scale + (seed / 4294967296 - 0.5) * DITHER_LSB * 2;
      this.pre[o++] = x - pe * prev;
      prev = x;
    }
    this.seed = seed;
    this.prevSample = prev;
    this.nSamples += samples.length;
    // complete windows
    while (this.nCep * this.frameShift + this.frameLength <= this.nSamples) this.computeCepstra(this.nSamples);
    this.trimAudio();
    // dynamic features are final once c[t+3] exists
    while (this.nLive + 3 < this.nCep) this.scoreLive(this.nLive++, this.nCep);
  }

  /** Frames whose live streams are scored (push() keeps three frames back for the deltas). */
  get liveFrames(): number {
    return this.nLive;
  }

  /**
   * The scores of the first T frames as if the reading stopped there but with exact deltas (T ≤
   * liveFrames): the static stream normalised by those frames' own cepstral mean and searched in
   * full. The stream goes on unchanged (the warp choice of evaluator/vtln.ts compares the first
   * seconds of a reading under several warps and keeps one scorer).
   */
  scoresSoFar(T: number): SenoneScores {
    if (this.finished) throw new Error('stream already finished');
    if (!this.column) throw new Error('senones not set');
    if (T > this.nLive) throw new Error(`only ${this.nLive} frames scored`);
    const { ncep, dim } = this;
    const nColumns = this.list.length;
    const live = this.scores.data.slice(0, T * nColumns);
    const cep = this.cep.data;
    const feat = this.feat.data;
    const mean = this.cepstralMean(T);
    // The static cepstra of feat are only written (and read) at finish(): free until then.
    for (let t = 0; t < T; t++) for (let i = 0; i < ncep; i++) feat[t * dim + i] = cep[t * ncep + i]! - mean[i]!;
    const fullSearch = this.fullSearch;
    this.fullSearch = new Uint8Array(T).fill(1);
    if (this.finalStreams.length) for (let t = 0; t < T; t++) this.scoreStreams(t, this.finalStreams);
    this.fullSearch = fullSearch;
    const data = this.scores.data.slice(0, T * nColumns);
    this.scores.data.set(live, 0);
    return { nFrames: T, column: this.column, nColumns, data };
  }

  /** Scores of all frames; the stream cannot be used afterwards. */
  finish(): SenoneScores {
    if (this.finished) throw new Error('stream already finished');
    if (!this.column) throw new Error('senones not set');
    this.finished = true;
    const T = this.mfcc.frameCount(this.nSamples);
    while (this.nCep < T) this.computeCepstra(this.nSamples);
    while (this.nLive < T) this.scoreLive(this.nLive++, T);
    const { ncep, dim } = this;
    const cep = this.cep.data;
    const feat = this.feat.ensure(T * dim);
    const mean = this.cepstralMean(T);
    for (let t = 0; t < T; t++) for (let i = 0; i < ncep; i++) feat[t * dim + i] = cep[t * ncep + i]! - mean[i]!;
    // Frames whose pre-selection used a mean estimate too far from the final mean: full search.
    const run = new Float64Array(ncep);
    const runVoiced = new Float64Array(ncep);
    let nVoiced = 0;
    this.fullSearch = new Uint8Array(T);
    for (let t = 0; t < T; t++) {
      let err = 0;
      const voiced = cep[t * ncep]! >= DIGITAL_SILENCE_C0;
      if (voiced) nVoiced++;
      for (let i = 0; i < ncep; i++) {
        run[i] = run[i]! + cep[t * ncep + i]!;
        if (voiced) runVoiced[i] = runVoiced[i]! + cep[t * ncep + i]!;
        const estimate = nVoiced >= MIN_MEAN_FRAMES ? runVoiced[i]! / nVoiced : run[i]! / (t + 1);
        err = Math.max(err, Math.abs(estimate - mean[i]!));
      }
      if (err > SHORTLIST_MAX_MEAN_ERROR || t >= this.nShortlisted) this.fullSearch[t] = 1;
    }
    if (this.finalStreams.length) for (let t = 0; t < T; t++) this.scoreStreams(t, this.finalStreams);
    const nColumns = this.list.length;
    const data = this.scores.ensure(T * nColumns).subarray(0, T * nColumns);
    this.pre = new Float64Array(0);
    return { nFrames: T, column: this.column, nColumns, data };
  }

  /** The batch cepstral mean of the first T frames: of those above digital silence when there are
   *  MIN_MEAN_FRAMES of them, else of all (DIGITAL_SILENCE_C0). */
  private cepstralMean(T: number): Float64Array {
    const { ncep } = this;
    const cep = this.cep.data;
    const mean = new Float64Array(ncep);
    if (this.model.params.cmn === 'none' || T === 0) return mean;
    let n = 0;
    for (let t = 0; t < T; t++) {
      if (cep[t * ncep]! < DIGITAL_SILENCE_C0) continue;
      n++;
      for (let i = 0; i < ncep; i++) mean[i] = mean[i]! + cep[t * ncep + i]!;
    }
    if (n < MIN_MEAN_FRAMES) {
      mean.fill(0);
      n = T;
      for (let t = 0; t < T; t++) for (let i = 0; i < ncep; i++) mean[i] = mean[i]! + cep[t * ncep + i]!;
    }
    for (let i = 0; i < ncep; i++) mean[i] = mean[i]! / n;
    return mean;
  }

  private computeCepstra(end: number): void {
    const t = this.nCep;
    const cep = this.cep.ensure((t + 1) * this.ncep);
    this.mfcc.frame(this.pre, t * this.frameShift - this.base, end - this.base, cep.subarray(t * this.ncep));
    this.nCep++;
    if (this.useShortlist) this.preselectStatic(t);
  }

  /** Shortlists the static stream's Gaussians of frame t using the running mean estimate. */
  private preselectStatic(t: number): void {
    const { ncep, nCb, model, slIdx, slVal, approx } = this;
    const cep = this.cep.data;
    const voiced = cep[t * ncep]! >= DIGITAL_SILENCE_C0;
    if (voiced) this.runVoiced++;
    for (let i = 0; i < ncep; i++) {
      this.runSum[i] = this.runSum[i]! + cep[t * ncep + i]!;
      if (voiced) this.runSumVoiced[i] = this.runSumVoiced[i]! + cep[t * ncep + i]!;
      approx[i] =
        cep[t * ncep + i]! -
        (this.runVoiced >= MIN_MEAN_FRAMES ? this.runSumVoiced[i]! / this.runVoiced : this.runSum[i]! / (t + 1));
    }
    const need = (t + 1) * nCb * SHORTLIST;
    if (need > this.shortlist.length) {
      const b = new Uint8Array(Math.max(need, this.shortlist.length * 2, 1 << 16));
      b.set(this.shortlist);
      this.shortlist = b;
    }
    const { density } = model;
    for (const s of this.finalStreams) {
      const len = model.streamLengths[s]!;
      const off = model.streamOffsets[s]!;
      if (this.simd) {
        // Every Gaussian at once, then the best SHORTLIST of each codebook (slIdx still holds the
        // previous frame's: topKSeeded skips what cannot beat them).
        const all = this.simd.score(approx, off, s);
        for (let cb = 0; cb < nCb; cb++) {
          const o = cb * SHORTLIST;
          topKSeeded(all, cb * density, density, slIdx, slVal, o, SHORTLIST);
          const dst = t * nCb * SHORTLIST + o;
          for (let k = 0; k < SHORTLIST; k++) this.shortlist[dst + k] = slIdx[o + k]!;
        }
        this.nShortlisted = t + 1;
        break;
      }
      for (let cb = 0; cb < nCb; cb++) {
        const mean = model.means[cb]![s]!;
        const prec = model.precisions[cb]![s]!;
        const norm = model.logNorm[cb]![s]!;
        const o = cb * SHORTLIST;
        const seeds =
          t > 0
            ? this.shortlist.subarray((t - 1) * nCb * SHORTLIST + o, (t - 1) * nCb * SHORTLIST + o + SHORTLIST)
            : undefined;
        slIdx.fill(-1, o, o + SHORTLIST);
        slVal.fill(-Infinity, o, o + SHORTLIST);
        if (seeds) {
          for (let k = 0; k < SHORTLIST; k++) {
            const d = seeds[k]!;
            this.seen[d] = 1;
            insertK(
              slIdx,
              slVal,
              o,
              SHORTLIST,
              d,
              gaussianScore(approx, off, mean, prec, norm[d]!, d * len, len, -Infinity),
            );
          }
        }
        for (let d = 0; d < density; d++) {
          if (this.seen[d]) continue;
          const floor = slVal[o + SHORTLIST - 1]!;
          const v = gaussianScore(approx, off, mean, prec, norm[d]!, d * len, len, floor);
          if (v > floor) insertK(slIdx, slVal, o, SHORTLIST, d, v);
        }
        if (seeds) for (let k = 0; k < SHORTLIST; k++) this.seen[seeds[k]!] = 0;
        const dst = t * nCb * SHORTLIST + o;
        for (let k = 0; k < SHORTLIST; k++) this.shortlist[dst + k] = slIdx[o + k]!;
      }
      this.nShortlisted = t + 1;
      break; // one static stream (1s_c_d_dd with svspec); others fall back to full search
    }
  }

  private trimAudio(): void {
    const keepFrom = this.nCep * this.frameShift;
    const drop = keepFrom - this.base;
    if (drop < 32768) return;
    this.pre.copyWithin(0, drop, this.nSamples - this.base);
    this.base = keepFrom;
  }

  /** Delta and double-delta features of frame t (T = frames known so far or final count), then
   *  the live streams' scores. */
  private scoreLive(t: number, T: number): void {
    const { ncep, dim } = this;
    const cep = this.cep.data;
    const feat = this.feat.ensure((t + 1) * dim);
    const at = (k: number) => Math.min(T - 1, Math.max(0, k)) * ncep;
    const p2 = at(t + 2);
    const m2 = at(t - 2);
    const p3 = at(t + 3);
    const p1 = at(t + 1);
    const m1 = at(t - 1);
    const m3 = at(t - 3);
    const o = t * dim;
    for (let i = 0; i < ncep; i++) {
      feat[o + ncep + i] = cep[p2 + i]! - cep[m2 + i]!;
      feat[o + 2 * ncep + i] = cep[p3 + i]! - cep[m1 + i]! - (cep[p1 + i]! - cep[m3 + i]!);
    }
    if (this.liveStreams.length) this.scoreStreams(t, this.liveStreams);
  }

  /** Gaussian selection for the given streams of frame t, then mixing into the senone scores
   *  (or kept until the senone list is known). */
  private scoreStreams(t: number, streams: number[]): void {
    const { model, nCb } = this;
    const x = this.feat.data;
    const xo = t * this.dim;
    const { density } = model;
    const { topIdx, topVal, prevIdx } = this;
    const simd = this.simd;
    const shortlisted = this.useShortlist && !this.fullSearch[t] ? this.finalStreams[0]! : -1;
    // Whether the lists of the one stream are also in the module (for mix1).
    let inModule = false;
    if (streams.includes(shortlisted)) inModule = this.scoreShortlisted(t, shortlisted);
    if (simd) {
      for (const s of streams) {
        if (s === shortlisted) continue;
        // Every Gaussian of every codebook at once (SIMD), then the best TOP_N of each (topK's
        // lists, made in the module where it can).
        if (TOP_N === 4 && this.top4Kernel && density % 8 === 0) {
          simd.scoreTop4(x, xo + model.streamOffsets[s]!, s);
          this.copyTop4(simd.topIdx, simd.topVal, s);
          inModule = true;
          continue;
        }
        const all = simd.score(x, xo + model.streamOffsets[s]!, s);
        for (let cb = 0; cb < nCb; cb++) {
          topK(all, cb * density, density, topIdx, topVal, (cb * model.nStreams + s) * TOP_N, TOP_N);
        }
      }
    }
    for (let cb = 0; cb < nCb; cb++) {
      for (const s of streams) {
        if (simd || s === shortlisted) continue;
        const len = model.streamLengths[s]!;
        const off = xo + model.streamOffsets[s]!;
        const mean = model.means[cb]![s]!;
        const prec = model.precisions[cb]![s]!;
        const norm = model.logNorm[cb]![s]!;
        const o = (cb * model.nStreams + s) * TOP_N;
        // Partial distance elimination: start from last frame's winners (usually still good),
        // then abandon any Gaussian as soon as its running score falls below the current N-th
        // best — the score only decreases as dimensions are added.
        for (let n = 0; n < TOP_N; n++) prevIdx[n] = t > 0 ? topIdx[o + n]! : n;
        for (let n = 0; n < TOP_N; n++) {
          topIdx[o + n] = -1;
          topVal[o + n] = -Infinity;
        }
        for (let n = 0; n < TOP_N; n++) {
          const d = prevIdx[n]!;
          if (d < 0) continue;
          const v = gaussianScore(x, off, mean, prec, norm[d]!, d * len, len, -Infinity);
          insertTop(topIdx, topVal, o, d, v);
        }
        for (let d = 0; d < density; d++) {
          if (d === prevIdx[0] || d === prevIdx[1] || d === prevIdx[2] || d === prevIdx[3]) continue;
          const v = gaussianScore(x, off, mean, prec, norm[d]!, d * len, len, topVal[o + TOP_N - 1]!);
          if (v > topVal[o + TOP_N - 1]!) insertTop(topIdx, topVal, o, d, v);
        }
      }
    }
    if (this.column && inModule && streams.length === 1 && this.mixKernel && this.mixInModule(t, streams[0]!)) return;
    if (this.column) this.mix(t, streams, topIdx, topVal);
    else this.pending.push({ t, idx: topIdx.slice(), val: topVal.slice() });
  }

  /**
   * The static stream of frame t on its shortlist (exactly normalised cepstra): each codebook's
   * SHORTLIST candidates scored in full and the best TOP_N kept. The scores and the list are
   * those of gaussianScore with its early exit and insertTop (a Gaussian that exits early ends
   * below the floor too, as every dimension only subtracts), in a loop of its own: inside
   * scoreStreams it ran ≈ 2× slower.
   */
  private scoreShortlisted(t: number, s: number): boolean {
    const { model, nCb, topIdx, topVal, shortlist } = this;
    const x = this.feat.data;
    const off = t * this.dim + model.streamOffsets[s]!;
    const len = model.streamLengths[s]!;
    const nStreams = model.nStreams;
    if (this.simd && this.shortlistKernel && TOP_N === 4) {
      // The same loop in WebAssembly (float64, the same operations in the same order).
      this.simd.shortlisted(x, off, s, shortlist, t * nCb * SHORTLIST, SHORTLIST);
      this.copyTop4(this.simd.topIdx, this.simd.topVal, s);
      return true;
    }
    for (let cb = 0; cb < nCb; cb++) {
      const mean = model.means[cb]![s]!;
      const prec = model.precisions[cb]![s]!;
      const norm = model.logNorm[cb]![s]!;
      const o = (cb * nStreams + s) * TOP_N;
      for (let n = 0; n < TOP_N; n++) {
        topIdx[o + n] = -1;
        topVal[o + n] = -Infinity;
      }
      const sl = (t * nCb + cb) * SHORTLIST;
      let floor = -Infinity;
      for (let k = 0; k < SHORTLIST; k++) {
        const d = shortlist[sl + k]!;
        const base = d * len;
        let acc: number = norm[d]!;
        for (let i = 0; i < len; i++) {
          const diff = x[off + i]! - mean[base + i]!;
          acc -= diff * diff * prec[base + i]!;
          if (acc < floor) break;
        }
        if (acc > floor) {
          insertTop(topIdx, topVal, o, d, acc);
          floor = topVal[o + TOP_N - 1]!;
        }
      }
    }
    return false;
  }

  /** A kernel's top 4 of each codebook (indices at idx[cb · 8 + n], values at val[cb · 8 + 4 + n])
   *  into topIdx / topVal for stream s. */
  private copyTop4(idx: Int32Array, val: Float32Array, s: number): void {
    const { nCb, topIdx, topVal } = this;
    const nStreams = this.model.nStreams;
    for (let cb = 0; cb < nCb; cb++) {
      const o = (cb * nStreams + s) * 4;
      const r = cb * 8;
      topIdx[o] = idx[r]!;
      topIdx[o + 1] = idx[r + 1]!;
      topIdx[o + 2] = idx[r + 2]!;
      topIdx[o + 3] = idx[r + 3]!;
      topVal[o] = val[r + 4]!;
      topVal[o + 1] = val[r + 5]!;
      topVal[o + 2] = val[r + 6]!;
      topVal[o + 3] = val[r + 7]!;
    }
  }

  /** mix() of one stream in the module (the same bits), from the lists the module holds. False
   *  where it cannot (a list of fewer than 4). */
  private mixInModule(t: number, s: number): boolean {
    const simd = this.simd!;
    const nCols = this.list.length;
    if (!simd.mixes(this, s)) simd.setMix(this, s, this.colWeights, this.byCodebook, this.cbStart, this.model.qLin);
    return simd.mix1(this.scores.ensure((t + 1) * nCols), t * nCols, nCols);
  }

  private mix(t: number, streams: number[], idx: Int32Array, val: Float32Array): void {
    const { model, nCb, colWeights, colCodebook } = this;
    const nCols = this.list.length;
    const data = this.scores.ensure((t + 1) * nCols);
    const row = t * nCols;
    const { density, nStreams, qLin } = model;
    // Per codebook and stream: the best Gaussian's log density and the others relative to it
    // (linear), so each senone needs only multiply-adds with its linear weights and one log.
    const rel = this.rel;
    for (let cb = 0; cb < nCb; cb++) {
      for (const s of streams) {
        const k0 = (cb * nStreams + s) * TOP_N;
        for (let n = 1; n < TOP_N; n++) rel[k0 + n] = Math.exp(val[k0 + n]! - val[k0]!);
      }
    }
    // One log per senone for all the streams mixed here: Σ_s log sum_s = log Π_s sum_s (each sum
    // is at least the smallest weight, e^−26, so the product of three cannot underflow).
    const nS = streams.length;
    if (TOP_N === 4 && (nS === 1 || nS === 2)) {
      // The same sums in the same order as below, with what a codebook's senones share (its top
      // Gaussians, their relative densities) read once per codebook instead of once per senone.
      const { byCodebook, cbStart } = this;
      const s0 = streams[0]!;
      const s1 = nS === 2 ? streams[1]! : s0;
      for (let cb = 0; cb < nCb; cb++) {
        const from = cbStart[cb]!;
        const to = cbStart[cb + 1]!;
        if (from === to) continue;
        const a = (cb * nStreams + s0) * TOP_N;
        const a0 = idx[a]!;
        const a1 = idx[a + 1]!;
        const a2 = idx[a + 2]!;
        const a3 = idx[a + 3]!;
        const ar1 = rel[a + 1]!;
        const ar2 = rel[a + 2]!;
        const ar3 = rel[a + 3]!;
        const av = val[a]!;
        if (nS === 1) {
          for (let i = from; i < to; i++) {
            const c = byCodebook[i]!;
            const w = (c * nStreams + s0) * density;
            let sum = qLin[colWeights[w + a0]!]!;
            sum += qLin[colWeights[w + a1]!]! * ar1;
            sum += qLin[colWeights[w + a2]!]! * ar2;
            sum += qLin[colWeights[w + a3]!]! * ar3;
            data[row + c] = data[row + c]! + (0 + av) + Math.log(1 * sum);
          }
          continue;
        }
        const b = (cb * nStreams + s1) * TOP_N;
        const b0 = idx[b]!;
        const b1 = idx[b + 1]!;
        const b2 = idx[b + 2]!;
        const b3 = idx[b + 3]!;
        const br1 = rel[b + 1]!;
        const br2 = rel[b + 2]!;
        const br3 = rel[b + 3]!;
        const best = 0 + av + val[b]!;
        for (let i = from; i < to; i++) {
          const c = byCodebook[i]!;
          const wa = (c * nStreams + s0) * density;
          let sa = qLin[colWeights[wa + a0]!]!;
          sa += qLin[colWeights[wa + a1]!]! * ar1;
          sa += qLin[colWeights[wa + a2]!]! * ar2;
          sa += qLin[colWeights[wa + a3]!]! * ar3;
          const wb = (c * nStreams + s1) * density;
          let sb = qLin[colWeights[wb + b0]!]!;
          sb += qLin[colWeights[wb + b1]!]! * br1;
          sb += qLin[colWeights[wb + b2]!]! * br2;
          sb += qLin[colWeights[wb + b3]!]! * br3;
          data[row + c] = data[row + c]! + best + Math.log(1 * sa * sb);
        }
      }
      return;
    }
    for (let c = 0; c < nCols; c++) {
      const cb = colCodebook[c]!;
      let best = 0;
      let product = 1;
      for (let j = 0; j < nS; j++) {
        const s = streams[j]!;
        const k0 = (cb * nStreams + s) * TOP_N;
        const wBase = (c * nStreams + s) * density;
        let sum = qLin[colWeights[wBase + idx[k0]!]!]!;
        for (let n = 1; n < TOP_N; n++) sum += qLin[colWeights[wBase + idx[k0 + n]!]!]! * rel[k0 + n]!;
        best += val[k0]!;
        product *= sum;
      }
      data[row + c] = data[row + c]! + best + Math.log(product);
    }
  }
}
