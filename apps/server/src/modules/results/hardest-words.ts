import type { AnswerRecord } from './repository.js';
import { correctedWords } from './scoring.js';

const trimPunctuation = (word: string) => word.trim().replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');

/**
 * The wrong words of a read answer, corrections applied: mispronounced or omitted, punctuation
 * trimmed. A capital at the start of a sentence says nothing about the word, so such a word is
 * lower-cased ("Apples are red." → apples), except "I" and its contractions; elsewhere it stays as
 * the text writes it ("I", "Tokyo").
 */
export const wrongWords = (a: AnswerRecord) => {
  if (!a.words) return [];
  const words = correctedWords(a.words, a.corrections);
  return words.flatMap((w, i) => {
    if (w.type !== 'mispronounced' && w.type !== 'omitted') return [];
    const written = writtenWordAt(words, i);
    return written ? [written] : [];
  });
};

/**
 * The i-th word of a read text as a list shows it (results' hardest words, the study survey's
 * weakest words): punctuation trimmed, a sentence's opening capital dropped except for "I" and its
 * contractions; '' for punctuation alone.
 */
export function writtenWordAt(words: readonly { word: string }[], i: number): string {
  const written = trimPunctuation(words[i]!.word);
  if (!written) return '';
  const startsSentence = i === 0 || /[.!?]["')\]]*$/.test(words[i - 1]!.word.trim());
  return startsSentence && !/^I(?:'|$)/.test(written) ? written.toLowerCase() : written;
}

/**
 * How a word counted case-blind is shown: in lower case once the text writes it so, else as
 * written ("I", "I'm", "Ken", "Tokyo" keep their capital). `shown` is the form kept so far.
 */
export const shownWord = (shown: string | undefined, written: string) =>
  shown === undefined || written === written.toLowerCase() ? written : shown;

/**
 * Words counted case-blind ("The" at a sentence's start and "the" are one word): the children who
 * read it wrong, and how it is written. It is shown in lower case when the text ever writes it so,
 * else as written ("I", "I'm", "Tokyo" keep their capital).
 */
export type WordTally = Map<string, { students: Set<number>; shown: string }>;
export const newTally = (): WordTally => new Map();

/** Words ranked by how many children read them wrong (then alphabetically). */
export function rankWords(byWord: WordTally, limit: number) {
  return [...byWord.values()]
    .map(({ shown, students }) => ({ word: shown, student_count: students.size }))
    .sort((a, b) => b.student_count - a.student_count || a.word.localeCompare(b.word))
    .slice(0, limit);
}

/** Add each wrong word of an answer to `byWord`. */
export function countWrongWords(byWord: WordTally, a: AnswerRecord & { studentId: number }) {
  for (const written of wrongWords(a)) {
    const key = written.toLowerCase();
    const entry = byWord.get(key) ?? { students: new Set<number>(), shown: written };
    entry.shown = shownWord(entry.shown, written);
    entry.students.add(a.studentId);
    byWord.set(key, entry);
  }
}
