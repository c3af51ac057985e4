// WAV bytes → 16 kHz mono samples for the evaluator (parse, mix down, resample).
import { resampleToMono, TARGET_SAMPLE_RATE } from './resample';
import { parseWav } from './wav';

export function decodeWavTo16kMono(bytes: Uint8Array | ArrayBuffer): Float32Array {
  const wav = parseWav(bytes);
  return resampleToMono(wav.samples, { fromRate: wav.sampleRate, toRate: TARGET_SAMPLE_RATE, channels: wav.channels });
}
