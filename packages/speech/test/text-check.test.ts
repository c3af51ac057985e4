// The wrong-text check's second stage (text-check.ts): what the phone loop heard against what
// the alignment placed, and how a fitted model takes over the gate.
import { describe, expect, it } from 'vitest';
import { loadEvaluator } from '../src/evaluator/evaluator';
import { synthesize } from '../src/tts/synthesize';
import type { Analysis, WordAlignment } from '../src/evaluator/align';
import { EXPERT_MODELS } from '../src/evaluator/expert-coefficients';
import { SENTENCE_FEATURE_NAMES } from '../src/evaluator/expert-features';
import {
  expertPrediction,
  rightTextProbability,
  TEXT_CHECK_MIN_WORDS,
  textCheckInputs,
} from '../src/evaluator/expert-mapping';
import { WORD_FEATURE_NAMES } from '../src/evaluator/expert-features';
import { TEXT_CHECK_MODEL } from '../src/evaluator/text-check-coefficients';
import { phoneEditDistance, TEXT_CHECK_FEATURE_NAMES, textCheckFeatures } from '../src/evaluator/text-check';

/** A word whose phones each last 5 frames from `start`. */
function word(phones: string[], start: number): WordAlignment {
  return {
    skipped: false,
    start,
    end: start + phones.length * 5 - 1,
    phones: phones.map((phone, k) => ({ phone, start: start + 5 * k, end: start + 5 * k + 4, gop: -1 })),
  };
}

function analysis(words: WordAlignment[], heard: string[], from = 10): Analysis {
  const loopPhones = [{ phone: 'SIL', start: 0, end: from - 1 }];
  heard.forEach((phone, k) => loopPhones.push({ phone, start: from + 5 * k, end: from + 5 * k + 4 }));
  const nFrames = from + heard.length * 5 + 10;
  loopPhones.push({ phone: 'SIL', start: from + heard.length * 5, end: nFrames - 1 });
  return {
    nFrames,
    words,
    fillers: [],
    forcedFrame: new Float32Array(nFrames),
    loopFrame: new Float32Array(nFrames),
    loopPhones,
  };
}

describe('text check', () => {
  it('weighs substitutions by phone class', () => {
    expect(phoneEditDistance(['K', 'AE', 'T'], ['K', 'AE', 'T'])).toBe(0);
    expect(phoneEditDistance(['K', 'EH', 'T'], ['K', 'AE', 'T'])).toBe(0.5); // vowel for vowel
    expect(phoneEditDistance(['K', 'AE', 'S'], ['K', 'AE', 'T'])).toBe(1); // fricative for stop
    expect(phoneEditDistance(['K', 'AE', 'T', 'S'], ['K', 'AE', 'T'])).toBe(1); // an insertion
    expect(phoneEditDistance([], ['K', 'AE', 'T'])).toBe(3);
  });

  it('tells a loop that heard the text from one that heard something else', () => {
    const words = [word(['K', 'AE', 'T'], 10), word(['D', 'AO', 'G'], 25)];
    const same = textCheckFeatures(analysis(words, ['K', 'AE', 'T', 'D', 'AO', 'G']));
    expect(same).toHaveLength(TEXT_CHECK_FEATURE_NAMES.length);
    expect(same[0]).toBe(0);
    expect(same[1]).toBe(1);
    expect(same[2]).toBe(1);
    expect(same[3]).toBe(1);
    expect(same[4]).toBe(0);
    const other = textCheckFeatures(analysis(words, ['F', 'IH', 'SH', 'B', 'ER', 'D']));
    expect(other[0]).toBeGreaterThan(0.5);
    expect(other[1]).toBe(0);
    expect(other[2]).toBeCloseTo(4 / 6); // the stops and vowels keep their classes
    // Nothing kept: the worst values.
    expect(textCheckFeatures(analysis([{ skipped: true, start: 0, end: -1, phones: [] }], ['K']))).toEqual([
      2, 0, 0, 0, 3,
    ]);
    // A short text aligned to the start of a longer word: the rest of the speech is outside.
    const part = textCheckFeatures(analysis([word(['K', 'AH', 'P'], 10)], ['K', 'AA', 'N', 'T', 'EH', 'S', 'T']));
    expect(part[4]).toBeCloseTo(4 / 3);
  });

  it('lets a fitted second stage decide the gate', () => {
    if (!EXPERT_MODELS) return;
    const sentence = new Array<number>(SENTENCE_FEATURE_NAMES.length).fill(0);
    const alone = rightTextProbability(sentence, undefined, undefined);
    expect(alone.threshold).toBe(EXPERT_MODELS.text.threshold);
    const x = textCheckInputs(0, [0, 1, 1, 1, 0]);
    expect(x).toHaveLength(1 + 2 * TEXT_CHECK_FEATURE_NAMES.length);
    // A model that reads only the phone edit distance: far from the text → not the text.
    const model = { bias: 4, threshold: 0.4, coef: [0, -8] };
    const near = rightTextProbability(sentence, [0, 1, 1, 1, 0], model);
    const far = rightTextProbability(sentence, [1.5, 0, 0, 1, 0], model);
    expect(near.pRight).toBeGreaterThan(0.95);
    expect(far.pRight).toBeLessThan(0.001);
    expect(far.threshold).toBe(0.4);
    // Without the features the sentence gate decides, fitted model or not.
    expect(rightTextProbability(sentence, undefined, model)).toEqual(alone);
  });

  it('leaves texts of one or two words to the sentence gate', () => {
    if (!EXPERT_MODELS) return;
    const sentence = new Array<number>(SENTENCE_FEATURE_NAMES.length).fill(0);
    const wordFeats = (n: number) =>
      Array.from({ length: n }, () => new Array<number>(WORD_FEATURE_NAMES.length).fill(0));
    // A model that calls everything a wrong text.
    const model = { bias: -20, threshold: 0.5, coef: [] };
    const far = [1.5, 0, 0, 1, 0];
    expect(TEXT_CHECK_MIN_WORDS).toBe(3);
    for (const n of [1, 2]) {
      const p = expertPrediction(sentence, wordFeats(n), far, model)!;
      expect(p.total).toBe(expertPrediction(sentence, wordFeats(n), undefined, model)!.total);
    }
    const three = expertPrediction(sentence, wordFeats(3), far, model)!;
    expect(three.pRight).toBeLessThan(1e-6);
    expect(three.total).toBeLessThan(0.001);
  });

  it('has one coefficient per input when fitted', () => {
    if (!TEXT_CHECK_MODEL) return;
    expect(TEXT_CHECK_MODEL.coef).toHaveLength(1 + 2 * TEXT_CHECK_FEATURE_NAMES.length);
  });
});

describe('text check in a chapter', () => {
  it("judges the whole reading, not each sentence against the others' speech", async () => {
    const ev = await loadEvaluator();
    const text = 'I like apples very much. My sister plays the piano every day. We go to school by bus.';
    const { samples } = await synthesize({ text, toneType: 3 });
    const r = await ev.evaluate({ pcm: samples, text, category: 'read_chapter' });
    expect(r.total_score).toBeGreaterThanOrEqual(70);
    // Each sentence read as written scores like one read alone (the last one was 0 when its
    // text check counted the other sentences as speech outside its words).
    expect(r.sentences).toHaveLength(3);
    for (const s of r.sentences!) expect(s.total_score).toBeGreaterThanOrEqual(60);
  }, 60_000);
});
