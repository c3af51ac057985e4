// evaluate_html and evaluate_text. The HTML marks each expected word with its colour band (≥ 80
// good, ≥ 60 medium, < 60 bad, the teacher app's score colours) and keeps the text between words;
// every piece of text is escaped, so the markup can only contain our own span tags.
import type { TextWord } from '../text/tokenize';
import type { WordResult } from './types';

export function scoreBand(score: number): 'good' | 'medium' | 'bad' {
  return score >= 80 ? 'good' : score >= 60 ? 'medium' : 'bad';
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** `words` are the expected words' results in order (no inserted entries). */
export function evaluateHtml(text: string, tokens: TextWord[], words: WordResult[], offset = 0): string {
  let html = '';
  let pos = offset;
  tokens.forEach((tok, i) => {
    const r = words[i];
    html += escapeHtml(text.slice(pos - offset, tok.start - offset));
    const word = escapeHtml(text.slice(tok.start - offset, tok.end - offset));
    if (!r) html += word;
    else {
      const cls = `word ${scoreBand(r.score)}${r.type === 'normal' ? '' : ` ${r.type}`}`;
      html += `<span class="${cls}" data-score="${r.score}">${word}</span>`;
    }
    pos = tok.end;
  });
  html += escapeHtml(text.slice(pos - offset));
  return html;
}

/** Plain text: each word followed by its score in brackets, or [omitted]. */
export function evaluateText(words: WordResult[]): string {
  return words
    .map((w) =>
      w.type === 'omitted' ? `${w.word}[omitted]` : w.type === 'inserted' ? `[inserted]` : `${w.word}[${w.score}]`,
    )
    .join(' ');
}
