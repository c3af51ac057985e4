import { BufferTarget, EncodedAudioPacketSource, EncodedPacket, Output, WebMOutputFormat } from 'mediabunny';
import OpusScript from 'opusscript';

/**
 * The recording of one evaluation, kept as WebM/Opus (the server's docs/speech-service.md,
 * "Recordings"): what Chrome and Safari (17 and later, iPad included) play in an <audio> element.
 * Opus packets a client sent are kept as they are (`addPacket`, no re-encoding: the server does
 * that on its main thread, it costs little); raw PCM (`addPcm`) is encoded 20 ms at a time with
 * libopus (opusscript, WebAssembly) at 24 kbit/s, complexity 5 — inside the speech worker that
 * scores the same stream (stream_start `record`), so the encoding scales with the workers and
 * never runs on the server's event loop. `finish()` muxes the packets into WebM (mediabunny).
 */
export const RECORDING_TYPE = 'audio/webm';

const SAMPLE_RATE = 16_000;
/** 20 ms at 16 kHz: one Opus frame of the server's encoder. */
const FRAME = 320;
export const RECORDING_BITRATE = 24_000;
export const RECORDING_COMPLEXITY = 5;
const OPUS_SET_COMPLEXITY = 4010;
/**
 * Samples (at 48 kHz) a decoder drops at the start: libopus's encoder lookahead (also the
 * browsers' WebCodecs encoder, libopus inside), written into the OpusHead of the file.
 */
const PRE_SKIP = 312;

interface Packet {
  data: Uint8Array;
  /** Length in seconds. */
  duration: number;
}

/** The OpusHead identification header (RFC 7845, section 5.1): the CodecPrivate of a WebM Opus track. */
function opusHead(inputSampleRate: number): Uint8Array {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8); // version
  head.writeUInt8(1, 9); // channels
  head.writeUInt16LE(PRE_SKIP, 10);
  head.writeUInt32LE(inputSampleRate, 12);
  head.writeInt16LE(0, 16); // output gain
  head.writeUInt8(0, 18); // channel mapping family 0: mono or stereo
  return new Uint8Array(head);
}

export class Recording {
  private packets: Packet[] = [];
  private encoder: OpusScript | null = null;
  /** PCM waiting for a whole 20 ms frame. */
  private pending = new Int16Array(FRAME);
  private pendingLength = 0;
  private freed = false;
  /** Samples (16 kHz) received: the recording's length. */
  samples = 0;

  /** Raw PCM (16 kHz mono) as it arrives: encoded 20 ms at a time. */
  addPcm(pcm: Int16Array) {
    if (this.freed) return;
    this.samples += pcm.length;
    let offset = 0;
    while (offset < pcm.length) {
      const take = Math.min(FRAME - this.pendingLength, pcm.length - offset);
      this.pending.set(pcm.subarray(offset, offset + take), this.pendingLength);
      this.pendingLength += take;
      offset += take;
      if (this.pendingLength === FRAME) this.encodeFrame();
    }
  }

  /** One Opus packet the client sent, with the number of 16 kHz samples it decoded to. */
  addPacket(packet: Uint8Array, samples: number) {
    if (this.freed) return;
    this.samples += samples;
    if (samples > 0) this.packets.push({ data: packet, duration: samples / SAMPLE_RATE });
  }

  get durationMs() {
    return Math.round((this.samples * 1000) / SAMPLE_RATE);
  }

  private encodeFrame() {
    if (!this.encoder) {
      this.encoder = new OpusScript(SAMPLE_RATE, 1, OpusScript.Application.VOIP);
      this.encoder.setBitrate(RECORDING_BITRATE);
      this.encoder.encoderCTL(OPUS_SET_COMPLEXITY, RECORDING_COMPLEXITY);
    }
    const frame = this.pending;
    const packet = this.encoder.encode(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength), FRAME);
    this.packets.push({ data: new Uint8Array(packet), duration: FRAME / SAMPLE_RATE });
    this.pendingLength = 0;
  }

  /** The WebM file (null when nothing was recorded); frees the encoder. */
  async finish(): Promise<Uint8Array | null> {
    if (this.freed) return null;
    if (this.pendingLength > 0) {
      // The last partial frame, completed with silence.
      this.pending.fill(0, this.pendingLength);
      this.encodeFrame();
    }
    const packets = this.packets;
    this.free();
    if (!packets.length) return null;
    const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
    const source = new EncodedAudioPacketSource('opus');
    output.addAudioTrack(source);
    await output.start();
    let time = 0;
    for (const [i, p] of packets.entries()) {
      const packet = new EncodedPacket(p.data, 'key', time, p.duration);
      time += p.duration;
      await source.add(
        packet,
        i === 0
          ? {
              decoderConfig: {
                codec: 'opus',
                numberOfChannels: 1,
                sampleRate: 48_000,
                description: opusHead(SAMPLE_RATE),
              },
            }
          : undefined,
      );
    }
    await output.finalize();
    const buffer = output.target.buffer;
    return buffer ? new Uint8Array(buffer) : null;
  }

  /** Releases the encoder (the client left, or the session ended). */
  free() {
    this.freed = true;
    this.packets = [];
    this.encoder?.delete();
    this.encoder = null;
  }
}
