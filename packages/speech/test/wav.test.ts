import { describe, expect, it } from 'vitest';
import { parseWav, writeWav } from '../src/audio/wav';

function wavBytes(opts: {
  format?: number;
  bits?: number;
  channels?: number;
  rate?: number;
  data?: boolean;
  dataBytes?: Uint8Array;
}): Uint8Array {
  const { format = 1, bits = 16, channels = 1, rate = 16000, data = true, dataBytes = new Uint8Array(8) } = opts;
  const chunks: number[] = [];
  const str = (s: string) => [...s].forEach((c) => chunks.push(c.charCodeAt(0)));
  const u32 = (v: number) => chunks.push(v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >>> 24) & 255);
  const u16 = (v: number) => chunks.push(v & 255, (v >> 8) & 255);
  str('RIFF');
  u32(0);
  str('WAVE');
  str('fmt ');
  u32(16);
  u16(format);
  u16(channels);
  u32(rate);
  u32((rate * channels * bits) / 8);
  u16((channels * bits) / 8);
  u16(bits);
  str('LIST');
  u32(4);
  str('INFO');
  if (data) {
    str('data');
    u32(dataBytes.length);
    chunks.push(...dataBytes);
  }
  return new Uint8Array(chunks);
}

describe('parseWav', () => {
  it('refuses a file that is not RIFF/WAVE', () => {
    expect(() => parseWav(new TextEncoder().encode('hello, this is not audio at all'))).toThrow(
      new Error('Invalid WAV file'),
    );
    expect(() => parseWav(new Uint8Array(0))).toThrow(new Error('Invalid WAV file'));
  });
  it('refuses non-PCM formats', () => {
    expect(() => parseWav(wavBytes({ format: 3, bits: 32 }))).toThrow(new Error('Only PCM format is supported'));
  });
  it('refuses a file without a data chunk', () => {
    expect(() => parseWav(wavBytes({ data: false }))).toThrow(new Error('Data chunk not found in WAV file'));
  });
  it('refuses bit depths other than 8 and 16', () => {
    expect(() => parseWav(wavBytes({ bits: 24 }))).toThrow(new Error('Unsupported bit depth'));
    expect(() => parseWav(wavBytes({ bits: 32 }))).toThrow(new Error('Unsupported bit depth'));
  });
  it('reads 8-bit unsigned PCM', () => {
    const w = parseWav(wavBytes({ bits: 8, dataBytes: new Uint8Array([128, 255, 0, 192]) }));
    expect(w.bitsPerSample).toBe(8);
    expect(Array.from(w.samples)).toEqual([0, 127 / 128, -1, 0.5]);
  });
  it('round-trips 16-bit PCM through writeWav, skipping unknown chunks', () => {
    const pcm = new Int16Array([0, 1000, -32768, 32767, -5]);
    const w = parseWav(writeWav(pcm, 22050, 1));
    expect(w.sampleRate).toBe(22050);
    expect(w.channels).toBe(1);
    expect(Array.from(w.samples, (x) => Math.round(x * 32768))).toEqual([0, 1000, -32768, 32767, -5]);
    const stereo = parseWav(wavBytes({ channels: 2, dataBytes: new Uint8Array([0, 64, 0, 192]) }));
    expect(stereo.channels).toBe(2);
    expect(Array.from(stereo.samples)).toEqual([0.5, -0.5]);
  });
});
