import { OpusDecoder } from 'opus-decoder';

/**
 * Turns the audio chunks of one session (the bytes of their base64) into 16 kHz mono 16-bit
 * samples. raw: little-endian 16-bit PCM at 16 kHz; opus: each chunk is one Opus packet, decoded
 * at 16 kHz.
 */
export interface AudioInput {
  /** Decodes one chunk. */
  decode(chunk: Buffer): Int16Array;
  free(): void;
}

export class RawPcmInput implements AudioInput {
  /** A chunk may end in the middle of a sample; its first byte waits for the next chunk. */
  private carry: Buffer | null = null;

  decode(chunk: Buffer): Int16Array {
    let bytes = chunk;
    if (this.carry) {
      bytes = Buffer.concat([this.carry, bytes]);
      this.carry = null;
    }
    if (bytes.length % 2) {
      this.carry = Buffer.from(bytes.subarray(bytes.length - 1));
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    const out = new Int16Array(bytes.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2);
    return out;
  }

  free() {
    this.carry = null;
  }
}

export class OpusInput implements AudioInput {
  private constructor(private readonly decoder: OpusDecoder<16000>) {}

  static async create(): Promise<OpusInput> {
    const decoder = new OpusDecoder({ sampleRate: 16000, channels: 1 });
    await decoder.ready;
    return new OpusInput(decoder);
  }

  decode(chunk: Buffer): Int16Array {
    const decoded = this.decoder.decodeFrame(new Uint8Array(chunk));
    if (decoded.errors.length) throw new Error('opus decode failed');
    const f = decoded.channelData[0] ?? new Float32Array(0);
    const out = new Int16Array(f.length);
    for (let i = 0; i < f.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(f[i]! * 32767)));
    return out;
  }

  free() {
    this.decoder.free();
  }
}
