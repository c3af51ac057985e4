// Aborting a stream drops the audio still queued for it at once (docs/speech-service.md, "Limits of
// the socket"): a worker scores one pushed chunk per macrotask, so an abort (or another stream's
// finish) never waits behind the audio of streams whose clients have gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpeechWorkerPool } from '../src/worker-pool';
import { noisePcm, sentencePcm } from './stream-audio';

const TEXT = 'We eat rice and fish for lunch.';
let pool: SpeechWorkerPool;
let pcm: Int16Array;
let noise: Int16Array;

beforeAll(async () => {
  pool = new SpeechWorkerPool({ size: 1, timeoutMs: 120_000 });
  pcm = await sentencePcm(TEXT);
  noise = noisePcm(20);
  await pool.ready();
}, 60_000);

afterAll(() => pool.close());

describe('SpeechWorkerPool abort', () => {
  it('drops the queued audio of aborted streams, so a fresh stream answers quickly', async () => {
    const abandoned = Array.from({ length: 6 }, () => pool.startStream(TEXT));
    // 6 × 20 s of audio pushed in recorder-sized chunks (3200 samples), then the clients leave.
    for (let i = 0; i < noise.length; i += 3200) for (const s of abandoned) s.push(noise.subarray(i, i + 3200));
    for (const s of abandoned) s.abort();
    const began = Date.now();
    const fresh = pool.startStream(TEXT);
    for (let i = 0; i < pcm.length; i += 3200) fresh.push(pcm.subarray(i, i + 3200));
    const result = await fresh.finish();
    const took = Date.now() - began;
    console.log(`fresh stream answered in ${took} ms after 6 aborted streams of 20 s`);
    expect(result.words).toHaveLength(7);
    expect(took).toBeLessThan(4_000);
  }, 120_000);
});

describe('SpeechWorkerPool finish time limit', () => {
  it('grows with the audio pushed, so a long reading queued at once still finishes', async () => {
    // Base limit 1 s; 30 s of audio queued at once takes several seconds to score.
    const opts = { size: 1, timeoutMs: 60_000 };
    const strict = new SpeechWorkerPool(opts);
    try {
      await strict.ready(); // the model loads under the long limit …
      opts.timeoutMs = 1_000; // … then the stream gets 1 s + its audio's share
      const s = strict.startStream(TEXT, 'read_chapter');
      for (let i = 0; i < 16_000 * 30; i += 3200) s.push(noise.subarray(i % noise.length, (i % noise.length) + 3200));
      const began = Date.now();
      const result = await s.finish();
      console.log(`30 s of queued audio finished in ${Date.now() - began} ms`);
      expect(result.words.length).toBe(7);
    } finally {
      await strict.close();
    }
  }, 120_000);
});
