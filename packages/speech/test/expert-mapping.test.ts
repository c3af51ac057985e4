// The expert mappings keep word scores on the side of 60 that the word decisions chose, and the
// final scores stay within 0–100.
import { describe, expect, it } from 'vitest';
import { expand, mappedWordScore, predict } from '../src/evaluator/expert-mapping';
import { EXPERT_MODELS } from '../src/evaluator/expert-coefficients';
import { SENTENCE_FEATURE_NAMES, WORD_FEATURE_NAMES } from '../src/evaluator/expert-features';

describe('expert mappings', () => {
  it('keeps word scores on the side of their type', () => {
    expect(mappedWordScore(9.5, 'normal')).toBe(95);
    expect(mappedWordScore(3, 'normal')).toBe(60);
    expect(mappedWordScore(9.5, 'mispronounced')).toBe(59);
    expect(mappedWordScore(2, 'mispronounced')).toBe(20);
    expect(mappedWordScore(8, 'omitted')).toBe(0);
  });

  it('has one coefficient per expanded feature and clamps its outputs', () => {
    expect(expand([1, 2])).toEqual([1, 2, 1, 4]);
    const m = EXPERT_MODELS;
    if (!m) return;
    for (const s of [m.total, m.accuracy, m.fluency, m.completeness])
      expect(s.coef).toHaveLength(2 * SENTENCE_FEATURE_NAMES.length);
    expect(m.word.coef).toHaveLength(2 * WORD_FEATURE_NAMES.length);
    const far = new Array<number>(SENTENCE_FEATURE_NAMES.length).fill(1e6);
    expect(predict(m.total, far)).toBeLessThanOrEqual(10);
    expect(predict(m.total, far)).toBeGreaterThanOrEqual(0);
  });
});
