import { synthesize } from '@ondoku/speech';

/**
 * Audio for the evaluation socket's tests, as the web recorder sends it (docs/speech-service.md).
 */

/** The text read by the synthesiser (tone type 2), as 16 kHz 16-bit PCM. */
export async function synthesizedPcm(text: string): Promise<Int16Array> {
  const wav = await synthesize({ text, toneType: 2 });
  return Int16Array.from(wav.samples, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767));
}

/**
 * Raw PCM frames: 3200-sample chunks with status 1, then the status-2 frame that ends the audio
 * (leave it out with `end: false`, to send the rest later).
 */
export function rawFrames(pcm: Int16Array, opts: { end?: boolean } = {}): object[] {
  const frames: object[] = [];
  for (let i = 0; i < pcm.length; i += 3200) {
    const c = pcm.subarray(i, i + 3200);
    frames.push({ cmd: 'auw', status: 1, audio: Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString('base64') });
  }
  if (opts.end ?? true) frames.push({ cmd: 'auw', status: 2, audio: '' });
  return frames;
}
