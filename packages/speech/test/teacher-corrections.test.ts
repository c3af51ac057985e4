import { describe, expect, it } from 'vitest';
import { fitThreshold, readCorrectionLines, summarise } from '../bench/teacher-corrections-fit';

const line = (word: string, score: number, evaluator: string, teacher: string) =>
  JSON.stringify({
    text: 'I like red apples',
    category: 'read_sentence',
    word_index: 0,
    word,
    score,
    evaluator,
    teacher,
    corrected: evaluator !== teacher,
    date: '2026-05-11',
  });

describe('the teachers’ corrections, read back for calibration', () => {
  const lines = readCorrectionLines(
    [
      line('I', 90, 'normal', 'normal'),
      line('like', 55, 'mispronounced', 'normal'),
      line('red', 58, 'mispronounced', 'normal'),
      line('apples', 40, 'mispronounced', 'mispronounced'),
      line('Apples!', 45, 'mispronounced', 'normal'),
      '',
    ].join('\n'),
  );

  it('counts agreement and the two directions of a correction', () => {
    expect(summarise(lines)).toEqual({
      words: 5,
      answers: 1,
      agreed: 2,
      agreement: 0.4,
      toCorrect: 3,
      toMispronounced: 0,
      hardest: [
        ['apples', 1],
        ['like', 1],
        ['red', 1],
      ],
    });
  });

  it('finds the threshold that agrees best (here: every word at 45 and above is right)', () => {
    const fit = fitThreshold(lines);
    expect(fit.agreementAt(60)).toBe(0.4);
    expect(fit.best).toBe(45);
    expect(fit.bestAgreement).toBe(1);
  });

  it('refuses a file that is not the export', () => {
    expect(() => readCorrectionLines('{"a":1}')).toThrow('line 1');
  });
});
