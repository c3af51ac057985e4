// The search on the graph's flat arrays (viterbi.ts) against the search on the node objects it
// replaced (kept here as the reference): the same score and segments, bit for bit, on forced and
// skippable graphs; a graph grown after a search is searched as it is now; a search after a long
// one (the shared history store) is unaffected.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAcousticModel, type AcousticModel } from '../src/model/acoustic-model';
import { buildAlignmentGraph, buildSkippableGraph } from '../src/decoder/alignment-graph';
import { DecodingGraph } from '../src/decoder/graph';
import { backtrack, History } from '../src/decoder/history';
import type { SenoneScores } from '../src/decoder/senone-scores';
import { viterbi, type ViterbiResult } from '../src/decoder/viterbi';

let model: AcousticModel;
beforeAll(() => {
  model = loadAcousticModel();
});

// dog sat fish, the cat ran
const WORDS = [
  [['D', 'AO', 'G']],
  [['S', 'AE', 'T']],
  [['F', 'IH', 'SH']],
  [
    ['DH', 'AH'],
    ['DH', 'IY'],
  ],
  [['K', 'AE', 'T']],
  [['R', 'AE', 'N']],
];

/** Random senone scores (seeded) for T frames over the senones of the given graphs. */
function randomScores(graphs: DecodingGraph[], T: number, seed: number): SenoneScores {
  const column = new Int32Array(model.mdef.nSenones).fill(-1);
  let nColumns = 0;
  for (const g of graphs) for (const s of g.senones()) if (column[s] === -1) column[s] = nColumns++;
  const data = new Float32Array(T * nColumns);
  let x = seed >>> 0;
  for (let i = 0; i < data.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    data[i] = -20 - (x / 4294967296) * 60;
  }
  return { nFrames: T, column, nColumns, data };
}

describe('viterbi on flat arrays', () => {
  it('finds the same score and segments as the search on node objects', () => {
    const forced = buildAlignmentGraph(model, WORDS);
    const skippable = buildSkippableGraph(model, WORDS, { skipPenalty: -5 });
    for (const [i, T] of [40, 120, 300].entries()) {
      // 40 frames are too few for the forced graph's 17 phones: no path (undefined) on both.
      const scores = randomScores([forced, skippable], T, 7 + i);
      for (const g of [forced, skippable]) {
        for (const beam of [400, 30]) {
          const got = viterbi(g, scores, beam);
          expect(got).toEqual(referenceViterbi(g, scores, beam));
          if (T > 40 && beam === 400) expect(got?.segments.length).toBeGreaterThan(10);
        }
      }
    }
  });

  it('finds the same on random graphs of null and emitting nodes, with narrow beams', () => {
    // Chains of null nodes, several arcs per node, arcs that jump far ahead, positive and negative
    // weights: what the one pass per frame (pruning, spreading, scoring) has to get right.
    const ci = model.mdef.ciPhones.map((p) => model.ciUnit(p));
    let x = 12345;
    const rand = () => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return x / 4294967296;
    };
    let paths = 0;
    for (let trial = 0; trial < 40; trial++) {
      const g = new DecodingGraph();
      const N = 8 + Math.floor(rand() * 60);
      for (let n = 0; n < N; n++) {
        const emitting = n > 0 && n < N - 1 && rand() < 0.7;
        g.add(emitting ? ci[Math.floor(rand() * ci.length)] : undefined);
      }
      g.start = 0;
      g.end = N - 1;
      for (let n = 0; n < N - 1; n++) {
        const k = 1 + Math.floor(rand() * 3);
        for (let j = 0; j < k; j++) {
          const to = Math.min(N - 1, n + 1 + Math.floor(rand() * (rand() < 0.2 ? N : 4)));
          g.connect(n, to, rand() < 0.3 ? 0 : Math.round((rand() * 12 - 9) * 4) / 4);
        }
      }
      const scores = randomScores([g], 5 + Math.floor(rand() * 80), trial);
      for (const beam of [1000, 30, 8, 0.5]) {
        const got = viterbi(g, scores, beam);
        expect(got).toEqual(referenceViterbi(g, scores, beam));
        if (got) paths++;
      }
    }
    expect(paths).toBeGreaterThan(60);
  });

  it('searches a graph grown since its last search as it is now', () => {
    const g = buildAlignmentGraph(model, WORDS.slice(0, 2));
    const scores = randomScores([buildAlignmentGraph(model, WORDS)], 80, 3);
    expect(viterbi(g, scores)).toEqual(referenceViterbi(g, scores, 400));
    // One more arc, with a large bonus: from the start straight into the second word.
    const second = g.nodes.findIndex((n) => n.unit && !n.label.filler && n.label.word === 1 && n.label.position === 0);
    g.connect(g.start, second, 1000);
    const grown = viterbi(g, scores);
    expect(grown).toEqual(referenceViterbi(g, scores, 400));
    expect(grown!.segments.some((s) => g.nodes[s.node]!.label.word === 0)).toBe(false);
  });

  it('is not affected by a longer search before it', () => {
    const small = buildAlignmentGraph(model, WORDS.slice(0, 1));
    const big = buildSkippableGraph(model, WORDS, { skipPenalty: -5 });
    const scoresSmall = randomScores([small], 30, 11);
    const scoresBig = randomScores([big], 600, 12);
    const alone = viterbi(small, scoresSmall);
    viterbi(big, scoresBig);
    expect(viterbi(small, scoresSmall)).toEqual(alone);
    expect(alone).toEqual(referenceViterbi(small, scoresSmall, 400));
  });
});

// main's viterbi (before the flat arrays), unchanged but for its name and the default beam.
function referenceViterbi(graph: DecodingGraph, scores: SenoneScores, beam = 400): ViterbiResult | undefined {
  const nodes = graph.nodes;
  const N = nodes.length;
  const T = scores.nFrames;
  const NEG = -Infinity;
  const state = new Float64Array(N * 3).fill(NEG);
  const stateHist = new Int32Array(N * 3).fill(-1);
  const entry = new Float64Array(N).fill(NEG);
  const entryHist = new Int32Array(N).fill(-1);
  const nullScore = new Float64Array(N).fill(NEG);
  const nullHist = new Int32Array(N).fill(-1);
  const hist = new History();
  const cols = nodes.map((n) => (n.unit ? n.unit.senones.map((s) => scores.column[s]!) : [-1, -1, -1]));

  // Spread scores from null and emitting exits to successors: null nodes within this sweep,
  // emitting nodes as entries for the next frame.
  // The window of nodes that can hold a live state or an entry: [lo, hi]. Arcs only point forward,
  // so nothing before the first live node can come alive again, and nothing after the last live
  // node or the furthest entry holds a score: the loops skip what they would find dead anyway.
  let lo = 0;
  let hi = -1;
  /** The last node with a live state after this frame's pruning (−1: none). */
  let lastLive = -1;
  const propagate = (fromExits: boolean): void => {
    nullScore.fill(NEG);
    /** The furthest node given a null score in this sweep (the sweep goes no further than it). */
    let reach = -1;
    if (!fromExits) {
      nullScore[graph.start] = 0;
      reach = graph.start;
    }
    hi = lastLive;
    for (let n = lo; n < N && (n <= lastLive || n <= reach); n++) {
      const node = nodes[n]!;
      let out: number;
      let h: number;
      if (node.unit) {
        if (!fromExits) continue;
        const tr = node.unit.trans;
        const a = state[n * 3 + 2]! + tr[2 * 4 + 3]!;
        const b = state[n * 3 + 1]! + tr[1 * 4 + 3]!;
        if (a >= b) {
          out = a;
          h = stateHist[n * 3 + 2]!;
        } else {
          out = b;
          h = stateHist[n * 3 + 1]!;
        }
      } else {
        out = nullScore[n]!;
        h = nullHist[n]!;
      }
      if (out === NEG) continue;
      for (let k = 0; k < node.arcTo.length; k++) {
        const m = node.arcTo[k]!;
        const v = out + node.arcWeight[k]!;
        if (nodes[m]!.unit) {
          if (v > entry[m]!) {
            entry[m] = v;
            entryHist[m] = h;
            if (m > hi) hi = m;
          }
        } else if (v > nullScore[m]!) {
          nullScore[m] = v;
          nullHist[m] = h;
          if (m > reach) reach = m;
        }
      }
    }
  };

  propagate(false);
  for (let t = 0; t < T; t++) {
    const row = t * scores.nColumns;
    let best = NEG;
    for (let n = lo; n <= hi; n++) {
      const unit = nodes[n]!.unit;
      if (!unit) continue;
      const o = n * 3;
      const s0 = state[o]!;
      const s1 = state[o + 1]!;
      const s2 = state[o + 2]!;
      const e = entry[n]!;
      if (s0 === NEG && s1 === NEG && s2 === NEG && e === NEG) continue;
      const tr = unit.trans;
      const c = cols[n]!;
      // state 2
      let v2 = s2 + tr[10]!;
      let h2 = stateHist[o + 2]!;
      const from1 = s1 + tr[6]!;
      if (from1 > v2) {
        v2 = from1;
        h2 = stateHist[o + 1]!;
      }
      const skip0 = s0 + tr[2]!;
      if (skip0 > v2) {
        v2 = skip0;
        h2 = stateHist[o]!;
      }
      // state 1
      let v1 = s1 + tr[5]!;
      let h1 = stateHist[o + 1]!;
      const from0 = s0 + tr[1]!;
      if (from0 > v1) {
        v1 = from0;
        h1 = stateHist[o]!;
      }
      // state 0: stay, or enter from a predecessor
      let v0 = s0 + tr[0]!;
      let h0 = stateHist[o]!;
      if (e > v0) {
        v0 = e;
        h0 = hist.push(n, t, entryHist[n]!);
      }
      v0 += v0 === NEG ? 0 : scores.data[row + c[0]!]!;
      v1 += v1 === NEG ? 0 : scores.data[row + c[1]!]!;
      v2 += v2 === NEG ? 0 : scores.data[row + c[2]!]!;
      state[o] = v0;
      state[o + 1] = v1;
      state[o + 2] = v2;
      stateHist[o] = h0;
      stateHist[o + 1] = h1;
      stateHist[o + 2] = h2;
      const m = v0 > v1 ? (v0 > v2 ? v0 : v2) : v1 > v2 ? v1 : v2;
      if (m > best) best = m;
    }
    // Beam pruning.
    const floor = best - beam;
    let firstLive = N;
    lastLive = -1;
    for (let n = lo; n <= hi; n++) {
      let live = false;
      for (let i = n * 3; i < n * 3 + 3; i++) {
        if (state[i]! < floor) state[i] = NEG;
        else if (state[i] !== NEG) live = true;
      }
      if (live) {
        if (n < firstLive) firstLive = n;
        lastLive = n;
      }
    }
    lo = firstLive;
    entry.fill(NEG);
    propagate(true);
  }
  const final = nullScore[graph.end]!;
  if (final === NEG) return undefined;
  return { score: final, segments: backtrack(hist, nullHist[graph.end]!, T) };
}
