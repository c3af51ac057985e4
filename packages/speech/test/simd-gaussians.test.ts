// The WebAssembly SIMD Gaussian scoring (issue 11, item 6) gives the log densities that
// gaussianScore computes one Gaussian at a time, to float32 precision, and the scorer uses it.
import { beforeAll, describe, expect, it } from 'vitest';
import { gaussianScore } from '../src/decoder/senone-scores';
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

  it('is off when ONDOKU_SPEECH_SIMD=off', () => {
    process.env.ONDOKU_SPEECH_SIMD = 'off';
    try {
      expect(simdGaussians(model)).toBeNull();
    } finally {
      delete process.env.ONDOKU_SPEECH_SIMD;
    }
  });
});
