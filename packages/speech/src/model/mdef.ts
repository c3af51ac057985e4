// Model definition (binary "BMDF" form): the phone set, the triphones, and which senones
// (tied HMM states) and transition matrix each phone uses. The file carries its own format
// description, which this reader follows: counts, CI phone names, a context tree (not needed
// here: the phone table holds the same information), the phone table and the senone sequences.
import { Cursor } from './s3-file';

export type WordPosition = 'i' | 'b' | 'e' | 's';
/** Order of word positions in the binary phone table. */
const WPOS: WordPosition[] = ['i', 'b', 'e', 's'];

export interface PhoneEntry {
  ssid: number;
  tmat: number;
}

export interface ModelDefinition {
  ciPhones: string[];
  ciIndex: Map<string, number>;
  nEmit: number;
  nCiSenones: number;
  nSenones: number;
  silence: number;
  phones: PhoneEntry[];
  /** Senone ids: sseq[ssid * nEmit + state]. */
  sseq: Int16Array;
  /** Codebook (= base CI phone for a PTM model) of every senone. */
  senoneCodebook: Int16Array;
  /** key `${base} ${left} ${right} ${wpos}` → phone index. */
  triphones: Map<string, number>;
}

export function readModelDefinition(bytes: Uint8Array): ModelDefinition {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = new TextDecoder('latin1').decode(bytes.subarray(0, 4));
  if (magic !== 'BMDF') throw new Error('mdef: only the binary BMDF format is supported');
  const c = new Cursor(view, 4, true);
  c.int32(); // format version
  const descLen = c.int32();
  c.offset += descLen;
  const nCi = c.int32();
  const nPhone = c.int32();
  const nEmit = c.int32();
  const nCiSenones = c.int32();
  const nSenones = c.int32();
  c.int32(); // n_tmat
  const nSseq = c.int32();
  c.int32(); // n_ctx
  const nCdTree = c.int32();
  const silence = c.int32();
  const ciPhones: string[] = [];
  for (let i = 0; i < nCi; i++) ciPhones.push(c.cstring());
  c.offset = (c.offset + 3) & ~3;
  c.offset += nCdTree * 8;
  const phones: PhoneEntry[] = [];
  const baseOfPhone: number[] = [];
  const triphones = new Map<string, number>();
  for (let p = 0; p < nPhone; p++) {
    const ssid = c.int32();
    const tmat = c.int32();
    const [wpos, base, left, right] = [c.uint8(), c.uint8(), c.uint8(), c.uint8()];
    phones.push({ ssid, tmat });
    baseOfPhone.push(p < nCi ? p : base);
    if (p >= nCi) triphones.set(`${ciPhones[base]} ${ciPhones[left]} ${ciPhones[right]} ${WPOS[wpos]}`, p);
  }
  const sseq = new Int16Array(nSseq * nEmit);
  for (let i = 0; i < sseq.length; i++) sseq[i] = c.int16();
  // A PTM model shares one codebook among all senones of the same base phone.
  const senoneCodebook = new Int16Array(nSenones).fill(-1);
  for (let p = 0; p < nPhone; p++) {
    const ph = phones[p]!;
    for (let s = 0; s < nEmit; s++) senoneCodebook[sseq[ph.ssid * nEmit + s]!] = baseOfPhone[p]!;
  }
  const ciIndex = new Map(ciPhones.map((n, i) => [n, i]));
  return { ciPhones, ciIndex, nEmit, nCiSenones, nSenones, silence, phones, sseq, senoneCodebook, triphones };
}
