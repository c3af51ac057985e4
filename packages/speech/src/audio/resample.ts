// Conversion to the evaluator's input: 16 kHz mono. Channels are averaged; the rate is changed
// with a windowed-sinc interpolator whose cut-off sits below the lower Nyquist frequency, so
// downsampling (44.1/48 kHz recordings, 22.05 kHz TTS) does not alias.

export const TARGET_SAMPLE_RATE = 16000;

export interface ResampleOptions {
  fromRate: number;
  toRate?: number;
  channels?: number;
}

export function resampleToMono(samples: Float32Array, opts: ResampleOptions): Float32Array {
  const { fromRate, toRate = TARGET_SAMPLE_RATE, channels = 1 } = opts;
  if (!Number.isFinite(fromRate) || fromRate <= 0 || !Number.isInteger(fromRate)) {
    throw new Error(`Invalid resampler setting: input sample rate ${fromRate}`);
  }
  if (!Number.isFinite(toRate) || toRate <= 0 || !Number.isInteger(toRate)) {
    throw new Error(`Invalid resampler setting: output sample rate ${toRate}`);
  }
  if (!Number.isInteger(channels) || channels < 1 || channels > 32) {
    throw new Error(`Invalid resampler setting: channel count ${channels}`);
  }
  if (samples.length % channels !== 0) {
    throw new Error('Invalid resampler setting: sample count is not a multiple of the channel count');
  }
  const mono = mixDown(samples, channels);
  return fromRate === toRate ? mono : resample(mono, fromRate, toRate);
}

function mixDown(samples: Float32Array, channels: number): Float32Array {
  if (channels === 1) return samples;
  const n = samples.length / channels;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let c = 0; c < channels; c++) s += samples[i * channels + c]!;
    out[i] = s / channels;
  }
  return out;
}

const HALF_TAPS = 16;

function resample(x: Float32Array, from: number, to: number): Float32Array {
  const ratio = to / from;
  const n = Math.floor(x.length * ratio);
  const out = new Float32Array(n);
  const cutoff = Math.min(1, ratio) * 0.95; // fraction of the input Nyquist frequency
  const halfWidth = HALF_TAPS / cutoff;
  for (let i = 0; i < n; i++) {
    const center = i / ratio;
    const lo = Math.max(0, Math.ceil(center - halfWidth));
    const hi = Math.min(x.length - 1, Math.floor(center + halfWidth));
    let acc = 0;
    let norm = 0;
    for (let j = lo; j <= hi; j++) {
      const d = j - center;
      const arg = d * cutoff;
      const sinc = arg === 0 ? 1 : Math.sin(Math.PI * arg) / (Math.PI * arg);
      const win = 0.5 + 0.5 * Math.cos((Math.PI * d) / halfWidth); // Hann window
      const w = sinc * win;
      acc += x[j]! * w;
      norm += w;
    }
    out[i] = norm > 0 ? acc / norm : 0;
  }
  return out;
}
