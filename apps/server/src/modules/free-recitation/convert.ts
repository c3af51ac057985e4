import { recitationMessages, wavErrors } from '@ondoku/contract';
import { MAX_AUDIO_SECONDS, parseWav, resampleToMono, writeWav } from '@ondoku/speech';
import decodeAacFile from '@audio/decode-aac';
import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { OggVorbisDecoder } from '@wasm-audio-decoders/ogg-vorbis';
import {
  ADTS,
  ALL_FORMATS,
  AudioSampleSink,
  BufferSource,
  EncodedPacketSink,
  FLAC,
  Input,
  MP3,
  MP4,
  OGG,
  QTFF,
  type InputFormat,
} from 'mediabunny';
import { MPEGDecoder } from 'mpg123-decoder';
import { OpusDecoder } from 'opus-decoder';
import { AppError } from '../../lib/app-error.js';

const RATE = 16_000;

/** A teacher's recording made playable and scorable: 16 kHz mono samples and the WAV we store. */
export interface ConvertedAudio {
  pcm: Float32Array;
  wav: Uint8Array;
  durationMs: number;
  /** What the file held (for the log and the docs): "wav", "opus", "pcm-s16", … */
  codec: string;
}

const WAV_SPEC_MESSAGES = new Set<string>(Object.values(wavErrors));

const isWav = (b: Uint8Array) =>
  b.length >= 12 &&
  String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' &&
  String.fromCharCode(...b.subarray(8, 12)) === 'WAVE';

function finish(samples: Float32Array, fromRate: number, channels: number, codec: string): ConvertedAudio {
  const pcm = resampleToMono(samples, { fromRate, toRate: RATE, channels });
  if (pcm.length === 0) throw AppError.badRequest(recitationMessages.unreadableAudio);
  if (pcm.length > MAX_AUDIO_SECONDS * RATE) throw AppError.badRequest(recitationMessages.audioTooLong);
  return { pcm, wav: writeWav(pcm, RATE), durationMs: Math.round((pcm.length / RATE) * 1000), codec };
}

/**
 * Reads an uploaded recording (docs/free-recitation.md, "Formats"). WAV must be PCM at 8 or 16
 * bits (the spec's messages, verbatim, for the rest). Other containers (WebM, Ogg, MP4/M4A, MP3,
 * FLAC, ADTS) are recognised by mediabunny; every decoder runs in WebAssembly or JavaScript on
 * this process (Node has no WebCodecs): Opus packets by opus-decoder, PCM by mediabunny itself,
 * and whole files by their own decoders: MP3 by mpg123-decoder, Ogg Vorbis and FLAC by
 * @wasm-audio-decoders, AAC (and Apple Lossless) in M4A/MP4 or ADTS by @audio/decode-aac. Any
 * other codec, or one of these in an unusual container, is refused with a message naming what to
 * send instead.
 */
export async function convertUpload(bytes: Uint8Array, filename: string): Promise<ConvertedAudio> {
  if (isWav(bytes) || filename.toLowerCase().endsWith('.wav')) {
    try {
      const wav = parseWav(bytes);
      return finish(wav.samples, wav.sampleRate, wav.channels, `wav-pcm${wav.bitsPerSample}`);
    } catch (e) {
      if (e instanceof AppError) throw e;
      const msg = e instanceof Error && WAV_SPEC_MESSAGES.has(e.message) ? e.message : 'Invalid WAV file';
      throw AppError.badRequest(recitationMessages.wavProblem(msg));
    }
  }
  let input: Input | null = null;
  try {
    input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
    const track = await input.getPrimaryAudioTrack().catch(() => null);
    if (!track) throw AppError.badRequest(recitationMessages.unreadableAudio);
    const codec = track.codec ?? 'unknown';
    const channels = track.numberOfChannels;
    if (codec === 'opus') {
      const decoder = new OpusDecoder({ sampleRate: 48000, channels: Math.min(2, Math.max(1, channels)) as 1 | 2 });
      await decoder.ready;
      try {
        const parts: Float32Array[] = [];
        let total = 0;
        for await (const p of new EncodedPacketSink(track).packets()) {
          const d = decoder.decodeFrame(p.data);
          const ch = d.channelData;
          const n = d.samplesDecoded;
          const mono = new Float32Array(n);
          for (let i = 0; i < n; i++) {
            let s = 0;
            for (const c of ch) s += c[i] ?? 0;
            mono[i] = s / Math.max(1, ch.length);
          }
          parts.push(mono);
          total += n;
          if (total > (MAX_AUDIO_SECONDS + 1) * 48000) throw AppError.badRequest(recitationMessages.audioTooLong);
        }
        return finish(concat(parts, total), 48000, 1, 'opus');
      } finally {
        decoder.free();
      }
    }
    if (codec.startsWith('pcm-') || codec === 'ulaw' || codec === 'alaw') {
      const parts: Float32Array[] = [];
      let total = 0;
      for await (const sample of new AudioSampleSink(track).samples()) {
        const n = sample.numberOfFrames;
        const mono = new Float32Array(n);
        const plane = new Float32Array(n);
        for (let c = 0; c < sample.numberOfChannels; c++) {
          sample.copyTo(plane, { planeIndex: c, format: 'f32-planar' });
          for (let i = 0; i < n; i++) mono[i]! += plane[i]! / sample.numberOfChannels;
        }
        sample.close();
        parts.push(mono);
        total += n;
      }
      return finish(concat(parts, total), track.sampleRate, 1, codec);
    }
    const whole = wholeFileDecoder(await input.getFormat(), track.codec);
    if (whole) {
      // Checked before decoding, so a long file does not fill the memory first.
      if ((await track.computeDuration()) > MAX_AUDIO_SECONDS + 1)
        throw AppError.badRequest(recitationMessages.audioTooLong);
      const { channelData, sampleRate } = await whole(bytes);
      const n = channelData[0]?.length ?? 0;
      if (n === 0 || !sampleRate) throw AppError.badRequest(recitationMessages.unreadableAudio);
      return finish(mixDown(channelData, n), sampleRate, 1, track.codec ?? 'alac');
    }
    throw AppError.badRequest(recitationMessages.cannotDecode(codec.toUpperCase()));
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw AppError.badRequest(recitationMessages.unreadableAudio);
  } finally {
    input?.dispose();
  }
}

interface Decoded {
  channelData: Float32Array[];
  sampleRate: number;
}

/**
 * The decoder reading the whole file, for a codec in the container it usually comes in (what
 * phones and recording programs write): MP3 files, Vorbis and FLAC in Ogg or FLAC files, AAC in
 * M4A/MP4 or ADTS. An MP4 audio track mediabunny does not name (codec null) goes to the AAC
 * package too, which also reads Apple Lossless (an iPhone's "lossless" voice memo).
 */
function wholeFileDecoder(format: InputFormat, codec: string | null): ((b: Uint8Array) => Promise<Decoded>) | null {
  const isMp4 = format === MP4 || format === QTFF;
  if (codec === 'mp3' && format === MP3) return decodeMp3;
  if (codec === 'vorbis' && format === OGG) return withDecoder(() => new OggVorbisDecoder());
  if (codec === 'flac' && (format === FLAC || format === OGG)) return withDecoder(() => new FLACDecoder());
  if ((codec === 'aac' && (isMp4 || format === ADTS)) || (codec === null && isMp4)) return decodeAacFile;
  return null;
}

async function decodeMp3(bytes: Uint8Array): Promise<Decoded> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    return decoder.decode(bytes);
  } finally {
    decoder.free();
  }
}

function withDecoder(
  make: () => { ready: Promise<void>; decodeFile: (b: Uint8Array) => Promise<Decoded>; free: () => void },
) {
  return async (bytes: Uint8Array): Promise<Decoded> => {
    const decoder = make();
    await decoder.ready;
    try {
      return await decoder.decodeFile(bytes);
    } finally {
      decoder.free();
    }
  };
}

function mixDown(channels: Float32Array[], n: number): Float32Array {
  if (channels.length === 1) return channels[0]!.subarray(0, n);
  const mono = new Float32Array(n);
  for (const c of channels) for (let i = 0; i < n; i++) mono[i]! += (c[i] ?? 0) / channels.length;
  return mono;
}

function concat(parts: Float32Array[], total: number): Float32Array {
  const out = new Float32Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
