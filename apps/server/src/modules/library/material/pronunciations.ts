// Pronunciations (ARPAbet, CMU style with stress digits) of words the CMU pronouncing dictionary
// does not have: Japanese words, names and places used in the material. The stress digits give
// the word books their IPA; the evaluator ignores them. material.test.ts fails for any word of
// the material that is in neither the dictionary nor this list.
import type { StatedPronunciations } from './types';

export const pronunciations: StatedPronunciations = {
  dodgeball: 'D AA1 JH B AO2 L',
  tempura: 'T EH0 M P UH1 R AH0',
  ramen: 'R AA1 M AH0 N',
  onigiri: 'OW2 N IY0 G IH1 R IY0',
  himeji: 'HH IH0 M EH1 JH IY0',
  mochi: 'M OW1 CH IY0',
  skytree: 'S K AY1 T R IY2',
  yuki: 'Y UW1 K IY0',
  miso: 'M IY1 S OW0',
  aya: 'AA1 Y AH0',
  yukata: 'Y UW0 K AA1 T AH0',
  pochi: 'P OW1 CH IY0',
  snowmen: 'S N OW1 M EH2 N',
  takoyaki: 'T AA2 K OW0 Y AA1 K IY0',
  nori: 'N AO1 R IY0',
  kinkakuji: 'K IY2 N K AA0 K UW1 JH IY0',
  kami: 'K AA1 M IY0',
  haruto: 'HH AA0 R UW1 T OW0',
  sota: 'S OW1 T AH0',
  "yuki's": 'Y UW1 K IY0 Z',
};
