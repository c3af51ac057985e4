import { OpusDecoder } from 'opus-decoder';

/**
 * Turns the base64 audio chunks of one session into 16 kHz mono 16-bit samples.
 * raw: little-endian 16-bit PCM at 16 kHz; opus: each chunk is one Opus packet, decoded at 16 kHz.
 */
export interface AudioInput {
  /** Decodes one chunk and returns how many samples it added. */
  push(base64: string): number;
  /** Samples received so far. */
  readonly length: number;
  samples(): Int16Array;
  free(): void;
}

export class RawPcmInput implements AudioInput {
  private chunks: Int16Array[] = [];
  private total = 0;
  private carry: Buffer | null = null;

  get length() {
    return this.total;
  }

  push(base64: string): number {
    let bytes = Buffer.from(base64, 'base64');
    if (this.carry) {
      bytes = Buffer.concat([this.carry, bytes]);
      this.carry = null;
    }
    if (bytes.length % 2) {
      this.carry = bytes.subarray(bytes.length - 1);
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    const out = new Int16Array(bytes.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2);
    return this.pushSamples(out);
  }

  pushSamples(samples: Int16Array): number {
    this.chunks.push(samples);
    this.total += samples.length;
    return samples.length;
  }

  samples(): Int16Array {
    const all = new Int16Array(this.total);
    let at = 0;
    for (const c of this.chunks) {
      all.set(c, at);
      at += c.length;
    }
    return all;
  }

  free() {
    this.chunks = [];
  }
}

export class OpusInput implements AudioInput {
  private readonly pcm = new RawPcmInput();
  private constructor(private readonly decoder: OpusDecoder<16000>) {}

  get length() {
    return this.pcm.length;
  }

  static async create(): Promise<OpusInput> {
    const decoder = new OpusDecoder({ sampleRate: 16000, channels: 1 });
    await decoder.ready;
    return new OpusInput(decoder);
  }

  push(base64: string): number {
    const packet = new Uint8Array(Buffer.from(base64, 'base64'));
    const decoded = this.decoder.decodeFrame(packet);
    if (decoded.errors.length) throw new Error('opus decode failed');
    const f = decoded.channelData[0] ?? new Float32Array(0);
    const out = new Int16Array(f.length);
    for (let i = 0; i < f.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(f[i]! * 32767)));
    return this.pcm.pushSamples(out);
  }

  samples() {
    return this.pcm.samples();
  }

  free() {
    this.pcm.free();
    this.decoder.free();
  }
}
