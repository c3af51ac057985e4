import { describe, expect, it } from 'vitest';
import { evaluateHtml, evaluateText, scoreBand } from '../src/evaluator/markup';
import { splitSentences, splitWords } from '../src/text/tokenize';
import type { WordResult } from '../src/evaluator/types';

describe('markup', () => {
  it('uses the spec colour bands', () => {
    expect(scoreBand(80)).toBe('good');
    expect(scoreBand(79)).toBe('medium');
    expect(scoreBand(60)).toBe('medium');
    expect(scoreBand(59)).toBe('bad');
  });
  it('marks each word, keeps punctuation and escapes everything', () => {
    const text = 'Tom & <b>Amy</b> "run".';
    const tokens = splitWords(text);
    expect(tokens.map((t) => t.text)).toEqual(['Tom', 'b', 'Amy', 'b', 'run']);
    const words: WordResult[] = tokens.map((t, i) => ({
      word: t.text,
      score: [95, 70, 10, 0, 85][i]!,
      type: i === 3 ? 'omitted' : i === 2 ? 'mispronounced' : 'normal',
      start_ms: 0,
      end_ms: 0,
    }));
    const html = evaluateHtml(text, tokens, words);
    expect(html).toBe(
      '<span class="word good" data-score="95">Tom</span> &amp; &lt;<span class="word medium" data-score="70">b</span>&gt;' +
        '<span class="word bad mispronounced" data-score="10">Amy</span>&lt;/<span class="word bad omitted" data-score="0">b</span>&gt; ' +
        '&quot;<span class="word good" data-score="85">run</span>&quot;.',
    );
    expect(html).not.toMatch(/<b>|<\/b>/);
    expect(evaluateText(words)).toBe('Tom[95] b[70] Amy[10] b[omitted] run[85]');
  });
  it('splits a chapter into sentences', () => {
    expect(splitSentences('Hello there! How are you? I am fine.').map((s) => s.text)).toEqual([
      'Hello there!',
      'How are you?',
      'I am fine.',
    ]);
  });
});
