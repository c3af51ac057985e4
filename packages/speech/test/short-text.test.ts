// Single words read alone (read_word): the model audio of words that the sentence models scored
// far below 80 (school 17, farmer 3, kimono 1, river 20, ship 23 on main), and wrong words, which
// must stay low — including a short text that matches part of a longer word read ("hand" in
// "badminton" scored 100 with the sentence models). eSpeak varies its output a little from call
// to call, so each word is synthesised twice.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvaluator, type Evaluator } from '../src/evaluator/evaluator';
import { synthesize } from '../src/tts/synthesize';
import { expertPrediction, sentencePrediction, SHORT_TEXT_MIN_WORDS } from '../src/evaluator/expert-mapping';

let ev: Evaluator;
const audio = new Map<string, Float32Array[]>();
const WORDS = ['school', 'farmer', 'kimono', 'river', 'ship'];

beforeAll(async () => {
  ev = await loadEvaluator();
  for (const w of [...WORDS, 'badminton'])
    audio.set(w, [
      (await synthesize({ text: w, toneType: 1 })).samples,
      (await synthesize({ text: w, toneType: 1 })).samples,
    ]);
}, 60_000);

const evaluate = (samples: Float32Array, text: string) => ev.evaluate({ pcm: samples, text, category: 'read_word' });

describe('single words (short-text model)', () => {
  it.each(WORDS)('the model audio of "%s" scores at least 80', async (w) => {
    for (const samples of audio.get(w)!) {
      const r = await evaluate(samples, w);
      expect(r.total_score).toBeGreaterThanOrEqual(80);
      expect(r.accuracy_score).toBeGreaterThanOrEqual(80);
      expect(r.integrity_score).toBe(100);
    }
  });

  it('a wrong word scores low', async () => {
    for (const [read, text] of [
      ['river', 'school'],
      ['school', 'river'],
      ['farmer', 'ship'],
      ['kimono', 'farmer'],
      ['badminton', 'hand'],
    ] as const) {
      for (const samples of audio.get(read)!) {
        const r = await evaluate(samples, text);
        expect(r.total_score, `"${read}" read, text "${text}"`).toBeLessThan(40);
      }
    }
  });

  it('leaves texts of three words or more to the sentence models', () => {
    const sentence = Array.from({ length: 28 }, (_, i) => (i % 3) - 1);
    const word = Array.from({ length: 16 }, (_, i) => (i % 4) - 2);
    for (const n of [SHORT_TEXT_MIN_WORDS, 5, 12]) {
      const words = Array.from({ length: n }, () => word);
      expect(expertPrediction(sentence, words, { outsideSpeech: 0.5, words: [] })).toEqual(
        sentencePrediction(sentence, words),
      );
    }
    expect(expertPrediction(sentence, [word], { outsideSpeech: 0.5, words: [] })).not.toEqual(
      sentencePrediction(sentence, [word]),
    );
  });
});
