// Model definition (binary "BMDF" form): the phone set, the triphones, and which senones
// (tied HMM states) and transition matrix each phone uses. The file carries its own format
// description, which this reader follows: counts, CI phone names, a context tree (not needed
// here: the phone table holds the same information), the phone table and the senone sequences.
import { Cursor } from './s3-file';

export type WordPosition = 'i' | 'b' | 'e' | 's';
/** Order of word positions in the binary phone table. */
const WPOS: WordPosition[] = ['i', 'b', 'e', 's'];

export interface ModelDefinition {
  ciPhones: string[];
  ciIndex: Map<string, number>;
  nEmit: number;
  nCiSenones: number;
  nSenones: number;
  silence: number;
  /** Per phone (CI phones first, then triphones): senone sequence id and transition matrix. */
  phoneSsid: Int32Array;
  phoneTmat: Int32Array;
  /** Senone ids: sseq[ssid * nEmit + state]. */
  sseq: Int16Array;
  /** Codebook (= base CI phone for a PTM model) of every senone. */
  senoneCodebook: Int16Array;
  /** Phone index of a triphone (CI phone ids and word position), or undefined. */
  triphone(base: number, left: number, right: number, wpos: WordPosition): number | undefined;
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
  const phoneSsid = new Int32Array(nPhone);
  const phoneTmat = new Int32Array(nPhone);
  const baseOfPhone = new Int32Array(nPhone);
  // Triphone index: packed integer keys (base, left, right, wpos), sorted, binary-searched —
  // two typed arrays instead of a Map of 137 k entries.
  const packKey = (b: number, l: number, r: number, w: number) => ((b * 256 + l) * 256 + r) * 4 + w;
  const keyOf = new Float64Array(nPhone).fill(Infinity);
  for (let p = 0; p < nPhone; p++) {
    const ssid = c.int32();
    const tmat = c.int32();
    const [wpos, base, left, right] = [c.uint8(), c.uint8(), c.uint8(), c.uint8()];
    phoneSsid[p] = ssid;
    phoneTmat[p] = tmat;
    baseOfPhone[p] = p < nCi ? p : base;
    if (p >= nCi) keyOf[p] = packKey(base, left, right, wpos);
  }
  // The senone sequences are preceded by their element count (an int32 the format description
  // above does not list; sphinxbase writes and reads it).
  const sseqCount = c.int32();
  if (sseqCount !== nSseq * nEmit)
    throw new Error(`mdef: ${sseqCount} senone sequence entries, expected ${nSseq} × ${nEmit}`);
  const sseq = new Int16Array(nSseq * nEmit);
  for (let i = 0; i < sseq.length; i++) sseq[i] = c.int16();
  // A PTM model shares one codebook among all senones of the same base phone.
  const senoneCodebook = new Int16Array(nSenones).fill(-1);
  for (let p = 0; p < nPhone; p++) {
    for (let s = 0; s < nEmit; s++) senoneCodebook[sseq[phoneSsid[p]! * nEmit + s]!] = baseOfPhone[p]!;
  }
  const ciIndex = new Map(ciPhones.map((n, i) => [n, i]));
  const order = new Int32Array(nPhone - nCi);
  for (let i = 0; i < order.length; i++) order[i] = nCi + i;
  order.sort((a, b) => keyOf[a]! - keyOf[b]!);
  const sortedKeys = new Float64Array(order.length);
  for (let i = 0; i < order.length; i++) sortedKeys[i] = keyOf[order[i]!]!;
  const triphone = (b: number, l: number, r: number, w: WordPosition): number | undefined => {
    const k = packKey(b, l, r, WPOS.indexOf(w));
    let lo = 0;
    let hi = sortedKeys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = sortedKeys[mid]!;
      if (v === k) return order[mid]!;
      if (v < k) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  };
  return {
    ciPhones,
    ciIndex,
    nEmit,
    nCiSenones,
    nSenones,
    silence,
    phoneSsid,
    phoneTmat,
    sseq,
    senoneCodebook,
    triphone,
  };
}
