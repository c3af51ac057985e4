import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFeatParams } from '../src/model/feat-params';
import { MfccExtractor, warpFrequency } from '../src/frontend/mfcc';
import { extractFeatures } from '../src/frontend/index';

const params = parseFeatParams(readFileSync(path.join(import.meta.dirname, '../model/feat.params'), 'utf8'));

describe('MFCC front end', () => {
  it('follows feat.params: 25 filters, 130–6800 Hz, DCT, lifter 22, 1s_c_d_dd', () => {
    expect(params.nfilt).toBe(25);
    expect(params.lowerf).toBe(130);
    expect(params.upperf).toBe(6800);
    expect(params.transform).toBe('dct');
    expect(params.lifter).toBe(22);
    expect(params.streams).toEqual([
      [0, 12],
      [13, 25],
      [26, 38],
    ]);
  });
  it('frames 16 kHz audio every 10 ms with a 25.6 ms window', () => {
    const m = new MfccExtractor(params);
    expect(m.frameShift).toBe(160);
    expect(m.frameLength).toBe(410);
    expect(m.compute(new Float32Array(16000)).length).toBe(m.frameCount(16000));
    expect(m.frameCount(16000)).toBe(99);
  });
  it('gives louder frames a higher c0 and a tone a different spectral shape than noise', () => {
    const m = new MfccExtractor(params);
    const tone = new Float32Array(4000);
    const noise = new Float32Array(4000);
    let seed = 3;
    for (let i = 0; i < 4000; i++) {
      tone[i] = 3000 * Math.sin((2 * Math.PI * 1000 * i) / 16000);
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      noise[i] = (seed / 0x7fffffff - 0.5) * 600;
    }
    const ct = m.compute(tone)[5]!;
    const cn = m.compute(noise)[5]!;
    const loud = m.compute(tone.map((x) => x * 10))[5]!;
    expect(loud[0]! - ct[0]!).toBeCloseTo(Math.log(100) * Math.sqrt(25), 1); // c0 = √(1/N)·Σ log E
    const dist = Math.hypot(...Array.from(ct.subarray(1), (v, i) => v - cn[i + 1]!));
    expect(dist).toBeGreaterThan(20);
  });
  it('removes the cepstral mean and gives zero deltas on a stationary signal', () => {
    const x = new Float32Array(16000);
    // A 100 Hz pulse train: broadband, and periodic with the 160-sample frame shift, so every
    // frame sees the same signal.
    for (let i = 0; i < x.length; i += 160) x[i] = 0.5;
    const f = extractFeatures(x, params);
    expect(f.dim).toBe(39);
    let mean0 = 0;
    for (let t = 0; t < f.nFrames; t++) mean0 += f.data[t * 39]!;
    expect(Math.abs(mean0 / f.nFrames)).toBeLessThan(1e-3);
    const mid = 50 * 39;
    for (let i = 13; i < 39; i++) expect(Math.abs(f.data[mid + i]!)).toBeLessThan(0.05);
  });

  it('warps the filterbank for VTLN: α = 1 changes nothing, edges stay, a shifted tone matches', () => {
    expect(warpFrequency(1000, 1, 130, 6800)).toBe(1000);
    for (const a of [0.8, 0.9, 1.1]) {
      expect(warpFrequency(130, a, 130, 6800)).toBe(130);
      expect(warpFrequency(6800, a, 130, 6800)).toBe(6800);
      expect(warpFrequency(2000, a, 130, 6800)).toBeCloseTo(2000 / a, 6);
      let prev = 130;
      for (let f = 140; f < 6800; f += 10) {
        const w = warpFrequency(f, a, 130, 6800);
        expect(w).toBeGreaterThan(prev);
        prev = w;
      }
    }
    const tone = (hz: number) =>
      Float32Array.from({ length: 4000 }, (_, i) => 3000 * Math.sin((2 * Math.PI * hz * i) / 16000));
    const plain = new MfccExtractor(params);
    expect(new MfccExtractor(params, 1).compute(tone(1000))[5]).toEqual(plain.compute(tone(1000))[5]);
    // A tone 25 % higher under α = 0.8 looks like the tone unwarped, and unlike itself unwarped.
    const ref = plain.compute(tone(1000))[5]!;
    const warped = new MfccExtractor(params, 0.8).compute(tone(1250))[5]!;
    const high = plain.compute(tone(1250))[5]!;
    const dist = (a: Float32Array, b: Float32Array) =>
      Math.hypot(...Array.from(a.subarray(1), (v, i) => v - b[i + 1]!));
    expect(dist(warped, ref)).toBeLessThan(dist(high, ref) / 3);
  });
});
