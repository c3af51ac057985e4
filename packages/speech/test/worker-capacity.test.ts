// Load shedding (docs/speech-service.md, "Load shedding"): the pool refuses a stream while its
// worker's queue is long, and of the accepted streams it sheds the one that queued the most audio,
// not a child reading in real time; once the queue is scored or dropped, streams are taken again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DecayingRate, SpeechBusyError, SpeechWorkerPool } from '../src/worker-pool';
import { noisePcm, sentencePcm } from './stream-audio';

const TEXT = 'We eat rice and fish for lunch.';
let pool: SpeechWorkerPool;
let pcm: Int16Array;
let noise: Int16Array;

beforeAll(async () => {
  pool = new SpeechWorkerPool({
    size: 1,
    timeoutMs: 120_000,
    capacity: { costPerAudioSecond: 0.25, maxLoad: 100, maxQueuedMs: 1000, shedQueuedMs: 1000 },
  });
  pcm = await sentencePcm(TEXT);
  noise = noisePcm(20);
  await pool.ready();
}, 60_000);

afterAll(() => pool.close());

describe('SpeechWorkerPool capacity', () => {
  it('sheds the stream that queued the most, refuses new streams meanwhile, and answers the others', async () => {
    const shed: string[] = [];
    const live = pool.startStream(TEXT, 'read_sentence', { onShed: () => shed.push('live') });
    live.push(pcm.subarray(0, 3200));
    const bulk = pool.startStream(TEXT, 'read_sentence', { onShed: () => shed.push('bulk') });
    // 20 s of audio at once (a recording resent whole): far more than the worker scores in 1 s.
    for (let i = 0; i < noise.length; i += 3200) bulk.push(noise.subarray(i, i + 3200));
    expect(shed).toEqual(['bulk']);
    expect(pool.load().workers[0]!.queuedMs).toBeGreaterThan(1000);
    expect(() => pool.startStream(TEXT)).toThrow(SpeechBusyError);

    bulk.abort();
    for (let i = 3200; i < pcm.length; i += 3200) live.push(pcm.subarray(i, i + 3200));
    const result = await live.finish();
    expect(result.words).toHaveLength(7);
    expect(shed).toEqual(['bulk']);
    // The aborted stream's queue was dropped: nothing is left queued, and a new stream is taken.
    expect(pool.load().workers[0]!.queuedAudioSeconds).toBe(0);
    const next = pool.startStream(TEXT);
    next.push(pcm);
    expect((await next.finish()).words).toHaveLength(7);
    expect(pool.costPerAudioSecond).toBeGreaterThan(0);
    // The workers' own CPU time beside their wall time (Linux): never more than the wall time.
    const load = pool.load();
    if (process.platform === 'linux') {
      expect(load.cpuCostPerAudioSecond).toBeGreaterThan(0);
      expect(load.finishCpuMs).toBeGreaterThan(0);
      expect(load.finishCpuMs!).toBeLessThanOrEqual(load.finishMs! + 1);
    }
  });

  it('refuses a stream when the open ones, read in real time, would fill the worker', async () => {
    const full = new SpeechWorkerPool({ size: 1, capacity: { costPerAudioSecond: 0.5, maxLoad: 0.9 } });
    try {
      const first = full.startStream(TEXT);
      expect(() => full.startStream(TEXT)).toThrow(SpeechBusyError);
      first.abort();
      full.startStream(TEXT).abort();
    } finally {
      await full.close();
    }
  });
});

describe('SpeechWorkerPool capacity: finishes', () => {
  it("refuses a stream when the worker's children, stopping at once, would wait too long for their finishes", async () => {
    const pool1 = new SpeechWorkerPool({
      size: 1,
      capacity: { costPerAudioSecond: 0.001, maxLoad: 100, maxFinishQueueMs: 1 },
    });
    try {
      // Before any finish the finishes' time is unknown: a second stream is taken.
      const a = pool1.startStream(TEXT);
      const b = pool1.startStream(TEXT);
      b.abort();
      a.push(pcm);
      await a.finish();
      expect(pool1.load().finishMs).toBeGreaterThan(1);
      // Now one finish takes more than 1 ms: an idle worker still takes one stream, not two.
      const c = pool1.startStream(TEXT);
      expect(() => pool1.startStream(TEXT)).toThrow(SpeechBusyError);
      c.abort();
    } finally {
      await pool1.close();
    }
  });

  it('counts a finish against its own reading, not against the audio of the moment it happens', () => {
    // Ten children each read 8 s (scored at 40 ms per audio second), then all finish at once (60 ms
    // each). Counted per reading: 60 / 8 = 7.5 ms per audio second, whatever else was pushed.
    const scoring = new DecayingRate(30);
    const finishes = new DecayingRate(60);
    for (let s = 0; s < 80; s++) scoring.note(40, 1);
    for (let i = 0; i < 10; i++) finishes.note(60, 8);
    expect(scoring.rate).toBeCloseTo(0.04, 6);
    expect(finishes.rate).toBeCloseTo(0.0075, 6);
    // A start estimate counts as that much audio and fades as real work is noted.
    const start = new DecayingRate(30, 0.25, 10);
    expect(start.rate).toBeCloseTo(0.25, 6);
    for (let s = 0; s < 120; s++) start.note(40, 1);
    expect(start.rate).toBeLessThan(0.042);
  });
});

describe('SpeechWorkerPool capacity on a machine slower than real time', () => {
  it('still gives an idle worker one stream, but not a second', async () => {
    const slow = new SpeechWorkerPool({ size: 1, capacity: { costPerAudioSecond: 1.5, maxLoad: 0.9 } });
    try {
      const only = slow.startStream(TEXT);
      expect(() => slow.startStream(TEXT)).toThrow(SpeechBusyError);
      only.abort();
    } finally {
      await slow.close();
    }
  });
});
