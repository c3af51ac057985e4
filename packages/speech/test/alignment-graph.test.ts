// The graph in which words may be skipped keeps cross-word triphone contexts right on both sides
// of a skipped word.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAcousticModel, type AcousticModel } from '../src/model/acoustic-model';
import { buildSkippableGraph } from '../src/decoder/alignment-graph';
import type { DecodingGraph } from '../src/decoder/graph';

let model: AcousticModel;
beforeAll(() => {
  model = loadAcousticModel();
});

// dog sat fish
const WORDS = [[['D', 'AO', 'G']], [['S', 'AE', 'T']], [['F', 'IH', 'SH']]];

const key = (senones: ArrayLike<number>) => Array.from(senones).join(',');
function unitsAt(g: DecodingGraph, word: number, position: number): Set<string> {
  return new Set(
    g.nodes
      .filter((n) => n.unit && !n.label.filler && n.label.word === word && n.label.position === position)
      .map((n) => key(n.unit!.senones)),
  );
}

/** Words whose phones a path from start to end can take, by depth-first search over the arcs. */
function readableSequences(g: DecodingGraph): Set<string> {
  const out = new Set<string>();
  const walk = (n: number, words: number[]) => {
    if (n === g.end) {
      out.add(words.join(' '));
      return;
    }
    const node = g.nodes[n]!;
    const w = node.unit && !node.label.filler && node.label.position === 0 ? [...words, node.label.word!] : words;
    // fillers are optional: follow only the direct arcs of null nodes past them
    node.arcTo.forEach((m) => {
      if (g.nodes[m]!.label.filler) return;
      walk(m, w);
    });
  };
  walk(g.start, []);
  return out;
}

describe('skippable alignment graph', () => {
  it('gives the word before a skipped word the right context of the word after it', () => {
    const g = buildSkippableGraph(model, WORDS, { skipPenalty: -5 });
    expect(unitsAt(g, 0, 2).size).toBe(2);
    expect(unitsAt(g, 2, 0).size).toBe(2);
    expect(unitsAt(g, 0, 2)).toEqual(
      new Set([key(model.unit('G', 'AO', 'S', 'e').senones), key(model.unit('G', 'AO', 'F', 'e').senones)]),
    );
    expect(unitsAt(g, 2, 0)).toEqual(
      new Set([key(model.unit('F', 'T', 'IH', 'b').senones), key(model.unit('F', 'G', 'IH', 'b').senones)]),
    );
    // The middle of a word exists once.
    expect(g.nodes.filter((n) => n.label.word === 1 && n.label.position === 1 && n.unit)).toHaveLength(1);
  });

  it('lets any set of words be skipped, with arcs that only point forward', () => {
    const g = buildSkippableGraph(model, WORDS, { skipPenalty: -5 });
    g.nodes.forEach((n, i) => n.arcTo.forEach((m) => expect(m).toBeGreaterThan(i)));
    expect(readableSequences(g)).toEqual(new Set(['0 1 2', '0 2', '1 2', '0 1', '0', '1', '2', '']));
  });

  it('builds the alignment without omitted words from units of the skippable graph', () => {
    const full = buildSkippableGraph(model, WORDS, { skipPenalty: -5 });
    const units = new Set(full.nodes.filter((n) => n.unit).map((n) => key(n.unit!.senones)));
    for (const skipped of [new Set([1]), new Set([0, 1]), new Set([2]), new Set<number>()]) {
      const g = buildSkippableGraph(model, WORDS, { skipPenalty: 0, skipped });
      const kept = [0, 1, 2].filter((w) => !skipped.has(w)).join(' ');
      expect(readableSequences(g)).toEqual(new Set([kept]));
      for (const n of g.nodes) if (n.unit) expect(units.has(key(n.unit.senones))).toBe(true);
    }
  });
});
