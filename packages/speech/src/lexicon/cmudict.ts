// Compact access to the CMU pronouncing dictionary. The npm package is one big JS object literal
// (135 k properties, ~60 MB once imported); instead we read its source text once as bytes (4.7 MB,
// outside the JS heap) and index the entries with an open-addressing hash table of line offsets
// (Int32Array, 1 MB). Lookups hash the key, compare bytes and decode only the matched entry.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface CompactDictionary {
  /** The raw value of an entry, as the package writes it (stress digits, possibly a `# comment`). */
  get(key: string): string | undefined;
  /** Every key, in file order (tests and tools; not used while evaluating). */
  keys(): Generator<string>;
  readonly size: number;
}

/** The phones of the acoustic model (CMU/ARPAbet, stress removed), fillers excluded. */
export const MODEL_PHONES: ReadonlySet<string> = new Set(
  'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(' '),
);

/** Phones of a dictionary value: a trailing `# comment` dropped (`"F IH1 N AH0 # org, irish"`),
 *  stress digits removed, and anything that is not a phone of the model left out. */
export function parsePronunciation(value: string): string[] {
  const hash = value.indexOf('#');
  const body = hash >= 0 ? value.slice(0, hash) : value;
  const out: string[] = [];
  for (const token of body.split(/\s+/)) {
    const phone = token.replace(/[0-9]/g, '').toUpperCase();
    if (MODEL_PHONES.has(phone)) out.push(phone);
  }
  return out;
}

const QUOTE = 0x22;
const NL = 0x0a;

function fnv(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i]!, 16777619);
  return h >>> 0;
}

/** Parses the package source: lines of the form `  "key": "PH ON ES",`. */
export function buildCompactDictionary(text: Uint8Array): CompactDictionary {
  // Pass 1: count entries.
  let count = 0;
  for (let i = 0; i < text.length; i++) if (text[i] === NL && text[i + 3] === QUOTE) count++;
  let cap = 1;
  while (cap < count * 2) cap <<= 1;
  const table = new Int32Array(cap).fill(-1);
  const mask = cap - 1;
  let size = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== NL || text[i + 1] !== 0x20 || text[i + 2] !== 0x20 || text[i + 3] !== QUOTE) continue;
    const k0 = i + 4;
    let k1 = k0;
    while (k1 < text.length && text[k1] !== QUOTE) k1++;
    let slot = fnv(text, k0, k1) & mask;
    while (table[slot] !== -1) slot = (slot + 1) & mask;
    table[slot] = k0;
    size++;
  }
  const enc = new TextEncoder();
  const dec = new TextDecoder('latin1');
  return {
    size,
    *keys(): Generator<string> {
      for (let i = 0; i < text.length; i++) {
        if (text[i] !== NL || text[i + 1] !== 0x20 || text[i + 2] !== 0x20 || text[i + 3] !== QUOTE) continue;
        let k1 = i + 4;
        while (k1 < text.length && text[k1] !== QUOTE) k1++;
        yield dec.decode(text.subarray(i + 4, k1));
      }
    },
    get(key: string): string | undefined {
      const k = enc.encode(key);
      if (k.includes(QUOTE) || k.includes(0x5c)) return undefined;
      let h = 0x811c9dc5;
      for (const b of k) h = Math.imul(h ^ b, 16777619);
      let slot = (h >>> 0) & mask;
      for (;;) {
        const o = table[slot]!;
        if (o === -1) return undefined;
        let j = 0;
        while (j < k.length && text[o + j] === k[j]) j++;
        if (j === k.length && text[o + j] === QUOTE) {
          // `key": "VALUE"`
          const v0 = o + j + 4;
          let v1 = v0;
          while (text[v1] !== QUOTE) v1++;
          return dec.decode(text.subarray(v0, v1));
        }
        slot = (slot + 1) & mask;
      }
    },
  };
}

let shared: CompactDictionary | undefined;

/** The package's source file: ONDOKU_CMUDICT_FILE, else resolved from this module (or, in a
 *  bundle without import.meta.url, from the working directory). */
function dictionaryFile(): string {
  const env = process.env.ONDOKU_CMUDICT_FILE;
  if (env) return env;
  const here = typeof import.meta.url === 'string' ? import.meta.url : undefined;
  for (const base of [here, path.join(process.cwd(), 'index.js')]) {
    if (!base) continue;
    try {
      return createRequire(base).resolve('cmu-pronouncing-dictionary/index.js');
    } catch {
      // try the next base
    }
  }
  throw new Error('cmu-pronouncing-dictionary is not installed (or set ONDOKU_CMUDICT_FILE)');
}

/** The dictionary of the `cmu-pronouncing-dictionary` package, loaded on first use. */
export function cmuDictionary(): CompactDictionary {
  if (!shared) {
    const buf = readFileSync(dictionaryFile());
    shared = buildCompactDictionary(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength));
  }
  return shared;
}
