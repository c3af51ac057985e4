import { capture } from './constants';

/**
 * Device audio (44.1 or 48 kHz, sometimes stereo-mixed already) to 16 kHz mono: each output
 * sample averages the input samples it covers, which low-passes enough for speech. Keeps the
 * fractional position between calls so consecutive buffers join without clicks.
 */
export class Downsampler {
  private readonly ratio: number;
  private position = 0;
  private carry: number[] = [];

  constructor(
    readonly fromRate: number,
    readonly toRate: number = capture.sampleRate,
  ) {
    if (!(fromRate > 0) || !(toRate > 0) || toRate > fromRate) {
      throw new Error(`Invalid resampler settings: ${fromRate} Hz → ${toRate} Hz`);
    }
    this.ratio = fromRate / toRate;
  }

  push(input: Float32Array): Float32Array {
    const data = this.carry.length ? Float32Array.from([...this.carry, ...input]) : input;
    const out: number[] = [];
    let pos = this.position;
    while (pos + this.ratio <= data.length) {
      const start = Math.floor(pos);
      const end = Math.floor(pos + this.ratio);
      let sum = 0;
      for (let i = start; i < end; i++) sum += data[i]!;
      out.push(sum / Math.max(1, end - start));
      pos += this.ratio;
    }
    const keepFrom = Math.floor(pos);
    this.carry = Array.from(data.subarray(keepFrom));
    this.position = pos - keepFrom;
    return Float32Array.from(out);
  }
}

export function floatTo16Bit(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}

/** A 16-bit mono WAV of the recording, for 録音を再生. */
export function wavBlob(samples: Int16Array, rate: number = capture.sampleRate): Blob {
  const header = new DataView(new ArrayBuffer(44));
  const text = (at: number, s: string) => [...s].forEach((c, i) => header.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  header.setUint32(4, 36 + samples.byteLength, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  header.setUint32(16, 16, true);
  header.setUint16(20, 1, true);
  header.setUint16(22, 1, true);
  header.setUint32(24, rate, true);
  header.setUint32(28, rate * 2, true);
  header.setUint16(32, 2, true);
  header.setUint16(34, 16, true);
  text(36, 'data');
  header.setUint32(40, samples.byteLength, true);
  return new Blob([header.buffer, samples.slice().buffer], { type: 'audio/wav' });
}
