// Single words read alone (read_word): the model audio of a word scored against another word
// must stay low. (The same audio against its own word does not always reach 80 yet — school,
// farmer, river, kimono, ship score 0–70 with tone type 1: docs/speech-service.md, "Single
// words".) Each word is synthesised in two takes (two renditions: eSpeak varies breath and noise).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvaluator, type Evaluator } from '../src/evaluator/evaluator';
import { synthesize } from '../src/tts/synthesize';

let ev: Evaluator;
const audio = new Map<string, Float32Array[]>();
const PAIRS = [
  ['river', 'school'],
  ['school', 'river'],
  ['farmer', 'ship'],
  ['kimono', 'farmer'],
  ['ship', 'kimono'],
] as const;

beforeAll(async () => {
  ev = await loadEvaluator();
  for (const [w] of PAIRS)
    audio.set(w, [
      (await synthesize({ text: w, toneType: 1, take: 0 })).samples,
      (await synthesize({ text: w, toneType: 1, take: 1 })).samples,
    ]);
}, 60_000);

describe('single words', () => {
  it.each(PAIRS)('the model audio of "%s" against the text "%s" scores low', async (read, text) => {
    for (const samples of audio.get(read)!) {
      const r = await ev.evaluate({ pcm: samples, text, category: 'read_word' });
      expect(r.total_score).toBeLessThan(30);
      expect(r.words[0]!.type).not.toBe('normal');
    }
  });
});
