// Splitting the expected text into sentences and words. Words keep their written form (shown
// to teachers) and their position in the original text (for markup).

export interface TextWord {
  /** As written, without surrounding punctuation. */
  text: string;
  /** Offsets in the original text. */
  start: number;
  end: number;
}

const WORD_RE = /[A-Za-z0-9]+(?:['’][A-Za-z0-9]+)*/g;

export function splitWords(text: string, offset = 0): TextWord[] {
  const out: TextWord[] = [];
  for (const m of text.matchAll(WORD_RE)) {
    out.push({ text: m[0], start: offset + (m.index ?? 0), end: offset + (m.index ?? 0) + m[0].length });
  }
  return out;
}

export interface TextSentence {
  text: string;
  start: number;
  end: number;
}

/** Sentences end at . ! ? (and their full-width forms) followed by space or the end. */
export function splitSentences(text: string): TextSentence[] {
  const out: TextSentence[] = [];
  const re = /[^.!?。！？]+(?:[.!?。！？]+["'”’)]*|$)/g;
  for (const m of text.matchAll(re)) {
    const raw = m[0];
    const lead = raw.length - raw.trimStart().length;
    const s = raw.trim();
    if (!s || splitWords(s).length === 0) continue;
    const start = (m.index ?? 0) + lead;
    out.push({ text: s, start, end: start + s.length });
  }
  return out;
}
