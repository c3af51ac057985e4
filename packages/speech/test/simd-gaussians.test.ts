// The WebAssembly SIMD Gaussian scoring (docs/speech-service.md, "The evaluator's cost") gives the
// log densities that gaussianScore computes one Gaussian at a time, to float32 precision, and the
// scorer uses it.
import { beforeAll, describe, expect, it } from 'vitest';
import { gaussianScore, insertTop, topK, TOP_N } from '../src/decoder/senone-scores';
import { simdGaussians } from '../src/decoder/simd-gaussians';
import { loadAcousticModel } from '../src/model/acoustic-model';
import type { AcousticModel } from '../src/model/acoustic-model';

let model: AcousticModel;
beforeAll(() => {
  model = loadAcousticModel();
});

describe('SIMD Gaussian scoring', () => {
  it('matches gaussianScore for every Gaussian of every codebook and stream', () => {
    const simd = simdGaussians(model);
    expect(simd).not.toBeNull();
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
    for (let frame = 0; frame < 3; frame++) {
      const x = Float32Array.from({ length: 39 }, (_, i) => rand() * (i < 13 ? 8 : 2));
      for (let s = 0; s < model.nStreams; s++) {
        const len = model.streamLengths[s]!;
        const off = model.streamOffsets[s]!;
        const all = simd!.score(x, off, s);
        let worst = 0;
        for (let cb = 0; cb < model.means.length; cb++)
          for (let d = 0; d < model.density; d++) {
            const want = gaussianScore(
              x,
              off,
              model.means[cb]![s]!,
              model.precisions[cb]![s]!,
              model.logNorm[cb]![s]![d]!,
              d * len,
              len,
              -Infinity,
            );
            worst = Math.max(worst, Math.abs(all[cb * model.density + d]! - want) / Math.max(1, Math.abs(want)));
          }
        expect(worst).toBeLessThan(1e-5);
      }
    }
  });

  it('keeps the top 4 of a shortlist bit for bit as the JS loop does', () => {
    const simd = simdGaussians(model)!;
    const nCb = model.means.length;
    const s = 0;
    const len = model.streamLengths[s]!;
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    // IncrementalScorer.scoreShortlisted's JS loop (float64, early exit, insertTop).
    const reference = (x: Float32Array, sl: Uint8Array, nsl: number) => {
      const idx = new Int32Array(nCb * TOP_N).fill(-1);
      const val = new Float32Array(nCb * TOP_N).fill(-Infinity);
      for (let cb = 0; cb < nCb; cb++) {
        const mean = model.means[cb]![s]!;
        const prec = model.precisions[cb]![s]!;
        const norm = model.logNorm[cb]![s]!;
        const o = cb * TOP_N;
        let floor = -Infinity;
        for (let k = 0; k < nsl; k++) {
          const d = sl[cb * nsl + k]!;
          let acc: number = norm[d]!;
          for (let i = 0; i < len; i++) {
            const diff = x[i]! - mean[d * len + i]!;
            acc -= diff * diff * prec[d * len + i]!;
            if (acc < floor) break;
          }
          if (acc > floor) {
            insertTop(idx, val, o, d, acc);
            floor = val[o + TOP_N - 1]!;
          }
        }
      }
      return { idx, val };
    };
    let compared = 0;
    for (const nsl of [20, 7, 1, 3, 128]) {
      for (let frame = 0; frame < 4; frame++) {
        const x = Float32Array.from({ length: len }, () => (rand() * 2 - 1) * 12);
        const sl = new Uint8Array(nCb * nsl);
        for (let i = 0; i < sl.length; i++) {
          // duplicates and the same Gaussian twice in a row (ties) included
          sl[i] = nsl === 128 ? i % 128 : frame === 3 && i % 3 === 1 ? sl[i - 1]! : Math.floor(rand() * 128);
        }
        const want = reference(x, sl, nsl);
        simd.shortlisted(x, 0, s, sl, 0, nsl);
        for (let cb = 0; cb < nCb; cb++)
          for (let n = 0; n < TOP_N; n++) {
            expect(simd.topIdx[cb * 8 + n]).toBe(want.idx[cb * TOP_N + n]);
            expect(Object.is(simd.topVal[cb * 8 + 4 + n], want.val[cb * TOP_N + n])).toBe(true);
            compared++;
          }
      }
    }
    expect(compared).toBe(5 * 4 * nCb * TOP_N);
  });

  it('selects the top 4 of each codebook as topK does, ties, NaN and −Infinity included', () => {
    const simd = simdGaussians(model)!;
    const nCb = model.means.length;
    const density = model.density;
    let seed = 5;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const idx = new Int32Array(TOP_N);
    const val = new Float32Array(TOP_N);
    for (let trial = 0; trial < 12; trial++) {
      const scores = new Float32Array(nCb * density);
      for (let cb = 0; cb < nCb; cb++) {
        const kind = (cb + trial) % 7;
        for (let d = 0; d < density; d++) {
          let v = -40 - rand() * 60;
          if (kind === 1) v = Math.round(v / 10) * 10; // many ties
          if (kind === 2) v = d < 3 ? v : -Infinity; // fewer than 4 finite
          if (kind === 3 && d === 17) v = NaN;
          if (kind === 4) v = -Infinity;
          if (kind === 5) v = -40 - d * 0.25; // descending: the first four win
          if (kind === 6) v = -80 + d * 0.25; // ascending: every group inserts
          scores[cb * density + d] = v;
        }
      }
      simd.top4Of(scores);
      for (let cb = 0; cb < nCb; cb++) {
        topK(scores, cb * density, density, idx, val, 0, TOP_N);
        for (let n = 0; n < TOP_N; n++) {
          expect(simd.topIdx[cb * 8 + n]).toBe(idx[n]);
          expect(Object.is(simd.topVal[cb * 8 + 4 + n], val[n])).toBe(true);
        }
      }
    }
  });

  it('takes logarithms with the bits of Math.log', () => {
    const simd = simdGaussians(model)!;
    let seed = 3;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const special = [0, -0, -1, 1, 2, 0.5, Infinity, -Infinity, NaN, 5e-324, 2.2e-308, 1.7976931348623157e308];
    for (const x of special) expect(Object.is(simd.log(x), Math.log(x))).toBe(true);
    let differ = 0;
    for (let i = 0; i < 1_000_000; i++) {
      // a mixture's sums (e^−30 … 4), values near 1 (fdlibm's small-f branch) and any magnitude
      const x =
        i % 3 === 0
          ? Math.exp(-30 + 31.4 * rand())
          : i % 3 === 1
            ? 1 + (rand() - 0.5) * 2 ** (-16 - 20 * rand())
            : 2 ** (-1074 + 2098 * rand()) * (1 + rand());
      if (!Object.is(simd.log(x), Math.log(x))) differ++;
    }
    expect(differ).toBe(0);
  });

  it('is off when ONDOKU_SPEECH_SIMD=off', () => {
    process.env.ONDOKU_SPEECH_SIMD = 'off';
    try {
      expect(simdGaussians(model)).toBeNull();
    } finally {
      delete process.env.ONDOKU_SPEECH_SIMD;
    }
  });
});
