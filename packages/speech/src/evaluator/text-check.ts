// Does the reading say this text at all? Symbolic evidence beside the likelihoods of the
// wrong-text gate (expert-mapping.ts): the free phone loop's phones (what was heard, with no
// text in mind) against the phones the alignment placed (what the text says), over the spoken
// span. A reading of another text keeps the alignment's likelihood close to the loop's on short
// texts (the schwa-like phones fit anything), but its loop phones disagree with the text's.
import type { Analysis } from './align';

const CLASSES: Record<string, string> = {};
const add = (cls: string, phones: string) => {
  for (const p of phones.split(' ')) CLASSES[p] = cls;
};
add('V', 'AA AE AH AO AW AY EH ER EY IH IY OW OY UH UW');
add('S', 'B D G K P T');
add('F', 'F V TH DH S Z SH ZH HH CH JH');
add('N', 'M N NG');
add('L', 'L R W Y');

const isSpeech = (phone: string) => phone !== 'SIL' && !phone.startsWith('+');
const classOf = (phone: string) => CLASSES[phone] ?? phone;

export const TEXT_CHECK_FEATURE_NAMES = [
  'phone edit distance per expected phone',
  'frames where the loop hears the aligned phone',
  'frames where the loop hears the aligned phone class',
  'loop phones per expected phone',
  'loop phones outside the aligned words per expected phone',
] as const;

/**
 * Edit distance between what the loop heard and what the text says: substitution 0 (same
 * phone), 0.5 (same class: vowels, stops, fricatives, nasals, liquids and glides) or 1;
 * insertion and deletion 1.
 */
export function phoneEditDistance(heard: string[], expected: string[]): number {
  const m = expected.length;
  let prev = new Float64Array(m + 1);
  let cur = new Float64Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= heard.length; i++) {
    cur[0] = i;
    const h = heard[i - 1]!;
    const hc = classOf(h);
    for (let j = 1; j <= m; j++) {
      const e = expected[j - 1]!;
      const sub = h === e ? 0 : hc === classOf(e) ? 0.5 : 1;
      cur[j] = Math.min(prev[j - 1]! + sub, prev[j]! + 1, cur[j - 1]! + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[m]!;
}

/** The features of TEXT_CHECK_FEATURE_NAMES (a reading with no word kept gives the worst values). */
export function textCheckFeatures(a: Analysis): number[] {
  const kept = a.words.filter((w) => !w.skipped && w.phones.length > 0);
  if (kept.length === 0) return [2, 0, 0, 0, 3];
  const first = kept[0]!.start;
  const last = kept[kept.length - 1]!.end;
  const expected = kept.flatMap((w) => w.phones.map((p) => p.phone));
  const speech = a.loopPhones.filter((p) => isSpeech(p.phone));
  const heard = speech.filter((p) => p.end >= first && p.start <= last);
  // Speech the alignment gave to no word (a short text aligned to a part of a longer word).
  const outside = speech.length - heard.length;
  const dist = phoneEditDistance(
    heard.map((p) => p.phone),
    expected,
  );
  // Frame by frame over the aligned words' phones: does the loop hear the same phone (class)?
  const span = last - first + 1;
  const loopAt = new Array<string>(span).fill('SIL');
  for (const p of heard)
    for (let t = Math.max(p.start, first); t <= Math.min(p.end, last); t++) loopAt[t - first] = p.phone;
  let frames = 0;
  let same = 0;
  let sameClass = 0;
  for (const w of kept)
    for (const p of w.phones)
      for (let t = p.start; t <= p.end; t++) {
        const h = loopAt[t - first]!;
        frames++;
        if (h === p.phone) same++;
        if (classOf(h) === classOf(p.phone)) sameClass++;
      }
  return [
    Math.min(2, dist / expected.length),
    frames ? same / frames : 0,
    frames ? sameClass / frames : 0,
    Math.min(3, heard.length / expected.length),
    Math.min(3, outside / expected.length),
  ];
}
