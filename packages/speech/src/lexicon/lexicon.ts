// Pronunciations of the expected words: the CMU pronouncing dictionary (all listed variants,
// stress removed), then eSpeak NG letter-to-sound for words the dictionary lacks.
import { getEspeak, readCString } from '../tts/espeak';
import { cmuDictionary, MODEL_PHONES, parsePronunciation } from './cmudict';
import { ipaToCmu } from './ipa-to-cmu';

const MAX_VARIANTS = 4;
const cache = new Map<string, string[][]>();

/** Lower-case dictionary key of a written word ("Don't," → "don't"). */
export function normaliseWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/^[^a-z0-9']+|[^a-z0-9']+$/g, '')
    .replace(/^'+|'+$/g, '');
}

export function dictionaryPronunciations(key: string): string[][] {
  const out: string[][] = [];
  const dictionary = cmuDictionary();
  const first = dictionary.get(key);
  if (!first) return out;
  const add = (value: string) => {
    const phones = parsePronunciation(value);
    if (phones.length > 0 && !out.some((p) => p.join(' ') === phones.join(' '))) out.push(phones);
  };
  add(first);
  for (let i = 2; i <= MAX_VARIANTS; i++) {
    const v = dictionary.get(`${key}(${i})`);
    if (!v) break;
    add(v);
  }
  return out;
}

export async function pronunciations(word: string): Promise<string[][]> {
  const key = normaliseWord(word);
  if (!key) return [];
  const hit = cache.get(key);
  if (hit) return hit;
  let prons = dictionaryPronunciations(key);
  if (prons.length === 0) prons = [await letterToSound(key)].filter((p) => p.length > 0);
  prons = withNonRhotic(prons);
  cache.set(key, prons);
  return prons;
}

const VOWELS = new Set(['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW']);

/**
 * The non-rhotic reading of a pronunciation (British English, and the model voice children hear):
 * an R after a vowel and not before one is not said ("car" K AA, "four" F AO), and ER there is a
 * plain central vowel ("bird" B AH D, "farmer" F AA M AH). The same phones when nothing changes.
 */
export function nonRhotic(phones: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < phones.length; i++) {
    const p = phones[i]!;
    const next = phones[i + 1];
    const beforeVowel = next !== undefined && VOWELS.has(next);
    if (p === 'R' && i > 0 && VOWELS.has(phones[i - 1]!) && !beforeVowel) continue;
    out.push(p === 'ER' && !beforeVowel ? 'AH' : p);
  }
  return out;
}

/** The pronunciations with each one's non-rhotic reading added after them (when it differs and
 *  is not listed already): a child who learnt British English is not marked down for it. */
export function withNonRhotic(prons: string[][]): string[][] {
  const out = [...prons];
  for (const p of prons) {
    const v = nonRhotic(p);
    if (!out.some((q) => q.join(' ') === v.join(' '))) out.push(v);
  }
  return out;
}

export async function letterToSound(word: string): Promise<string[]> {
  const { module, worker } = await getEspeak();
  worker.set_voice('en-us');
  const ipa = readCString(module, worker.convert_to_phonemes(word, true).ptr);
  return ipaToCmu(ipa).filter((p) => MODEL_PHONES.has(p));
}
