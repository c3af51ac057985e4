import { READER_VOICES, SpeechBusyError, type ReaderProfile } from '@ondoku/speech';
import { afterAll, describe, expect, it } from 'vitest';
import { createSpeechService } from '../modules/evaluation/speech-service.js';
import { sentenceSets } from '../modules/library/material/sentences.js';
import { testSynthesisCacheDir } from '../test/library-files.js';
import { createStudentRecorder, evaluatorFingerprint } from './recordings.js';

/**
 * Children's recordings on real library sentences, scored by the real evaluator on the speech
 * workers. The recordings and results are cached with the tests' synthesis cache, so a second
 * run only reads files (the cache test below checks that the cached result is the same).
 */
const speech = createSpeechService({ workers: 2 });
afterAll(() => speech.close());

// Library sentences of 5+ words (an omission inside a sentence, not at its edge).
const sentences = sentenceSets
  .flatMap((s) => s.sentences.map((x) => x.text))
  .filter((t) => t.split(' ').length >= 5)
  .slice(0, 3);
const reader = (slip: ReaderProfile['slip'], voice: string = READER_VOICES[0]): ReaderProfile => ({
  voice,
  speed: 1,
  snrDb: 30,
  slip,
  seed: 11,
});

describe('children’s recordings', () => {
  it('marks a skipped word as omitted (or lowers completeness), and a clean reading beats a misread one', async () => {
    const evaluator = await evaluatorFingerprint();
    const recorder = createStudentRecorder({ speech, cacheDir: testSynthesisCacheDir, evaluator });
    expect(sentences).toHaveLength(3);
    for (const [i, text] of sentences.entries()) {
      const voice = READER_VOICES[i]!;
      const [clean, skipped, misread] = await Promise.all(
        (['none', 'skip', 'substitute'] as const).map((slip) =>
          recorder.record(text, 'read_sentence', reader(slip, voice)),
        ),
      );
      expect(clean!.plan).toMatchObject({ slip: 'none', target: -1, spoken: text });
      expect(skipped!.plan.slip).toBe('skip');
      expect(skipped!.plan.spoken.split(' ')).toHaveLength(text.split(' ').length - 1);
      expect(misread!.plan.replacement).toBeTruthy();
      expect(misread!.plan.spoken).toContain(misread!.plan.replacement!);

      // The skipped word: omitted, or the reading as a whole is less complete than the clean one.
      const word = skipped!.result.words[skipped!.plan.target];
      expect(
        word?.type === 'omitted' || skipped!.result.integrity_score < clean!.result.integrity_score,
        `${text} / skipped "${text.split(' ')[skipped!.plan.target]}": ${JSON.stringify(skipped!.result.words)}`,
      ).toBe(true);
      expect(clean!.result.integrity_score).toBe(100);
      expect(clean!.result.total_score).toBeGreaterThan(misread!.result.total_score);
      expect(clean!.result.total_score).toBeGreaterThan(skipped!.result.total_score);
      // A recording has room noise before and after, and lasts as long as its speech plus that.
      expect(clean!.durationMs).toBeGreaterThan(1000);
      expect(Math.abs(clean!.pcm.length / 16 - clean!.durationMs)).toBeLessThan(1);
      // The WebM/Opus file the socket would keep, encoded by the worker that scored it.
      expect(Buffer.from(clean!.file!.subarray(0, 4)).toString('hex')).toBe('1a45dfa3');
    }
  }, 300_000);

  it('waits for the workers when they refuse a stream past capacity, and then records', async () => {
    let refusals = 2;
    const busy = {
      ...speech,
      startStream: (...args: Parameters<typeof speech.startStream>) => {
        if (refusals-- > 0) throw new SpeechBusyError();
        return speech.startStream(...args);
      },
    };
    const recorder = createStudentRecorder({ speech: busy, cacheDir: null });
    const rec = await recorder.record(sentences[0]!, 'read_sentence', reader('none', READER_VOICES[1]));
    expect(refusals).toBe(-1); // refused twice (a second's wait each), taken the third time
    expect(rec.result.integrity_score).toBe(100);
    expect(recorder.stats()).toMatchObject({ evaluated: 1 });
  }, 300_000);

  it('reads recordings and results back from the cache, unchanged', async () => {
    const evaluator = await evaluatorFingerprint();
    const text = sentences[0]!;
    const first = createStudentRecorder({ speech, cacheDir: testSynthesisCacheDir, evaluator });
    const a = await first.record(text, 'read_sentence', reader('skip', READER_VOICES[3]));
    const second = createStudentRecorder({ speech, cacheDir: testSynthesisCacheDir, evaluator });
    const b = await second.record(text, 'read_sentence', reader('skip', READER_VOICES[3]));
    expect(second.stats()).toEqual({ synthesised: 0, cachedAudio: 1, evaluated: 0, cachedResults: 1 });
    expect(b.result).toEqual(a.result);
    expect(b.plan).toEqual(a.plan);
    expect(Buffer.from(b.file!).equals(Buffer.from(a.file!))).toBe(true);
    expect(Buffer.from(b.pcm.buffer).equals(Buffer.from(a.pcm.buffer))).toBe(true);
    // Without the cache it is made and scored again (eSpeak's output varies slightly between
    // calls, which is one reason the cache keeps the recording itself), with the same plan.
    const fresh = createStudentRecorder({ speech, cacheDir: null });
    const c = await fresh.record(text, 'read_sentence', reader('skip', READER_VOICES[3]));
    expect(fresh.stats()).toMatchObject({ synthesised: 1, evaluated: 1, cachedAudio: 0, cachedResults: 0 });
    expect(c.plan).toEqual(a.plan);
    expect(c.result.words.map((w) => w.word)).toEqual(a.result.words.map((w) => w.word));
  }, 120_000);
});
