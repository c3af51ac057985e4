import { describe, expect, it } from 'vitest';
import { capture, recorderMessages } from './constants';
import { FrameEncoder, joinChunks, toBase64 } from './encoder-core';
import { checkRecorderSupport } from './recorder';
import { Downsampler, floatTo16Bit, wavBlob } from './resample';

const sine = (rate: number, hz: number, seconds: number) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate) * 0.5);

describe('Downsampler', () => {
  it('turns 48 kHz into 16 kHz across buffer boundaries, keeping the tone', () => {
    const input = sine(48_000, 440, 1);
    const d = new Downsampler(48_000);
    const parts: Float32Array[] = [];
    for (let i = 0; i < input.length; i += capture.bufferSize)
      parts.push(d.push(input.subarray(i, i + capture.bufferSize)));
    const out = Float32Array.from(parts.flatMap((p) => [...p]));
    expect(Math.abs(out.length - 16_000)).toBeLessThanOrEqual(1);
    // Count zero crossings: 440 Hz → 880 per second.
    let crossings = 0;
    for (let i = 1; i < out.length; i++) if (out[i - 1]! < 0 !== out[i]! < 0) crossings++;
    expect(Math.abs(crossings - 880)).toBeLessThanOrEqual(4);
  });

  it('handles 44.1 kHz', () => {
    const out = new Downsampler(44_100).push(sine(44_100, 300, 0.5));
    expect(Math.abs(out.length - 8000)).toBeLessThanOrEqual(1);
  });

  it('raises an error for invalid settings', () => {
    expect(() => new Downsampler(0)).toThrow('Invalid resampler settings');
    expect(() => new Downsampler(8000, 16_000)).toThrow('Invalid resampler settings');
    expect(() => new Downsampler(Number.NaN)).toThrow();
  });
});

describe('floatTo16Bit and wavBlob', () => {
  it('clips and scales', () => {
    expect([...floatTo16Bit(Float32Array.from([0, 1, -1, 2, -2]))]).toEqual([0, 32767, -32768, 32767, -32768]);
  });
  it('writes a 16 kHz mono WAV header', async () => {
    const blob = wavBlob(new Int16Array(160));
    expect(blob.size).toBe(44 + 320);
    // jsdom's Blob lacks arrayBuffer(); FileReader reads it the way browsers did before.
    const buffer = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blob);
    });
    const view = new DataView(buffer);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint16(22, true)).toBe(1);
  });
});

describe('FrameEncoder (encoder worker logic)', () => {
  it('takes at most 3200 samples per poll as 320-sample chunks', () => {
    const enc = new FrameEncoder();
    enc.add(new Int16Array(5000).fill(1));
    const first = enc.poll();
    expect(first).toHaveLength(10);
    expect(atob(first[0]!).length).toBe(640);
    const second = enc.poll();
    expect(second).toHaveLength(5); // 1800 samples → 5 whole frames, 200 left
    expect(enc.pending).toBe(200);
    expect(enc.poll()).toHaveLength(0);
    const rest = enc.flush();
    expect(rest).toHaveLength(1);
    expect(atob(rest[0]!).length).toBe(400);
    expect(enc.pending).toBe(0);
  });

  it('keeps sample order and little-endian bytes', () => {
    const enc = new FrameEncoder();
    enc.add(Int16Array.from({ length: 200 }, (_, i) => i));
    enc.add(Int16Array.from({ length: 200 }, (_, i) => 200 + i));
    const [chunk] = enc.poll();
    const bytes = Uint8Array.from(atob(chunk!), (c) => c.charCodeAt(0));
    const samples = new Int16Array(bytes.buffer);
    expect([...samples.slice(198, 202)]).toEqual([198, 199, 200, 201]);
    expect(joinChunks([toBase64(Int16Array.of(1)), toBase64(Int16Array.of(2))])).toBe(toBase64(Int16Array.of(1, 2)));
  });
});

describe('checkRecorderSupport (the contract’s messages)', () => {
  it('names what is missing', () => {
    expect(checkRecorderSupport({ encoderUrl: '/e.js' })).toBe('Missing websocket request URL');
    expect(checkRecorderSupport({ socketUrl: 'ws://x' })).toBe('There is no speexUrl');
    // jsdom has no microphone.
    expect(checkRecorderSupport({ socketUrl: 'ws://x', encoderUrl: '/e.js' })).toBe(recorderMessages.noMicrophone);
    expect(recorderMessages.noMicrophone).toBe('Browser does not support!');
    const saved = globalThis.WebSocket;
    // @ts-expect-error simulate a browser without WebSocket
    delete globalThis.WebSocket;
    expect(checkRecorderSupport({ socketUrl: 'ws://x', encoderUrl: '/e.js' })).toBe(
      'Your browser does not support WebSocket!',
    );
    globalThis.WebSocket = saved;
  });
});
