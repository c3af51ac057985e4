// End-to-end: a sentence synthesised by a voice (not the reference voice) with noise, evaluated
// against the right text, a wrong text, and with a word left out of the reading.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvaluator, type Evaluator } from '../src/evaluator/evaluator';
import { addNoise } from '../bench/dataset';
import { synthesize } from '../src/tts/synthesize';

const TEXT = 'My father cooks dinner for our family on Sundays.';
let ev: Evaluator;
let reading: Float32Array;
let shortened: Float32Array;

beforeAll(async () => {
  ev = await loadEvaluator();
  reading = addNoise((await synthesize({ text: TEXT, toneType: 4 })).samples, 25, 11);
  shortened = addNoise(
    (await synthesize({ text: 'My father cooks for our family on Sundays.', toneType: 4 })).samples,
    25,
    12,
  );
});

describe('evaluator', () => {
  it('scores a correct reading high', async () => {
    const r = await ev.evaluate({ pcm: reading, text: TEXT, category: 'read_sentence' });
    expect(r.integrity_score).toBe(100);
    expect(r.accuracy_score).toBeGreaterThanOrEqual(75);
    expect(r.total_score).toBeGreaterThanOrEqual(75);
    expect(r.words.map((w) => w.word)).toEqual([
      'My',
      'father',
      'cooks',
      'dinner',
      'for',
      'our',
      'family',
      'on',
      'Sundays',
    ]);
    expect(r.words.filter((w) => w.type !== 'normal')).toHaveLength(0);
    // word timings are ordered and inside the audio
    for (let i = 1; i < r.words.length; i++)
      expect(r.words[i]!.start_ms).toBeGreaterThanOrEqual(r.words[i - 1]!.end_ms);
    expect(r.words[0]!.start_ms).toBeGreaterThanOrEqual(400);
    expect(r.evaluate_html).toContain('<span class="word good"');
  });

  it('scores the same audio against a different text low', async () => {
    const right = await ev.evaluate({ pcm: reading, text: TEXT });
    const wrong = await ev.evaluate({ pcm: reading, text: 'The children are singing a song in the music room.' });
    expect(wrong.accuracy_score).toBeLessThan(60);
    expect(wrong.total_score).toBeLessThan(right.total_score - 25);
    // Most of the other text's words are not heard. Over eight renditions of this reading (takes
    // 0–7) 4–6 of its 10 words came out normal, mostly "the", "a" and "children"; the total was 0
    // in every one. Take 0 gives 6 (synthesis is repeatable since it no longer seeds from the clock).
    expect(wrong.words.filter((w) => w.type === 'normal').length).toBeLessThanOrEqual(6);
  });

  it('marks a word left out of the reading as omitted', async () => {
    const r = await ev.evaluate({ pcm: shortened, text: TEXT });
    const dinner = r.words.find((w) => w.word === 'dinner')!;
    expect(dinner.type).toBe('omitted');
    expect(r.integrity_score).toBe(89);
    expect(r.words.filter((w) => w.type === 'omitted').map((w) => w.word)).toEqual(['dinner']);
  });

  it('reports a chapter per sentence', async () => {
    const r = await ev.evaluate({
      pcm: reading,
      text: 'My father cooks dinner. For our family on Sundays.',
      category: 'read_chapter',
    });
    expect(r.sentences?.map((s) => s.text)).toEqual(['My father cooks dinner.', 'For our family on Sundays.']);
    expect(r.sentences?.[1]?.words.map((w) => w.word)).toEqual(['For', 'our', 'family', 'on', 'Sundays']);
  });

  it('gives silence nothing', async () => {
    const r = await ev.evaluate({ pcm: addNoise(new Float32Array(16000), 0, 3).map((x) => x + 0.001), text: TEXT });
    expect(r.total_score).toBeLessThan(30);
  });

  it('gives the same result streamed in chunks as in one batch', async () => {
    const batch = await ev.evaluate({ pcm: reading, text: TEXT });
    const pcm = new Int16Array(reading.length);
    for (let i = 0; i < pcm.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(reading[i]! * 32768)));
    const whole = await ev.evaluate({ pcm, text: TEXT });
    const stream = ev.startStream({ text: TEXT });
    for (let i = 0; i < pcm.length; i += 1234) stream.push(pcm.subarray(i, i + 1234));
    expect(stream.durationMs).toBe(Math.round((pcm.length / 16000) * 1000));
    const streamed = await stream.finish();
    expect(streamed).toEqual(whole);
    expect(Math.abs(streamed.total_score - batch.total_score)).toBeLessThanOrEqual(1);
    await expect(stream.finish()).rejects.toThrow('Evaluation already finished');
    expect(() => stream.push(pcm)).toThrow('Evaluation already finished');
  });

  it('rejects a text without words', async () => {
    await expect(ev.evaluate({ pcm: reading, text: ' ... ' })).rejects.toThrow('Text has no words to evaluate');
  });
});
