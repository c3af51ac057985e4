// A low adult male voice read through the children's path scores like on the teacher's: the
// students' side chooses the warp per reading (src/evaluator/vtln.ts CHILD_WARPS). With the fixed
// children's warp 0.8 alone it scored some 20 points lower (packages/speech/README.md, "Fair to
// every voice"; `npm run bench:speech` prints the eight voices).
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvaluator, loadEvaluator, type Evaluator } from '../src/evaluator/evaluator';
import { CHILD_WARP } from '../src/evaluator/vtln';
import { synthesize } from '../src/tts/synthesize';

const TEXTS = ['This is my sister. She is ten years old.', 'We went to the park and saw a big brown dog.'];
let ev: Evaluator;
let readings: Array<{ text: string; samples: Float32Array }>;

beforeAll(async () => {
  ev = await loadEvaluator();
  readings = [];
  for (const text of TEXTS) readings.push({ text, samples: (await synthesize({ text, voice: 'en-us+m3' })).samples });
}, 60_000);

describe('a low adult voice on the children’s path', () => {
  it('scores within 5 points of the teacher’s path', async () => {
    for (const { text, samples } of readings) {
      const child = await ev.evaluate({ pcm: samples, text, reader: 'child' });
      const adult = await ev.evaluate({ pcm: samples, text, reader: 'adult' });
      expect(adult.total_score).toBeGreaterThanOrEqual(80);
      expect(Math.abs(child.total_score - adult.total_score)).toBeLessThanOrEqual(5);
    }
  });

  it('was failed by the fixed children’s warp (the check above would catch it)', async () => {
    const fixed = createEvaluator(ev.model, { childWarps: [CHILD_WARP] });
    for (const { text, samples } of readings) {
      const child = await fixed.evaluate({ pcm: samples, text, reader: 'child' });
      const adult = await ev.evaluate({ pcm: samples, text, reader: 'adult' });
      expect(adult.total_score - child.total_score).toBeGreaterThan(5);
    }
  });
});

describe('silence around a reading', () => {
  it('costs nothing however long: digital silence is left out of the cepstral mean', async () => {
    const { text, samples } = readings[0]!;
    const padded = (lead: number, tail: number) =>
      Float32Array.from([...new Float32Array(16_000 * lead), ...samples, ...new Float32Array(16_000 * tail)]);
    const totals = [];
    for (const [lead, tail] of [
      [0.3, 0.3],
      [0.5, 1.5],
      [1, 2],
    ] as const)
      totals.push((await ev.evaluate({ pcm: padded(lead, tail), text, reader: 'child' })).total_score);
    // Before: 81, 75, 72 (the mean of all frames, silence included).
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(2);
  });
});
