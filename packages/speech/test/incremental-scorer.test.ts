// The incremental scorer (used by evaluate() and startStream()) against the straightforward
// batch computation: features of the whole utterance, then every Gaussian of every stream.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvaluator, type Evaluator } from '../src/evaluator/evaluator';
import { addNoise } from '../bench/dataset';
import { synthesize } from '../src/tts/synthesize';
import { extractFeatures } from '../src/frontend/index';
import { scoreSenones } from '../src/decoder/senone-scores';
import { IncrementalScorer } from '../src/decoder/incremental-scorer';
import { MfccExtractor } from '../src/frontend/mfcc';
import { simdGaussians } from '../src/decoder/simd-gaussians';

let ev: Evaluator;
let audio: Float32Array;

beforeAll(async () => {
  ev = await loadEvaluator();
  audio = addNoise((await synthesize({ text: 'My sister reads a book in the library.', toneType: 5 })).samples, 20, 4);
});

describe('incremental senone scoring', () => {
  it('matches the batch scores closely, whatever the chunking', () => {
    const m = ev.model;
    const senones = new Set<number>();
    for (let s = 0; s < m.mdef.nSenones; s += 7) senones.add(s);
    const ref = scoreSenones(m, extractFeatures(audio, m.params), senones);
    for (const chunk of [audio.length, 160, 4000]) {
      const sc = new IncrementalScorer(m, new MfccExtractor(m.params));
      // senones known only after some audio: the pending frames are mixed when they arrive
      sc.push(audio.subarray(0, 8000));
      sc.setSenones(senones);
      for (let i = 8000; i < audio.length; i += chunk) sc.push(audio.subarray(i, i + chunk));
      const got = sc.finish();
      expect(got.nFrames).toBe(ref.nFrames);
      expect(got.nColumns).toBe(ref.nColumns);
      let sum = 0;
      let far = 0;
      for (let i = 0; i < ref.data.length; i++) {
        const d = Math.abs(ref.data[i]! - got.data[i]!);
        sum += d;
        if (d > 0.5) far++;
      }
      expect(sum / ref.data.length).toBeLessThan(2e-3);
      expect(far / ref.data.length).toBeLessThan(1e-3);
      expect(sc.fullSearchShare).toBeLessThan(0.6);
    }
  });

  it('gives the same scores, bit for bit, with the WebAssembly kernels as in JS', () => {
    const m = ev.model;
    const senones = new Set<number>();
    for (let s = 0; s < m.mdef.nSenones; s += 3) senones.add(s);
    const run = (kernel: boolean) => {
      const sc = new IncrementalScorer(m, new MfccExtractor(m.params));
      // the kernels of the finish (and of the live streams' top 4) on or off together
      Object.assign(sc, { shortlistKernel: kernel, top4Kernel: kernel, mixKernel: kernel });
      sc.setSenones(senones);
      for (let i = 0; i < audio.length; i += 3200) sc.push(audio.subarray(i, i + 3200));
      return sc.finish();
    };
    const js = run(false);
    // the module's kernels are used (not only their JS fallbacks)
    const simd = simdGaussians(m)! as unknown as Record<string, (...a: unknown[]) => unknown>;
    const calls: Record<string, number> = { shortlisted: 0, scoreTop4: 0, mix1: 0 };
    for (const k of Object.keys(calls)) {
      const f = simd[k]!;
      simd[k] = (...a: unknown[]) => {
        calls[k]!++;
        return f.apply(simd, a);
      };
    }
    const wasm = run(true);
    for (const k of Object.keys(calls)) delete simd[k];
    expect(calls.shortlisted).toBeGreaterThan(0);
    expect(calls.scoreTop4).toBeGreaterThan(0);
    expect(calls.mix1).toBe(wasm.nFrames); // every frame of the static stream, at the finish
    expect(wasm.nFrames).toBe(js.nFrames);
    let differ = 0;
    for (let i = 0; i < js.data.length; i++) if (!Object.is(js.data[i], wasm.data[i])) differ++;
    expect(differ).toBe(0);
  });
});
