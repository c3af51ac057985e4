import { capture } from './constants';

/**
 * The encoder worker's logic, kept pure for tests: samples queue up as 320-sample frames; each
 * poll takes up to 3200 samples and turns every frame into one chunk (raw: little-endian 16-bit
 * PCM, base64). `flush` encodes what is left, the last frame possibly shorter.
 */
export class FrameEncoder {
  private queue: Int16Array[] = [];
  private queued = 0;

  add(samples: Int16Array) {
    if (samples.length === 0) return;
    this.queue.push(samples);
    this.queued += samples.length;
  }

  get pending() {
    return this.queued;
  }

  /** One poll: whole frames only, at most encoderTakeSamples. */
  poll(): string[] {
    const frames = Math.min(
      Math.floor(this.queued / capture.frameSamples),
      capture.encoderTakeSamples / capture.frameSamples,
    );
    return this.take(frames * capture.frameSamples);
  }

  flush(): string[] {
    const chunks: string[] = [];
    while (this.queued > 0) chunks.push(...this.take(Math.min(this.queued, capture.encoderTakeSamples)));
    return chunks;
  }

  private take(count: number): string[] {
    if (count <= 0) return [];
    const all = new Int16Array(count);
    let at = 0;
    while (at < count) {
      const head = this.queue[0]!;
      const n = Math.min(head.length, count - at);
      all.set(head.subarray(0, n), at);
      at += n;
      if (n === head.length) this.queue.shift();
      else this.queue[0] = head.subarray(n);
    }
    this.queued -= count;
    const chunks: string[] = [];
    for (let i = 0; i < count; i += capture.frameSamples)
      chunks.push(toBase64(all.subarray(i, i + capture.frameSamples)));
    return chunks;
  }
}

export function toBase64(samples: Int16Array): string {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  samples.forEach((s, i) => view.setInt16(i * 2, s, true));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** Joins several base64 PCM chunks into one (for one auw frame). */
export function joinChunks(chunks: string[]): string {
  return btoa(chunks.map((c) => atob(c)).join(''));
}

/** Messages between the recorder and its encoder worker. */
export type EncoderRequest = { type: 'samples'; samples: Int16Array } | { type: 'flush' } | { type: 'reset' };
export type EncoderReply = { type: 'chunks'; chunks: string[] } | { type: 'flushed'; chunks: string[] };
