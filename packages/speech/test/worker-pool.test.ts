// The worker pool: a streamed evaluation (chunks scored in the worker as they arrive) gives the
// same result as a whole-buffer evaluation; aborted and failing streams are cleaned up.
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpeechWorkerPool } from '../src/worker-pool';
import { addNoise } from '../bench/dataset';
import { synthesize } from '../src/tts/synthesize';

const TEXT = 'We eat rice and fish for lunch.';
let pool: SpeechWorkerPool;
let pcm: Int16Array;

beforeAll(async () => {
  pool = new SpeechWorkerPool({ size: 2, timeoutMs: 30_000 });
  const audio = addNoise((await synthesize({ text: TEXT, toneType: 3 })).samples, 25, 8);
  pcm = new Int16Array(audio.length);
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(audio[i]! * 32768)));
  await pool.ready();
}, 60_000);

afterAll(() => pool.close());

describe('SpeechWorkerPool streams', () => {
  it('streams chunks to a worker and returns the same result as evaluate()', async () => {
    const whole = await pool.evaluate(pcm, TEXT, 'read_sentence', true);
    const streams = [pool.startStream(TEXT), pool.startStream(TEXT)];
    for (let i = 0; i < pcm.length; i += 3200) for (const s of streams) s.push(pcm.subarray(i, i + 3200));
    const results = await Promise.all(streams.map((s) => s.finish()));
    for (const r of results) expect(r).toEqual(whole);
    expect(whole.integrity_score).toBe(100);
    await expect(streams[0]!.finish()).rejects.toThrow('Evaluation already finished');
  });

  it('reports errors of a stream at finish and forgets aborted streams', async () => {
    const bad = pool.startStream(' ... ');
    bad.push(pcm.subarray(0, 1600));
    await expect(bad.finish()).rejects.toThrow('Text has no words to evaluate');
    const gone = pool.startStream(TEXT);
    gone.push(pcm.subarray(0, 1600));
    gone.abort();
    expect(() => gone.push(pcm)).toThrow('Evaluation already finished');
    // the pool still works
    const r = await pool.evaluate(pcm, TEXT, 'read_sentence', true);
    expect(r.words).toHaveLength(7);
  });

  it('records the stream when asked: a WebM/Opus file as long as the audio, beside the same result', async () => {
    const plain = pool.startStream(TEXT);
    const recorded = pool.startStream(TEXT, 'read_sentence', { record: true });
    for (let i = 0; i < pcm.length; i += 3200) for (const s of [plain, recorded]) s.push(pcm.subarray(i, i + 3200));
    const [a, b] = await Promise.all([plain.finish(), recorded.finish()]);
    expect(a).not.toHaveProperty('recording');
    const { recording, ...scores } = b;
    expect(scores).toEqual(a);
    const input = new Input({ source: new BufferSource(recording!), formats: ALL_FORMATS });
    expect(await input.getMimeType()).toBe('audio/webm; codecs="opus"');
    const track = (await input.getPrimaryAudioTrack())!;
    let packets = 0;
    for await (const p of new EncodedPacketSink(track).packets()) packets += p.data.byteLength > 0 ? 1 : 0;
    expect(packets).toBe(Math.ceil(pcm.length / 320)); // 20 ms frames, the last one completed
    expect(Math.abs((await input.computeDuration()) - pcm.length / 16000)).toBeLessThan(0.03);
  });
});
