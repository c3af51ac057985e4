import { synthesize } from '../src/tts/synthesize';

/** A sentence read by the synthesiser (tone type 3), as the 16-bit PCM a recorder streams. */
export async function sentencePcm(text: string): Promise<Int16Array> {
  const audio = (await synthesize({ text, toneType: 3 })).samples;
  return Int16Array.from(audio, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767));
}

/** `seconds` of loud deterministic noise at 16 kHz: audio that keeps a worker busy scoring. */
export function noisePcm(seconds: number): Int16Array {
  let seed = 1;
  return Int16Array.from({ length: 16_000 * seconds }, () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed % 8000) - 4000;
  });
}
