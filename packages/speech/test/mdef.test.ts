// The binary model definition: senone ids as sphinxbase reads them (pocketsphinx_mdef_convert
// -text of the same file lists "+NSN+ … 0 1 2", "AA … 6 7 8", "SIL … 96 97 98", "ZH … 123 124 125"
// and the triphone "AA AA SIL s … 158 165 203").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultModelDir } from '../src/model/acoustic-model';
import { readModelDefinition } from '../src/model/mdef';

const bytes = new Uint8Array(readFileSync(path.join(defaultModelDir(), 'mdef')));
const mdef = readModelDefinition(bytes);
const senonesOf = (phone: number) => [0, 1, 2].map((s) => mdef.sseq[mdef.phoneSsid[phone]! * mdef.nEmit + s]);

describe('binary mdef', () => {
  it('reads the senone sequences after their element count', () => {
    expect(senonesOf(mdef.ciIndex.get('+NSN+')!)).toEqual([0, 1, 2]);
    expect(senonesOf(mdef.ciIndex.get('AA')!)).toEqual([6, 7, 8]);
    expect(senonesOf(mdef.ciIndex.get('SIL')!)).toEqual([96, 97, 98]);
    expect(senonesOf(mdef.ciIndex.get('ZH')!)).toEqual([123, 124, 125]);
    const aa = mdef.ciIndex.get('AA')!;
    const sil = mdef.ciIndex.get('SIL')!;
    expect(senonesOf(mdef.triphone(aa, aa, sil, 's')!)).toEqual([158, 165, 203]);
  });

  it('gives the CI phones the first senones, three each, in phone order', () => {
    const ci = mdef.ciPhones.flatMap((_, p) => senonesOf(p));
    expect(ci).toEqual(Array.from({ length: mdef.nCiSenones }, (_, i) => i));
    // every senone of a triphone shares the codebook of its base phone
    const aa = mdef.ciIndex.get('AA')!;
    for (const s of senonesOf(mdef.triphone(aa, aa, mdef.ciIndex.get('SIL')!, 's')!))
      expect(mdef.senoneCodebook[s!]).toBe(aa);
  });

  it('refuses a file whose senone sequence count does not match', () => {
    const broken = bytes.slice();
    // The count sits right before the last nSseq × nEmit int16 entries.
    const at = broken.length - mdef.sseq.length * 2 - 4;
    new DataView(broken.buffer).setInt32(at, 7, true);
    expect(() => readModelDefinition(broken)).toThrow(/senone sequence entries/);
  });
});
