// What happens to model audio played into a child's microphone (README.md, "Replayed model
// audio"): gain, a small laptop speaker (band-limited), a room (reverb), background noise, a
// device that resamples, a late start, and the recorder's Opus codec. Deterministic (seeded).
import OpusScript from 'opusscript';
import { RECORDING_BITRATE, RECORDING_COMPLEXITY } from '../src/audio/recording';
import { resampleToMono } from '../src/audio/resample';

const SR = 16_000;
const OPUS_SET_COMPLEXITY = 4010;

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

const gauss = (r: () => number) => Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());

export const gain = (x: Float32Array, g: number) => x.map((v) => v * g);

function rms(x: Float32Array): number {
  // The loud half of the frames: the voice, not the pauses.
  const frames: number[] = [];
  for (let i = 0; i + 320 <= x.length; i += 320) {
    let s = 0;
    for (let j = i; j < i + 320; j++) s += x[j]! * x[j]!;
    frames.push(s / 320);
  }
  frames.sort((a, b) => b - a);
  const top = frames.slice(0, Math.max(1, frames.length >> 1));
  return Math.sqrt(top.reduce((a, b) => a + b, 0) / top.length);
}

/** Noise at `snrDb` below the voice: white noise tilted towards low frequencies (a room, a fan). */
export function addNoise(x: Float32Array, snrDb: number, seed: number): Float32Array {
  const r = rng(seed);
  const n = new Float32Array(x.length);
  let prev = 0;
  for (let i = 0; i < n.length; i++) {
    prev = 0.7 * prev + gauss(r);
    n[i] = prev;
  }
  const k = rms(x) / (rms(n) * 10 ** (snrDb / 20));
  return x.map((v, i) => v + n[i]! * k);
}

/** A room: exponentially decaying noise tail of `rt60` seconds, `wet` of the direct sound. */
export function reverb(x: Float32Array, rt60: number, wet: number, seed: number): Float32Array {
  const r = rng(seed);
  const len = Math.round(rt60 * SR);
  const ir = new Float32Array(len);
  for (let i = 0; i < len; i++) ir[i] = gauss(r) * Math.exp((-6.9 * i) / len);
  let e = 0;
  for (const v of ir) e += v * v;
  const k = wet / Math.sqrt(e);
  // Sparse convolution: every 4th tap of the tail (enough for a diffuse room, 4× cheaper).
  const out = Float32Array.from(x);
  for (let j = 40; j < len; j += 4) {
    const c = ir[j]! * k * 2;
    for (let i = 0; i + j < out.length; i++) out[i + j]! += x[i]! * c;
  }
  return out;
}

function biquad(x: Float32Array, b0: number, b1: number, b2: number, a1: number, a2: number): Float32Array {
  const y = new Float32Array(x.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const v = b0 * x[i]! + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x[i]!;
    y2 = y1;
    y1 = v;
    y[i] = v;
  }
  return y;
}

function pass(x: Float32Array, hz: number, kind: 'low' | 'high'): Float32Array {
  const w = (2 * Math.PI * hz) / SR;
  const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const [b0, b1, b2] =
    kind === 'low' ? [(1 - cos) / 2, 1 - cos, (1 - cos) / 2] : [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2];
  return biquad(x, b0 / a0, b1 / a0, b2 / a0, (-2 * cos) / a0, (1 - alpha) / a0);
}

/** A small laptop speaker: 4th-order high-pass at `lowHz` and low-pass at `highHz`. */
export function speaker(x: Float32Array, lowHz = 400, highHz = 5000): Float32Array {
  return pass(pass(pass(pass(x, lowHz, 'high'), lowHz, 'high'), highHz, 'low'), highHz, 'low');
}

/** Through a device at another rate and back. */
export const resampled = (x: Float32Array, rate = 44_100) =>
  resampleToMono(resampleToMono(x, { fromRate: SR, toRate: rate }), { fromRate: rate, toRate: SR });

/** A late start: `ms` of quiet noise first (and a start between two analysis frames). */
export function delayed(x: Float32Array, ms: number, seed: number): Float32Array {
  const n = Math.round((ms * SR) / 1000);
  const out = new Float32Array(n + x.length);
  const r = rng(seed);
  for (let i = 0; i < n; i++) out[i] = gauss(r) * 1e-4;
  out.set(x, n);
  return out;
}

let encoder: OpusScript | null = null;
let decoder: OpusScript | null = null;
/** The recorder's Opus settings (src/audio/recording.ts): 16 kHz mono VOIP, 24 kbit/s, complexity 5. */
export function opus(x: Float32Array): Float32Array {
  encoder ??= (() => {
    const e = new OpusScript(SR, 1, OpusScript.Application.VOIP);
    e.setBitrate(RECORDING_BITRATE);
    e.encoderCTL(OPUS_SET_COMPLEXITY, RECORDING_COMPLEXITY);
    return e;
  })();
  decoder ??= new OpusScript(SR, 1, OpusScript.Application.VOIP);
  const out = new Float32Array(x.length);
  const frame = new Int16Array(320);
  for (let at = 0; at < x.length; at += 320) {
    frame.fill(0);
    for (let i = 0; i < 320 && at + i < x.length; i++)
      frame[i] = Math.max(-32768, Math.min(32767, Math.round(x[at + i]! * 32767)));
    const packet = encoder.encode(Buffer.from(frame.buffer), 320);
    const pcm = decoder.decode(packet);
    const s = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.byteLength >> 1);
    for (let i = 0; i < 320 && at + i < x.length; i++) out[at + i] = (s[i] ?? 0) / 32768;
  }
  return out;
}

/** The degradations measured, mildest first; each a recording of the model audio into a microphone. */
export const DEGRADATIONS: Array<{ name: string; apply: (x: Float32Array, seed: number) => Float32Array }> = [
  { name: 'clean, gain 0.5', apply: (x) => gain(x, 0.5) },
  { name: 'opus', apply: (x) => opus(x) },
  { name: 'resampled 44.1 kHz, late start', apply: (x, s) => delayed(resampled(x), 300 + (s % 500) + 0.37, s) },
  { name: 'speaker 400–5000 Hz, gain 0.2', apply: (x) => gain(speaker(x), 0.2) },
  { name: 'noise 20 dB', apply: (x, s) => addNoise(x, 20, s) },
  { name: 'room rt60 0.3 s', apply: (x, s) => reverb(x, 0.3, 0.5, s) },
  {
    name: 'speaker + room + noise 20 dB + late start + opus',
    apply: (x, s) => opus(addNoise(delayed(reverb(gain(speaker(x), 0.3), 0.3, 0.5, s), 200 + (s % 700), s), 20, s + 1)),
  },
  {
    name: 'speaker + room 0.5 s + noise 10 dB + resampled + opus',
    apply: (x, s) => opus(addNoise(resampled(reverb(speaker(x, 500, 4000), 0.5, 0.7, s)), 10, s + 1)),
  },
];
