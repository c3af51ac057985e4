import { describe, expect, it } from 'vitest';
import { countWrongWords, newTally, rankWords } from './hardest-words.js';
import type { AnswerRecord } from './repository.js';

const answer = (studentId: number, words: [string, 'good' | 'mispronounced' | 'omitted'][]) =>
  ({
    studentId,
    words: words.map(([word, type]) => ({ word, type, score: type === 'good' ? 90 : 30 })),
    corrections: null,
  }) as unknown as AnswerRecord & { studentId: number };

describe('hardest words', () => {
  it('counts a word case-blind, shows it in lower case when the text writes it so, and keeps "I" and names capitalised', () => {
    const tally = newTally();
    countWrongWords(
      tally,
      answer(1, [
        ['The', 'mispronounced'],
        ['I', 'omitted'],
        ['Tokyo.', 'mispronounced'],
      ]),
    );
    countWrongWords(
      tally,
      answer(2, [
        ['the', 'omitted'],
        ["I'm", 'mispronounced'],
        ['I', 'mispronounced'],
      ]),
    );
    countWrongWords(
      tally,
      answer(3, [
        ['I', 'good'],
        ['"Tokyo"', 'omitted'],
        ['apple', 'good'],
      ]),
    );
    expect(rankWords(tally, 10)).toEqual([
      { word: 'I', student_count: 2 },
      { word: 'the', student_count: 2 },
      { word: 'Tokyo', student_count: 2 },
      { word: "I'm", student_count: 1 },
    ]);
    expect(rankWords(tally, 2)).toHaveLength(2);
  });
});
