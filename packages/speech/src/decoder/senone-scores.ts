// Acoustic scores of the senones a decode needs, for every frame. For each frame and each
// codebook stream all Gaussians are evaluated once, only the TOP_N best are kept (the rest add
// nothing measurable to the mixture), and each requested senone mixes those with its own
// weights: score = Σ_streams log Σ_topN w·N(x). Scores are natural logs.
import type { Features } from '../frontend/index';
import type { AcousticModel } from '../model/acoustic-model';

export const TOP_N = 4;

export interface SenoneScores {
  nFrames: number;
  /** senone id → column, -1 when not scored. */
  column: Int32Array;
  nColumns: number;
  /** nFrames × nColumns. */
  data: Float32Array;
}

export function scoreSenones(model: AcousticModel, feats: Features, senones: Iterable<number>): SenoneScores {
  const nSen = model.mdef.nSenones;
  const column = new Int32Array(nSen).fill(-1);
  const list: number[] = [];
  for (const s of senones) {
    if (column[s] === -1) {
      column[s] = list.length;
      list.push(s);
    }
  }
  const codebooks = [...new Set(list.map((s) => model.mdef.senoneCodebook[s]!))];
  const { nStreams, density } = model;
  const T = feats.nFrames;
  const data = new Float32Array(T * list.length);
  const nCb = model.means.length;
  // top-N per [codebook][stream]: indices and log densities
  const topIdx = new Int32Array(nCb * nStreams * TOP_N);
  const topVal = new Float32Array(nCb * nStreams * TOP_N);
  const prevIdx = new Int32Array(TOP_N);
  for (let t = 0; t < T; t++) {
    const x = feats.data.subarray(t * feats.dim, (t + 1) * feats.dim);
    for (const cb of codebooks) {
      for (let s = 0; s < nStreams; s++) {
        const len = model.streamLengths[s]!;
        const off = model.streamOffsets[s]!;
        const mean = model.means[cb]![s]!;
        const prec = model.precisions[cb]![s]!;
        const norm = model.logNorm[cb]![s]!;
        const o = (cb * nStreams + s) * TOP_N;
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
    const row = t * list.length;
    for (let c = 0; c < list.length; c++) {
      const sen = list[c]!;
      const cb = model.mdef.senoneCodebook[sen]!;
      let total = 0;
      for (let s = 0; s < nStreams; s++) {
        const k0 = (cb * nStreams + s) * TOP_N;
        const wBase = (sen * nStreams + s) * density;
        // log-sum-exp over the top Gaussians, anchored at the best one
        const best = topVal[k0]! + model.qLog[model.weightQ[wBase + topIdx[k0]!]!]!;
        let sum = 1;
        for (let n = 1; n < TOP_N; n++) {
          const v = topVal[k0 + n]! + model.qLog[model.weightQ[wBase + topIdx[k0 + n]!]!]!;
          sum += Math.exp(v - best);
        }
        total += best + Math.log(sum);
      }
      data[row + c] = total;
    }
  }
  return { nFrames: T, column, nColumns: list.length, data };
}

/** Log density of one diagonal Gaussian, stopping early (−Infinity) once it falls below floor. */
export function gaussianScore(
  x: Float32Array,
  off: number,
  mean: Float32Array,
  prec: Float32Array,
  norm: number,
  base: number,
  len: number,
  floor: number,
): number {
  let acc = norm;
  for (let i = 0; i < len; i++) {
    const diff = x[off + i]! - mean[base + i]!;
    acc -= diff * diff * prec[base + i]!;
    if (acc < floor) return -Infinity;
  }
  return acc;
}

/**
 * The best k of scores[a … a + n) into idx/val at offset o, descending (index −1 and −Infinity
 * where fewer): the list insertK builds, with its threshold kept in a local (≈10× faster than
 * insertK per candidate for k = 4).
 */
export function topK(
  scores: Float32Array,
  a: number,
  n: number,
  idx: Int32Array,
  val: Float32Array,
  o: number,
  k: number,
): void {
  for (let j = 0; j < k; j++) {
    idx[o + j] = -1;
    val[o + j] = -Infinity;
  }
  const last = o + k - 1;
  let th = -Infinity;
  for (let d = 0; d < n; d++) {
    const v = scores[a + d]!;
    if (v <= th) continue;
    let j = last;
    while (j > o && val[j - 1]! < v) {
      val[j] = val[j - 1]!;
      idx[j] = idx[j - 1]!;
      j--;
    }
    val[j] = v;
    idx[j] = d;
    th = val[last]!;
  }
}

/** Marks of the seeds of the current topKSeeded call (a generation number per call). */
let seedMark = new Int32Array(256);
let seedGeneration = 0;

/**
 * topK's list, bit for bit, when idx[o … o + k) still holds the previous call's list (the
 * previous frame's best k of the same codebook, as the static stream's shortlist has it). Frames
 * 10 ms apart mostly keep their best Gaussians, so the list is rebuilt from those seeds instead of
 * from the first k scores whatever they are: the seeds' scores now, sorted (they nearly are), then
 * every other score that beats the list's last replaces it. The order is topK's: score descending,
 * ties in index order. Where that could differ (seeds that are not k distinct indices in [0, n),
 * a NaN score, fewer than k scores above −Infinity) it falls back to topK.
 */
export function topKSeeded(
  scores: Float32Array,
  a: number,
  n: number,
  idx: Int32Array,
  val: Float32Array,
  o: number,
  k: number,
): void {
  if (seedMark.length < n) seedMark = new Int32Array(n);
  if (++seedGeneration === 0x7fffffff) {
    seedMark.fill(0);
    seedGeneration = 1;
  }
  const mark = seedMark;
  const gen = seedGeneration;
  // 1. The seeds with their scores now, by insertion (score descending, ties by index).
  for (let j = 0; j < k; j++) {
    const d = idx[o + j]!;
    if (d < 0 || d >= n || mark[d] === gen) return topK(scores, a, n, idx, val, o, k);
    mark[d] = gen;
    const v = scores[a + d]!;
    if (v !== v) return topK(scores, a, n, idx, val, o, k);
    let i = o + j;
    while (i > o && (val[i - 1]! < v || (val[i - 1] === v && idx[i - 1]! > d))) {
      val[i] = val[i - 1]!;
      idx[i] = idx[i - 1]!;
      i--;
    }
    val[i] = v;
    idx[i] = d;
  }
  // 2. Every other score that beats the last of the list takes its place.
  const last = o + k - 1;
  let th = val[last]!;
  let thIdx = idx[last]!;
  for (let d = 0; d < n; d++) {
    const v = scores[a + d]!;
    if (v < th) continue;
    if (v !== v) return topK(scores, a, n, idx, val, o, k);
    if ((v === th && d > thIdx) || mark[d] === gen) continue;
    let i = last;
    while (i > o && (val[i - 1]! < v || (val[i - 1] === v && idx[i - 1]! > d))) {
      val[i] = val[i - 1]!;
      idx[i] = idx[i - 1]!;
      i--;
    }
    val[i] = v;
    idx[i] = d;
    th = val[last]!;
    thIdx = idx[last]!;
  }
  // topK never lists a score of −Infinity (its list is padded with −1 instead).
  if (th === -Infinity) topK(scores, a, n, idx, val, o, k);
}

/** Inserts (d, v) into the descending top-k list at offset o, if it belongs there. */
export function insertK(idx: Int32Array, val: Float32Array, o: number, k: number, d: number, v: number): void {
  let n = k - 1;
  if (v <= val[o + n]!) return;
  while (n > 0 && val[o + n - 1]! < v) {
    val[o + n] = val[o + n - 1]!;
    idx[o + n] = idx[o + n - 1]!;
    n--;
  }
  val[o + n] = v;
  idx[o + n] = d;
}

export const insertTop = (idx: Int32Array, val: Float32Array, o: number, d: number, v: number) =>
  insertK(idx, val, o, TOP_N, d, v);
