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
