// Every Gaussian of every codebook of one feature stream scored at once by a small WebAssembly
// module with 128-bit SIMD (wasm/gaussians.wat): four Gaussians per instruction, no branches.
// On this model (42 codebooks × 128 Gaussians × 13 dimensions per stream) it replaces one
// Gaussian at a time with early exits (gaussianScore), which V8 cannot vectorise. The sums are
// those of gaussianScore in float32 instead of float64: scores differ by ~1e-5 nats.
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
}

export class SimdGaussians {
  private readonly wasm: Exports;
  private readonly f32: Float32Array;
  private readonly params: number[] = [];
  private readonly lens: number[];
  private readonly nCb: number;
  private readonly density: number;
  private readonly outAt: number;
  /** The last score()'s results: nCodebooks × density log densities. */
  readonly out: Float32Array;

  constructor(model: AcousticModel, module: object) {
    const { density, nStreams } = model;
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
    const bytes = at + this.nCb * density * 4;
    this.wasm = new wasmApi!.Instance(module, {}).exports as Exports;
    // The module defines its own memory: grow it to fit.
    const own = this.wasm.memory;
    const pages = Math.ceil(bytes / 65536) - own.buffer.byteLength / 65536;
    if (pages > 0) own.grow(pages);
    this.f32 = new Float32Array(own.buffer);
    this.out = this.f32.subarray(this.outAt / 4, this.outAt / 4 + this.nCb * density);
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

  /** Scores stream s's Gaussians of every codebook for the features x[off … off + len) into out. */
  score(x: ArrayLike<number>, off: number, s: number): Float32Array {
    const len = this.lens[s]!;
    for (let i = 0; i < len; i++) this.f32[i] = x[off + i]!;
    this.wasm.score(0, this.params[s]!, this.nCb, len, this.density, this.outAt);
    return this.out;
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
