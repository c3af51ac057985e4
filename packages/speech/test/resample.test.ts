import { describe, expect, it } from 'vitest';
import { resampleToMono } from '../src/audio/resample';

const sine = (hz: number, rate: number, seconds: number, channels = 1) => {
  const n = Math.round(rate * seconds);
  const out = new Float32Array(n * channels);
  for (let i = 0; i < n; i++)
    for (let c = 0; c < channels; c++) out[i * channels + c] = 0.5 * Math.sin((2 * Math.PI * hz * i) / rate);
  return out;
};
const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);

describe('resampleToMono', () => {
  it('raises an error for invalid settings', () => {
    const x = new Float32Array(10);
    expect(() => resampleToMono(x, { fromRate: 0 })).toThrow(/Invalid resampler setting/);
    expect(() => resampleToMono(x, { fromRate: Number.NaN })).toThrow(/Invalid resampler setting/);
    expect(() => resampleToMono(x, { fromRate: 44100.5 })).toThrow(/Invalid resampler setting/);
    expect(() => resampleToMono(x, { fromRate: 48000, toRate: -16000 })).toThrow(/Invalid resampler setting/);
    expect(() => resampleToMono(x, { fromRate: 48000, channels: 0 })).toThrow(/Invalid resampler setting/);
    expect(() => resampleToMono(new Float32Array(9), { fromRate: 48000, channels: 2 })).toThrow(
      /Invalid resampler setting/,
    );
  });
  it('keeps an in-band tone and the duration when going 48 kHz stereo → 16 kHz mono', () => {
    const y = resampleToMono(sine(440, 48000, 1, 2), { fromRate: 48000, channels: 2 });
    expect(y.length).toBe(16000);
    expect(rms(y.subarray(100, 15900))).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });
  it('removes content above the new Nyquist frequency instead of aliasing it', () => {
    const y = resampleToMono(sine(12000, 48000, 1), { fromRate: 48000 });
    expect(rms(y.subarray(100, 15900))).toBeLessThan(0.02);
  });
});
