// Maps eSpeak NG's IPA output (phonemes joined by "_", words by spaces) onto the acoustic
// model's CMU/ARPAbet phone set, for words missing from the pronouncing dictionary.

const MULTI: Record<string, string[]> = {
  tʃ: ['CH'],
  dʒ: ['JH'],
  eɪ: ['EY'],
  aɪ: ['AY'],
  ɔɪ: ['OY'],
  aʊ: ['AW'],
  oʊ: ['OW'],
  əʊ: ['OW'],
  iː: ['IY'],
  uː: ['UW'],
  ɑː: ['AA'],
  ɔː: ['AO'],
  ɜː: ['ER'],
  ɪə: ['IH', 'R'],
  ɛə: ['EH', 'R'],
  ʊə: ['UH', 'R'],
  aɪə: ['AY', 'ER'],
  aʊə: ['AW', 'ER'],
  əl: ['AH', 'L'],
  ɚ: ['ER'],
  ɝ: ['ER'],
};

const SINGLE: Record<string, string[]> = {
  p: ['P'],
  b: ['B'],
  t: ['T'],
  d: ['D'],
  k: ['K'],
  ɡ: ['G'],
  g: ['G'],
  f: ['F'],
  v: ['V'],
  θ: ['TH'],
  ð: ['DH'],
  s: ['S'],
  z: ['Z'],
  ʃ: ['SH'],
  ʒ: ['ZH'],
  h: ['HH'],
  m: ['M'],
  n: ['N'],
  ŋ: ['NG'],
  l: ['L'],
  ɹ: ['R'],
  r: ['R'],
  w: ['W'],
  j: ['Y'],
  i: ['IY'],
  ɪ: ['IH'],
  e: ['EH'],
  ɛ: ['EH'],
  æ: ['AE'],
  a: ['AE'],
  ɑ: ['AA'],
  ɒ: ['AA'],
  ɔ: ['AO'],
  o: ['OW'],
  ʊ: ['UH'],
  u: ['UW'],
  ʌ: ['AH'],
  ə: ['AH'],
  ɐ: ['AH'],
  ᵻ: ['IH'],
  ɜ: ['ER'],
  ɾ: ['T'],
  ʔ: ['T'],
  x: ['K'],
  ɬ: ['L'],
  ç: ['HH'],
  ʍ: ['W'],
  y: ['IY'],
};

/** One word's IPA (eSpeak "_"-separated) → CMU phones. Unknown symbols are dropped. */
export function ipaToCmu(ipa: string): string[] {
  const out: string[] = [];
  // Stress marks, syllabic and nasal diacritics, palatalisation, ZWJ and hyphens carry no phone.
  const clean = ipa.toLowerCase().replace(/\u02C8|\u02CC|\u0329|\u0303|\u02B2|\u200D|-/g, '');
  for (const token of clean.split(/[_\s]+/)) {
    let i = 0;
    while (i < token.length) {
      let matched = false;
      for (const len of [3, 2]) {
        const m = MULTI[token.slice(i, i + len)];
        if (m) {
          out.push(...m);
          i += len;
          matched = true;
          break;
        }
      }
      if (matched) continue;
      const ch = token[i]!;
      if (ch === 'ː') {
        i++;
        continue;
      }
      const s = SINGLE[ch];
      if (s) out.push(...s);
      i++;
    }
  }
  return out;
}
