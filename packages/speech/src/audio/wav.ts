// WAV (RIFF) reading and writing. Only uncompressed PCM at 8 or 16 bits is accepted; the error
// messages are the product specification's recorder and audio messages, verbatim.

export const WAV_ERRORS = {
  invalid: 'Invalid WAV file',
  notPcm: 'Only PCM format is supported',
  noData: 'Data chunk not found in WAV file',
  bitDepth: 'Unsupported bit depth',
} as const;

export interface DecodedWav {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Interleaved samples scaled to [-1, 1). */
  samples: Float32Array;
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

export function parseWav(input: Uint8Array | ArrayBuffer): DecodedWav {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (o: number) => String.fromCharCode(bytes[o]!, bytes[o + 1]!, bytes[o + 2]!, bytes[o + 3]!);
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error(WAV_ERRORS.invalid);
  let fmt: { format: number; channels: number; sampleRate: number; bits: number } | undefined;
  let o = 12;
  while (o + 8 <= bytes.length) {
    const id = tag(o);
    const size = view.getUint32(o + 4, true);
    const body = o + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) throw new Error(WAV_ERRORS.invalid);
      let format = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE carries the real format in the first two bytes of its sub-format GUID.
      if (format === WAVE_FORMAT_EXTENSIBLE && size >= 40) format = view.getUint16(body + 24, true);
      fmt = {
        format,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
      if (fmt.format !== WAVE_FORMAT_PCM) throw new Error(WAV_ERRORS.notPcm);
      if (fmt.bits !== 8 && fmt.bits !== 16) throw new Error(WAV_ERRORS.bitDepth);
      if (fmt.channels < 1 || fmt.sampleRate < 1) throw new Error(WAV_ERRORS.invalid);
    } else if (id === 'data') {
      if (!fmt) throw new Error(WAV_ERRORS.invalid);
      // Streaming writers leave the size at 0 or 0xFFFFFFFF: take what is there.
      const end = Math.min(bytes.length, size === 0 || size === 0xffffffff ? bytes.length : body + size);
      return {
        sampleRate: fmt.sampleRate,
        channels: fmt.channels,
        bitsPerSample: fmt.bits,
        samples: decodePcm(bytes, view, body, end, fmt.bits),
      };
    }
    o = body + size + (size & 1);
  }
  if (!fmt) throw new Error(WAV_ERRORS.invalid);
  throw new Error(WAV_ERRORS.noData);
}

function decodePcm(bytes: Uint8Array, view: DataView, start: number, end: number, bits: number): Float32Array {
  if (bits === 8) {
    const out = new Float32Array(end - start);
    for (let i = 0; i < out.length; i++) out[i] = (bytes[start + i]! - 128) / 128;
    return out;
  }
  const out = new Float32Array(Math.floor((end - start) / 2));
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(start + 2 * i, true) / 32768;
  return out;
}

/** 16-bit PCM mono/multichannel WAV from samples in [-1, 1] (or an Int16Array). */
export function writeWav(samples: Float32Array | Int16Array, sampleRate: number, channels = 1): Uint8Array {
  const n = samples.length;
  const out = new Uint8Array(44 + n * 2);
  const v = new DataView(out.buffer);
  const put = (o: number, s: string) => {
    for (let i = 0; i < 4; i++) out[o + i] = s.charCodeAt(i);
  };
  put(0, 'RIFF');
  v.setUint32(4, 36 + n * 2, true);
  put(8, 'WAVE');
  put(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, WAVE_FORMAT_PCM, true);
  v.setUint16(22, channels, true);
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * channels * 2, true);
  v.setUint16(32, channels * 2, true);
  v.setUint16(34, 16, true);
  put(36, 'data');
  v.setUint32(40, n * 2, true);
  const isInt = samples instanceof Int16Array;
  for (let i = 0; i < n; i++) {
    const s = samples[i]!;
    const q = isInt ? s : Math.max(-32768, Math.min(32767, Math.round(s * 32767)));
    v.setInt16(44 + 2 * i, q, true);
  }
  return out;
}
