// topKSeeded (the static stream's shortlist, seeded with the previous frame's) must give topK's
// list exactly: same indices, same order, ties in index order, whatever the seeds.
import { describe, expect, it } from 'vitest';
import { topK, topKSeeded } from '../src/decoder/senone-scores';

/** Deterministic pseudo-random numbers in [0, 1). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296;
}

/** Frames of scores that drift from frame to frame, as Gaussian scores of 10 ms frames do. */
function frames(n: number, count: number, seed: number, quantum = 0): Float32Array[] {
  const r = rng(seed);
  const base = Float32Array.from({ length: n }, () => -50 * r());
  return Array.from({ length: count }, () => {
    for (let d = 0; d < n; d++) base[d] = base[d]! + 6 * (r() - 0.5);
    // quantum > 0: values on a coarse grid, so that many scores tie
    return quantum ? base.map((v) => Math.round(v / quantum) * quantum) : base.slice();
  });
}

function compare(all: Float32Array[], n: number, k: number, blocks = 3) {
  const idxA = new Int32Array(blocks * k).fill(-1);
  const valA = new Float32Array(blocks * k);
  const idxB = new Int32Array(blocks * k).fill(-1);
  const valB = new Float32Array(blocks * k);
  for (const scores of all) {
    // the same scores cut into `blocks` codebooks of n / blocks Gaussians
    const m = Math.floor(n / blocks);
    for (let b = 0; b < blocks; b++) {
      topK(scores, b * m, m, idxA, valA, b * k, k);
      topKSeeded(scores, b * m, m, idxB, valB, b * k, k);
    }
    expect(Array.from(idxB)).toEqual(Array.from(idxA));
    expect(Array.from(valB)).toEqual(Array.from(valA));
  }
}

describe('topKSeeded', () => {
  it("gives topK's list over drifting frames (the static stream's shortlist: 20 of 128)", () => {
    compare(frames(3 * 128, 200, 1), 3 * 128, 20);
  });

  it('keeps ties at the bound in index order, as topK does', () => {
    compare(frames(3 * 128, 200, 2, 4), 3 * 128, 20);
    compare(frames(3 * 32, 100, 3, 8), 3 * 32, 4);
  });

  it('with no seeds (−1) or seeds that cannot be a previous list, still gives topK', () => {
    const [scores] = frames(128, 1, 4);
    const want = { idx: new Int32Array(20), val: new Float32Array(20) };
    topK(scores!, 0, 128, want.idx, want.val, 0, 20);
    for (const seed of [-1, 500]) {
      const idx = new Int32Array(20).fill(seed);
      const val = new Float32Array(20);
      topKSeeded(scores!, 0, 128, idx, val, 0, 20);
      expect(Array.from(idx)).toEqual(Array.from(want.idx));
    }
  });

  it('with repeated seeds, or fewer than k scores above −Infinity, still gives topK (padded with −1)', () => {
    const scores = Float32Array.from({ length: 16 }, (_, i) => (i < 3 ? -i : -Infinity));
    for (const seeds of [
      [5, 5, 6, 7],
      [0, 1, 2, 3],
    ]) {
      const idx = Int32Array.from(seeds);
      const val = new Float32Array(4);
      topKSeeded(scores, 0, 16, idx, val, 0, 4);
      const want = new Int32Array(4);
      topK(scores, 0, 16, want, new Float32Array(4), 0, 4);
      expect(Array.from(idx)).toEqual(Array.from(want));
      expect(Array.from(idx)).toEqual([0, 1, 2, -1]);
    }
    const many = Float32Array.from({ length: 16 }, (_, i) => -i);
    const idx = Int32Array.from([5, 5, 6, 7]);
    topKSeeded(many, 0, 16, idx, new Float32Array(4), 0, 4);
    expect(Array.from(idx)).toEqual([0, 1, 2, 3]);
  });

  it('treats a NaN score as topK does', () => {
    const withNaN = Float32Array.from({ length: 16 }, (_, i) => (i === 9 ? NaN : -i));
    const idx = Int32Array.from([0, 1, 2, 3]);
    topKSeeded(withNaN, 0, 16, idx, new Float32Array(4), 0, 4);
    const want = new Int32Array(4);
    topK(withNaN, 0, 16, want, new Float32Array(4), 0, 4);
    expect(Array.from(idx)).toEqual(Array.from(want));
  });

  it('treats a NaN score at a seed as topK does', () => {
    const scores = Float32Array.from({ length: 16 }, (_, i) => -i);
    const idx = new Int32Array([3, 1, 2, 0]);
    scores[3] = NaN;
    topKSeeded(scores, 0, 16, idx, new Float32Array(4), 0, 4);
    const want = new Int32Array(4);
    topK(scores, 0, 16, want, new Float32Array(4), 0, 4);
    expect(Array.from(idx)).toEqual(Array.from(want));
  });

  it('skips the scores under the bound: a seeded list costs fewer insertions than topK', () => {
    // Ascending scores: topK inserts every one of them; with the last frame's best as seeds,
    // only the k at the top pass the bound.
    const scores = Float32Array.from({ length: 128 }, (_, i) => i);
    const counting = (vals: Float32Array) => {
      let writes = 0;
      return new Proxy(vals, {
        set(target, p, v) {
          if (typeof p === 'string' && /^\d+$/.test(p)) writes++;
          return Reflect.set(target, p, v);
        },
        get(target, p) {
          if (p === 'writes') return writes;
          const v = Reflect.get(target, p) as unknown;
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      }) as Float32Array & { writes: number };
    };
    const plain = counting(new Float32Array(20));
    topK(scores, 0, 128, new Int32Array(20), plain, 0, 20);
    const idx = Int32Array.from({ length: 20 }, (_, j) => 127 - j);
    const seeded = counting(new Float32Array(20));
    topKSeeded(scores, 0, 128, idx, seeded, 0, 20);
    expect(seeded.writes).toBeLessThan(plain.writes / 4);
  });
});
