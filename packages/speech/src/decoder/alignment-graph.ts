// The graph for aligning the expected words: optional fillers (silence, noise) between words,
// every pronunciation variant of each word in parallel, triphone units with cross-word
// context, and optionally an arc that skips each word (to find omitted words).
import type { AcousticModel } from '../model/acoustic-model';
import type { WordPosition } from '../model/mdef';
import { DecodingGraph } from './graph';

export interface AlignmentGraphOptions {
  /** Log weight of skipping a word; undefined = words cannot be skipped. */
  skipPenalty?: number;
  /** Log weight of taking an inter-word filler (silence or noise). */
  fillerPenalty?: number;
  /** Use triphones (true) or context-independent phones. */
  contextDependent?: boolean;
}

export const FILLERS = ['SIL', '+NSN+', '+SPN+'];

export function buildAlignmentGraph(
  model: AcousticModel,
  words: string[][][],
  opts: AlignmentGraphOptions = {},
): DecodingGraph {
  const g = new DecodingGraph();
  const fillerPenalty = opts.fillerPenalty ?? -2;
  const cd = opts.contextDependent ?? true;
  g.start = g.add(undefined);
  let junction = g.start;
  for (let w = 0; w <= words.length; w++) {
    // Inter-word position: direct arc or one of the fillers.
    const fillerNodes = FILLERS.filter((f) => model.mdef.ciIndex.has(f)).map((f) =>
      g.add(model.ciUnit(f), { phone: f, filler: true, word: w }),
    );
    const after = g.add(undefined, { word: w });
    g.connect(junction, after, 0);
    for (const f of fillerNodes) {
      g.connect(junction, f, fillerPenalty);
      g.connect(f, after, 0);
    }
    junction = after;
    if (w === words.length) break;
    const prons = words[w]!;
    const prevLast = lastPhones(words[w - 1]);
    const nextFirst = firstPhones(words[w + 1]);
    const wordEnd: Array<[number, number]> = []; // (last node, weight)
    const skip = opts.skipPenalty;
    prons.forEach((pron, v) => {
      let prev = junction;
      pron.forEach((ph, i) => {
        const left = i > 0 ? pron[i - 1]! : (prevLast[0] ?? 'SIL');
        const right = i < pron.length - 1 ? pron[i + 1]! : (nextFirst[0] ?? 'SIL');
        const wpos: WordPosition = pron.length === 1 ? 's' : i === 0 ? 'b' : i === pron.length - 1 ? 'e' : 'i';
        const unit = cd ? model.unit(ph, left, right, wpos) : model.ciUnit(ph);
        const node = g.add(unit, { word: w, variant: v, position: i, phone: ph });
        g.connect(prev, node, 0);
        prev = node;
      });
      wordEnd.push([prev, 0]);
    });
    const out = g.add(undefined, { word: w });
    for (const [n, wt] of wordEnd) if (n !== junction) g.connect(n, out, wt);
    if (skip !== undefined || prons.length === 0) g.connect(junction, out, prons.length === 0 ? 0 : (skip ?? 0));
    junction = out;
  }
  g.end = junction;
  return g;
}

function lastPhones(prons: string[][] | undefined): string[] {
  return prons?.[0]?.slice(-1) ?? [];
}
function firstPhones(prons: string[][] | undefined): string[] {
  return prons?.[0]?.slice(0, 1) ?? [];
}

/**
 * The graph in which every word may be skipped, with cross-word triphones that stay right when a
 * word is skipped: a word's last phone exists in two versions, one with the next word's first phone
 * as right context (the next word is read) and one with the first phone of the word after it (the
 * next word is skipped; only this version leads to the skip arc), and a word's first phone in two
 * versions, entered after the previous word (left context: its last phone) or after a skipped
 * previous word (left context: the last phone of the word before that). Two skips in a row reuse
 * the second version (its left context is then one word off).
 * With `skipped`, the words of that set are always skipped and the others never: the final
 * alignment without the omitted words, built from the same units (so every senone it needs was
 * scored for the skippable graph).
 */
export function buildSkippableGraph(
  model: AcousticModel,
  words: string[][][],
  opts: { skipPenalty: number; fillerPenalty?: number; skipped?: Set<number> },
): DecodingGraph {
  const g = new DecodingGraph();
  const fillerPenalty = opts.fillerPenalty ?? -2;
  const fillers = FILLERS.filter((f) => model.mdef.ciIndex.has(f));
  const W = words.length;
  const first = (w: number) => (w >= 0 && w < W ? (firstPhones(words[w])[0] ?? 'SIL') : 'SIL');
  const last = (w: number) => (w >= 0 && w < W ? (lastPhones(words[w])[0] ?? 'SIL') : 'SIL');
  /** Optional fillers from `from` to a new null node (inter-word position `pos`). */
  const gap = (from: number, pos: number): number => {
    const fs = fillers.map((f) => g.add(model.ciUnit(f), { phone: f, filler: true, word: pos }));
    const after = g.add(undefined, { word: pos });
    g.connect(from, after, 0);
    for (const f of fs) {
      g.connect(from, f, fillerPenalty);
      g.connect(f, after, 0);
    }
    return after;
  };
  g.start = g.add(undefined);
  // J = entry of word w after word w−1 was read; K = entry after word w−1 was skipped.
  let J = gap(g.start, 0);
  let K = -1;
  // Null node before the skip of word w, reached by word w−1's version for a skipped next word
  // (for word 0: the start, and word 1 is then entered with SIL as left context).
  let skipFromS = J;
  for (let w = 0; w < W; w++) {
    const forcedSkip = opts.skipped?.has(w) ?? false;
    const maySkip = opts.skipped ? forcedSkip : true;
    const prons = forcedSkip ? [] : words[w]!;
    const entries: Array<[number, string]> = [[J, last(w - 1)]];
    if (K >= 0) entries.push([K, last(w - 2)]);
    // Exit 0: the next word is read; exit 1: it is skipped (not after the last word).
    const exits = w + 1 < W ? [first(w + 1), first(w + 2)] : [first(w + 1)];
    const exitTails: number[][] = exits.map(() => []);
    prons.forEach((pron, v) => {
      const unitAt = (i: number, left: string, right: string) => {
        const ph = pron[i]!;
        const wpos: WordPosition = pron.length === 1 ? 's' : i === 0 ? 'b' : i === pron.length - 1 ? 'e' : 'i';
        return g.add(model.unit(ph, left, right, wpos), { word: w, variant: v, position: i, phone: ph });
      };
      const n = pron.length;
      if (n === 1) {
        for (const [from, left] of entries)
          exits.forEach((right, x) => {
            const node = unitAt(0, left, right);
            g.connect(from, node, 0);
            exitTails[x]!.push(node);
          });
        return;
      }
      // First phone per entry, shared middle, last phone per exit.
      let tails = entries.map(([from, left]) => {
        const node = unitAt(0, left, pron[1]!);
        g.connect(from, node, 0);
        return node;
      });
      for (let i = 1; i < n - 1; i++) {
        const node = unitAt(i, pron[i - 1]!, pron[i + 1]!);
        for (const t of tails) g.connect(t, node, 0);
        tails = [node];
      }
      exits.forEach((right, x) => {
        const node = unitAt(n - 1, pron[n - 2]!, right);
        for (const t of tails) g.connect(t, node, 0);
        exitTails[x]!.push(node);
      });
    });
    const out = g.add(undefined, { word: w });
    for (const t of exitTails[0]!) g.connect(t, out, 0);
    const outS = exits.length > 1 ? g.add(undefined, { word: w }) : -1;
    for (const t of exitTails[1] ?? []) g.connect(t, outS, 0);
    // Skip word w: from the S version of word w−1 (or the start), or after skipping w−1 too.
    const skipped = g.add(undefined, { word: w });
    const skipWeight = forcedSkip || prons.length === 0 ? 0 : opts.skipPenalty;
    if (maySkip || prons.length === 0) {
      if (skipFromS >= 0) g.connect(skipFromS, skipped, skipWeight);
      if (K >= 0) g.connect(K, skipped, skipWeight);
    }
    if (prons.length === 0 && !forcedSkip) {
      // A word without phones is always "skipped": it joins the normal path.
      g.connect(J, out, 0);
      if (K >= 0) g.connect(K, out, 0);
    }
    J = gap(out, w + 1);
    K = skipped; // the fillers before the skip stand for this position
    skipFromS = outS >= 0 ? gap(outS, w + 1) : -1;
  }
  g.end = g.add(undefined, { word: W });
  g.connect(J, g.end, 0);
  g.connect(K, g.end, 0);
  return g;
}
