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
  cache.set(key, prons);
  return prons;
}

export async function letterToSound(word: string): Promise<string[]> {
  const { module, worker } = await getEspeak();
  worker.set_voice('en-us');
  const ipa = readCString(module, worker.convert_to_phonemes(word, true).ptr);
  return ipaToCmu(ipa).filter((p) => MODEL_PHONES.has(p));
}
