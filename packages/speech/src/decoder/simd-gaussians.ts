// Every Gaussian of every codebook of one feature stream scored at once by a small WebAssembly
// module with 128-bit SIMD (wasm/gaussians.wat): four Gaussians per instruction, no branches.
// On this model (42 codebooks × 128 Gaussians × 13 dimensions per stream) it replaces one
// Gaussian at a time with early exits (gaussianScore), which V8 cannot vectorise. The sums are
// those of gaussianScore in float32 instead of float64: scores differ by ~1e-5 nats.
// shortlisted() is the finish's static stream on its shortlists (a few Gaussians of each codebook,
// at arbitrary indices): float64, Gaussian-major, two Gaussians per f64x2, each lane the same
// sequential sum as the JS loop, and the top 4 kept in the module, so the same bits as in JS.
import type { AcousticModel } from '../model/acoustic-model';
import { GAUSSIANS_WASM_BASE64 } from './wasm/gaussians-wasm';

/** What is used of the WebAssembly global (the package's lib has no DOM types for it). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}
const wasmApi = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

interface Exports {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  score(x: number, p: number, n: number, len: number, dens: number, out: number): void;
  shortlisted(x: number, p: number, sl: number, n: number, nsl: number, len: number, dens: number, out: number): void;
  top4(s: number, n: number, dens: number, out: number): void;
  log(x: number): number;
  mix1(
    top: number,
    rel: number,
    w: number,
    cols: number,
    cbStart: number,
    n: number,
    qlin: number,
    dens: number,
    row: number,
  ): void;
}

/** Where mix1()'s senones lie in the module's memory (bytes), for nCols columns at most. */
interface MixLayout {
  nCols: number;
  rel: number;
  w: number;
  cols: number;
  cbStart: number;
  qlin: number;
  row: number;
  /** The row's f32 (a view made again when the memory grows). */
  rowView: Float32Array;
}

/** Where one stream's Gaussian-major copy for shortlisted() lies in the module's memory (bytes). */
interface ShortlistLayout {
  x: number;
  sl: number;
  nsl: number;
  p: number;
}

export class SimdGaussians {
  private readonly wasm: Exports;
  private f32: Float32Array;
  private f64: Float64Array;
  private u8: Uint8Array;
  private i32: Int32Array;
  /** The end of what is laid out in the module's memory (bytes). */
  private end: number;
  private readonly model: AcousticModel;
  private readonly shortlistLayouts = new Map<number, ShortlistLayout>();
  private lastLayout: ShortlistLayout | undefined;
  private lastStream = -1;
  private mixLayout: MixLayout | undefined;
  /** Whose senones (and of which stream) mix1() holds: set by setMix(). */
  private mixOwner: object | undefined;
  private mixStream = -1;
  private readonly params: number[] = [];
  private readonly lens: number[];
  private readonly nCb: number;
  private readonly density: number;
  private readonly outAt: number;
  private readonly topAt: number;
  /** The lists of scoreTop4(), top4Of() and shortlisted(): codebook cb's indices at topIdx[cb · 8 + n]
   *  (−1 where fewer), values at topVal[cb · 8 + 4 + n]. */
  topIdx: Int32Array;
  topVal: Float32Array;
  /** The last score()'s results: nCodebooks × density log densities. */
  out: Float32Array;

  constructor(model: AcousticModel, module: object) {
    const { density, nStreams } = model;
    this.model = model;
    this.nCb = model.means.length;
    this.density = density;
    this.lens = model.streamLengths;
    // Layout (bytes): x (256) | per stream: nCb blocks of means, precisions, norms | out.
    const X_BYTES = 256;
    let at = X_BYTES;
    for (let s = 0; s < nStreams; s++) {
      this.params.push(at);
      at += this.nCb * (2 * this.lens[s]! + 1) * density * 4;
    }
    this.outAt = at;
    this.topAt = at + this.nCb * density * 4;
    const bytes = this.topAt + this.nCb * 32;
    this.wasm = new wasmApi!.Instance(module, {}).exports as Exports;
    // The module defines its own memory: grow it to fit.
    const own = this.wasm.memory;
    const pages = Math.ceil(bytes / 65536) - own.buffer.byteLength / 65536;
    if (pages > 0) own.grow(pages);
    this.end = bytes;
    this.f32 = this.out = this.topVal = new Float32Array(0);
    this.topIdx = new Int32Array(0);
    this.f64 = new Float64Array(0);
    this.u8 = new Uint8Array(0);
    this.i32 = new Int32Array(0);
    this.views();
    for (let s = 0; s < nStreams; s++) {
      const len = this.lens[s]!;
      let w = this.params[s]! / 4;
      for (let cb = 0; cb < this.nCb; cb++) {
        const mean = model.means[cb]![s]!;
        const prec = model.precisions[cb]![s]!;
        for (let i = 0; i < len; i++)
          for (let d = 0; d < density; d++) this.f32[w + i * density + d] = mean[d * len + i]!;
        w += len * density;
        for (let i = 0; i < len; i++)
          for (let d = 0; d < density; d++) this.f32[w + i * density + d] = prec[d * len + i]!;
        w += len * density;
        this.f32.set(model.logNorm[cb]![s]!, w);
        w += density;
      }
    }
  }

  /** Grows the module's memory to hold everything laid out (the views are made again). */
  private fit(): void {
    const own = this.wasm.memory;
    const pages = Math.ceil(this.end / 65536) - own.buffer.byteLength / 65536;
    if (pages > 0) own.grow(pages);
    this.views();
  }

  /** (Again) the views of the module's memory, whose buffer a grow() replaces. */
  private views(): void {
    const buffer = this.wasm.memory.buffer;
    this.f32 = new Float32Array(buffer);
    this.f64 = new Float64Array(buffer);
    this.u8 = new Uint8Array(buffer);
    this.i32 = new Int32Array(buffer);
    this.out = this.f32.subarray(this.outAt / 4, this.outAt / 4 + this.nCb * this.density);
    this.topIdx = this.i32.subarray(this.topAt / 4, this.topAt / 4 + this.nCb * 8);
    this.topVal = this.f32.subarray(this.topAt / 4, this.topAt / 4 + this.nCb * 8);
    const l = this.mixLayout;
    if (l) l.rowView = this.f32.subarray(l.row / 4, l.row / 4 + l.nCols);
  }

  /** Stream s's Gaussians laid out for shortlisted() (once, on first use: ≈ 1.3 MB for 13 dimensions). */
  private shortlistLayout(s: number, nsl: number): ShortlistLayout {
    let l = this.lastLayout;
    if (l && this.lastStream === s && l.nsl === nsl) return l;
    l = this.shortlistLayouts.get(s);
    if (l && l.nsl === nsl) {
      this.lastLayout = l;
      this.lastStream = s;
      return l;
    }
    const { model, nCb, density } = this;
    const len = this.lens[s]!;
    const pairs = Math.ceil(len / 2);
    const rec = pairs * 32 + 16;
    const up = (n: number) => Math.ceil(n / 16) * 16;
    const x = up(this.end);
    const sl = x + up(len * 8);
    const p = sl + up(nCb * nsl);
    this.end = p + nCb * density * rec;
    l = { x, sl, nsl, p };
    this.shortlistLayouts.set(s, l);
    this.lastLayout = l;
    this.lastStream = s;
    this.fit();
    const f64 = this.f64;
    for (let cb = 0; cb < nCb; cb++) {
      const mean = model.means[cb]![s]!;
      const prec = model.precisions[cb]![s]!;
      const norm = model.logNorm[cb]![s]!;
      for (let d = 0; d < density; d++) {
        const r = (p + (cb * density + d) * rec) / 8;
        for (let j = 0; j < pairs; j++) {
          for (let h = 0; h < 2; h++) {
            const i = 2 * j + h;
            f64[r + 4 * j + h] = i < len ? mean[d * len + i]! : 0;
            f64[r + 4 * j + 2 + h] = i < len ? prec[d * len + i]! : 0;
          }
        }
        f64[r + 4 * pairs] = norm[d]!;
      }
    }
    return l;
  }

  /**
   * Stream s of the features x[off … off + len) on a shortlist: for each codebook cb, the Gaussians
   * shortlist[at + cb · nsl … + nsl) scored (float64) and the best TOP_N (4) kept, as
   * IncrementalScorer's JS loop over the shortlist does, bit for bit, into topIdx / topVal.
   */
  shortlisted(x: ArrayLike<number>, off: number, s: number, shortlist: Uint8Array, at: number, nsl: number): void {
    const l = this.shortlistLayout(s, nsl);
    const len = this.lens[s]!;
    const x8 = l.x / 8;
    for (let i = 0; i < len; i++) this.f64[x8 + i] = x[off + i]!;
    this.u8.set(shortlist.subarray(at, at + this.nCb * nsl), l.sl);
    this.wasm.shortlisted(l.x, l.p, l.sl, this.nCb, nsl, len, this.density, this.topAt);
  }

  /** Scores stream s's Gaussians of every codebook for the features x[off … off + len) into out. */
  score(x: ArrayLike<number>, off: number, s: number): Float32Array {
    const len = this.lens[s]!;
    for (let i = 0; i < len; i++) this.f32[i] = x[off + i]!;
    this.wasm.score(0, this.params[s]!, this.nCb, len, this.density, this.outAt);
    return this.out;
  }

  /**
   * score(), then (density a multiple of 8) the best 4 of each codebook into topIdx / topVal, the lists topK keeps (bit for
   * bit: the same scores, compared the same way).
   */
  scoreTop4(x: ArrayLike<number>, off: number, s: number): void {
    this.score(x, off, s);
    this.wasm.top4(this.outAt, this.nCb, this.density, this.topAt);
  }

  /** Math.log, the module's (for the tests: the same bits). */
  log(x: number): number {
    return this.wasm.log(x);
  }

  /** Whether mix1() holds owner's senones of stream s (see setMix). */
  mixes(owner: object, s: number): boolean {
    return this.mixOwner === owner && this.mixStream === s;
  }

  /**
   * The senones mix1() mixes, for owner's stream s (one scorer's, until another's are set): the
   * i-th is column cols[i] (grouped by codebook: cbStart[cb] … cbStart[cb + 1]), whose weight
   * bytes are colWeights[(cols[i] · nStreams + s) · density …]; qLin the linear weight of a
   * quantised weight.
   */
  setMix(
    owner: object,
    s: number,
    colWeights: Uint8Array,
    cols: Int32Array,
    cbStart: Int32Array,
    qLin: Float64Array,
  ): void {
    const nCols = cols.length;
    let l = this.mixLayout;
    if (!l || l.nCols < nCols) {
      const up = (n: number) => Math.ceil(n / 16) * 16;
      const size = Math.max(nCols, 2 * (l?.nCols ?? 0), 256);
      const rel = up(this.end);
      const qlin = rel + this.nCb * 32;
      const cbs = qlin + 256 * 8;
      const c = cbs + up((this.nCb + 1) * 4);
      const row = c + up(size * 4);
      const w = row + up(size * 4);
      this.end = w + size * this.density;
      l = this.mixLayout = { nCols: size, rel, w, cols: c, cbStart: cbs, qlin, row, rowView: new Float32Array(0) };
      this.fit();
    }
    const { density, u8 } = this;
    const nStreams = this.model.nStreams;
    for (let i = 0; i < nCols; i++) {
      const at = (cols[i]! * nStreams + s) * density;
      u8.set(colWeights.subarray(at, at + density), l.w + i * density);
    }
    this.i32.set(cols, l.cols / 4);
    this.i32.set(cbStart.subarray(0, this.nCb + 1), l.cbStart / 4);
    this.f64.set(qLin.subarray(0, 256), l.qlin / 8);
    this.mixOwner = owner;
    this.mixStream = s;
  }

  /**
   * The lists in topIdx / topVal mixed into data[at … at + nCols) (one frame of the set senones'
   * scores), as IncrementalScorer.mix does for one stream, bit for bit. False (nothing done) where a
   * list has fewer than 4 Gaussians: the caller mixes in JS.
   */
  mix1(data: Float32Array, at: number, nCols: number): boolean {
    const l = this.mixLayout!;
    const { topIdx, topVal, f64, nCb } = this;
    for (let i = 0; i < nCb * 8; i += 8) if (topIdx[i + 3]! < 0) return false;
    const r = l.rel / 8;
    for (let cb = 0; cb < nCb; cb++) {
      const v = cb * 8 + 4;
      const o = r + cb * 4;
      f64[o + 1] = Math.exp(topVal[v + 1]! - topVal[v]!);
      f64[o + 2] = Math.exp(topVal[v + 2]! - topVal[v]!);
      f64[o + 3] = Math.exp(topVal[v + 3]! - topVal[v]!);
    }
    const row = l.rowView;
    row.set(data.subarray(at, at + nCols));
    this.wasm.mix1(this.topAt, l.rel, l.w, l.cols, l.cbStart, nCb, l.qlin, this.density, l.row);
    data.set(nCols === l.nCols ? row : row.subarray(0, nCols), at);
    return true;
  }

  /** The top 4 of each codebook of given scores (nCodebooks × density) into topIdx / topVal. */
  top4Of(scores: Float32Array): void {
    this.out.set(scores);
    this.wasm.top4(this.outAt, this.nCb, this.density, this.topAt);
  }
}

let compiled: object | null | undefined;
const perModel = new WeakMap<AcousticModel, SimdGaussians>();

/** The SIMD scorer of a model (one per thread), or null where WebAssembly SIMD is missing. */
export function simdGaussians(model: AcousticModel): SimdGaussians | null {
  if (process.env.ONDOKU_SPEECH_SIMD === 'off') return null;
  if (model.density % 4 !== 0) return null;
  if (compiled === undefined) {
    try {
      compiled = wasmApi ? new wasmApi.Module(Buffer.from(GAUSSIANS_WASM_BASE64, 'base64')) : null;
    } catch {
      compiled = null;
    }
  }
  if (!compiled) return null;
  let g = perModel.get(model);
  if (!g) {
    g = new SimdGaussians(model, compiled);
    perModel.set(model, g);
  }
  return g;
}
