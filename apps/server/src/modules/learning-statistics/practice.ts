import { learningStatisticsLimits as limits } from '@ondoku/contract';
import { dictionaryPronunciations } from '@ondoku/speech';
import type { DbOrTx } from '../../db/client.js';
import { practiceCandidates } from './repository.js';
import { FINAL, isConsonant } from './sounds.js';

/**
 * Library material that trains given sounds (docs/learning-statistics.md, "Practice homework"):
 * the spoken material the teacher may use whose words contain the sounds, by the CMU
 * pronouncing dictionary the evaluator aligns with (a word's first pronunciation, stress
 * removed). Ranked by how many of the sounds the material covers, then by how many of its words
 * train them. The words' phones are kept per process (a word's pronunciation never changes).
 */
const phonesOfWord = new Map<string, string[] | null>();

function phonesOf(word: string): string[] | null {
  if (phonesOfWord.has(word)) return phonesOfWord.get(word)!;
  const first = dictionaryPronunciations(word)[0];
  const phones = first ? first.map((p) => p.replace(/[0-9]$/, '')) : null;
  phonesOfWord.set(word, phones);
  return phones;
}

/** The sounds of `wanted` a word contains (FINAL: it ends with a consonant after another phone). */
export function soundsInWord(word: string, wanted: ReadonlySet<string>): string[] {
  const phones = phonesOf(word);
  if (!phones) return [];
  const found = new Set(phones.filter((p) => wanted.has(p)));
  const last = phones[phones.length - 1];
  if (wanted.has(FINAL) && phones.length > 1 && last && isConsonant(last)) found.add(FINAL);
  return [...found];
}

export async function practiceMaterials(db: DbOrTx, teacherId: number, sounds: string[]) {
  const wanted = new Set(sounds);
  const candidates = await practiceCandidates(db, teacherId);
  const scored = candidates.map((c) => {
    const words = [...new Set(c.text.match(/[a-z']+/g) ?? [])].filter((w) => w.length > 1 || w === 'a');
    const covered = new Set<string>();
    const training: string[] = [];
    for (const w of words) {
      const found = soundsInWord(w, wanted);
      if (found.length === 0) continue;
      training.push(w);
      for (const s of found) covered.add(s);
    }
    return { ...c, covered: covered.size, words: training };
  });
  return scored
    .filter((c) => c.words.length > 0)
    .sort((a, b) => b.covered - a.covered || b.words.length - a.words.length || a.id - b.id)
    .slice(0, limits.practiceResources)
    .map((c) => ({ id: c.id, title: c.title, type: c.type, words: c.words.slice(0, 8) }));
}
