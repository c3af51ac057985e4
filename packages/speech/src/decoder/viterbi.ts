// Frame-synchronous Viterbi search over a DecodingGraph (forced alignment, and the decode in
// which words may be skipped). Each HMM is 3-state left-to-right with the model's transition
// matrix; a beam drops nodes far below the frame's best score to bound the work on long texts.
import type { SenoneScores } from './senone-scores';
import type { DecodingGraph } from './graph';
import { backtrack, releaseHistory, takeHistory, type Segment } from './history';

export interface ViterbiResult {
  score: number;
  segments: Segment[];
}

export const DEFAULT_BEAM = 400;

/**
 * The graph in flat typed arrays (built once per graph): the search reads no node objects.
 * Transitions hold the model's float32 values and arc weights are float64 (plain numbers), so
 * every sum is the same as on the objects.
 */
interface FlatGraph {
  /** 1 for an emitting node. */
  emitting: Uint8Array;
  /** 12 log transition probabilities per node (3 rows × 4 columns; zeros for null nodes), the
   *  model's float32 values held as float64 (exactly the same numbers, read without conversion). */
  trans: Float64Array;
  /** 3 senones per emitting node. */
  senones: Int32Array;
  /** Arcs of node n: arcTo/arcWeight[arcStart[n] … arcStart[n + 1]). */
  arcStart: Int32Array;
  arcTo: Int32Array;
  arcWeight: Float64Array;
  /** 1 when the arc's target is an emitting node. */
  arcEmitting: Uint8Array;
}

const flatGraphs = new WeakMap<DecodingGraph, { nodes: number; arcs: number; flat: FlatGraph }>();

function flatten(graph: DecodingGraph): FlatGraph {
  const nodes = graph.nodes;
  const N = nodes.length;
  let nArcs = 0;
  for (const n of nodes) nArcs += n.arcTo.length;
  // A graph grown since (nodes or arcs added) is flattened again.
  const cached = flatGraphs.get(graph);
  if (cached && cached.nodes === N && cached.arcs === nArcs) return cached.flat;
  const flat: FlatGraph = {
    emitting: new Uint8Array(N),
    trans: new Float64Array(N * 12),
    senones: new Int32Array(N * 3),
    arcStart: new Int32Array(N + 1),
    arcTo: new Int32Array(nArcs),
    arcWeight: new Float64Array(nArcs),
    arcEmitting: new Uint8Array(nArcs),
  };
  let a = 0;
  for (let n = 0; n < N; n++) {
    const node = nodes[n]!;
    if (node.unit) {
      flat.emitting[n] = 1;
      flat.trans.set(node.unit.trans.subarray(0, 12), n * 12);
      flat.senones.set(node.unit.senones, n * 3);
    }
    flat.arcStart[n] = a;
    for (let k = 0; k < node.arcTo.length; k++) {
      flat.arcTo[a] = node.arcTo[k]!;
      flat.arcEmitting[a] = nodes[node.arcTo[k]!]!.unit ? 1 : 0;
      flat.arcWeight[a++] = node.arcWeight[k]!;
    }
  }
  flat.arcStart[N] = a;
  flatGraphs.set(graph, { nodes: N, arcs: nArcs, flat });
  return flat;
}

export function viterbi(graph: DecodingGraph, scores: SenoneScores, beam = DEFAULT_BEAM): ViterbiResult | undefined {
  return search(graph, scores, beam, false);
}

/** The best path's score over the first scores.nFrames frames, ending anywhere in the graph (the
 *  part of a reading heard so far: evaluator/vtln.ts); −Infinity when none. No segments. */
export function viterbiSoFar(graph: DecodingGraph, scores: SenoneScores, beam = DEFAULT_BEAM): number {
  return search(graph, scores, beam, true)!.score;
}

function search(graph: DecodingGraph, scores: SenoneScores, beam: number, freeEnd: boolean): ViterbiResult | undefined {
  const N = graph.nodes.length;
  const T = scores.nFrames;
  const NEG = -Infinity;
  const { emitting, trans, senones, arcStart, arcTo, arcWeight, arcEmitting } = flatten(graph);
  const state = new Float64Array(N * 3).fill(NEG);
  const stateHist = new Int32Array(N * 3).fill(-1);
  const entry = new Float64Array(N).fill(NEG);
  const entryHist = new Int32Array(N).fill(-1);
  const nullScore = new Float64Array(N).fill(NEG);
  const nullHist = new Int32Array(N).fill(-1);
  const hist = takeHistory();
  let hNode = hist.node;
  let hStart = hist.start;
  let hPrev = hist.prev;
  let hSize = 0;
  const cols = new Int32Array(N * 3).fill(-1);
  for (let n = 0; n < N; n++) {
    if (!emitting[n]) continue;
    for (let j = 0; j < 3; j++) cols[n * 3 + j] = scores.column[senones[n * 3 + j]!]!;
  }
  const data = scores.data;
  const nColumns = scores.nColumns;
  const end = graph.end;

  // One pass over the nodes per frame t, in their (topological) order: each node's states of frame
  // t − 1 are pruned by that frame's beam, their exit (and a null node's score) spread to its
  // successors, and then, when t < T, its states of frame t are scored. Arcs point forward, so when
  // the pass reaches a node, every predecessor has spread: its entry is complete. The same sums, the
  // same comparisons in the same order and the same history records as a scoring loop followed by
  // a separate pruning and spreading sweep.
  // The pass covers the nodes from the first one holding a state to the last one holding a state,
  // an entry or a null score: arcs point forward, so nothing before comes alive again.
  let lo = 0;
  /** The last node holding a state after the last scored frame (−1: none). */
  let liveHi = -1;
  /** Beam floor of the last scored frame. */
  let floor = NEG;
  /** The best state's score of the last scored frame (freeEnd). */
  let lastBest = NEG;
  nullScore[graph.start] = 0;
  let reach = graph.start;
  for (let t = 0; t <= T; t++) {
    const scoring = t < T;
    const row = t * nColumns;
    let best = NEG;
    /** The furthest node given an entry in this pass (the pass goes no further than it). */
    let nextHi = -1;
    let firstHeld = N;
    let lastHeld = -1;
    if (t > 0) {
      reach = -1;
      nullScore[end] = NEG;
    }
    for (let n = lo; n < N && (n <= liveHi || n <= reach || n <= nextHi); n++) {
      let out: number;
      let h: number;
      const o = n * 3;
      let s0 = NEG;
      let s1 = NEG;
      let s2 = NEG;
      const isEmitting = emitting[n] === 1;
      if (isEmitting) {
        // Beam pruning of frame t − 1.
        s0 = state[o]!;
        s1 = state[o + 1]!;
        s2 = state[o + 2]!;
        if (s0 < floor) state[o] = s0 = NEG;
        if (s1 < floor) state[o + 1] = s1 = NEG;
        if (s2 < floor) state[o + 2] = s2 = NEG;
        const a = s2 + trans[n * 12 + 11]!;
        const b = s1 + trans[n * 12 + 7]!;
        if (a >= b) {
          out = a;
          h = stateHist[o + 2]!;
        } else {
          out = b;
          h = stateHist[o + 1]!;
        }
      } else {
        out = nullScore[n]!;
        h = nullHist[n]!;
        if (out !== NEG && n !== end) nullScore[n] = NEG;
      }
      if (out !== NEG) {
        const arcEnd = arcStart[n + 1]!;
        for (let k = arcStart[n]!; k < arcEnd; k++) {
          const m = arcTo[k]!;
          const v = out + arcWeight[k]!;
          if (arcEmitting[k]) {
            if (v > entry[m]!) {
              entry[m] = v;
              entryHist[m] = h;
              if (m > nextHi) nextHi = m;
            }
          } else if (v > nullScore[m]!) {
            nullScore[m] = v;
            nullHist[m] = h;
            if (m > reach) reach = m;
          }
        }
      }
      if (!isEmitting) continue;
      const e = entry[n]!;
      if (!scoring || (s0 === NEG && s1 === NEG && s2 === NEG && e === NEG)) continue;
      // Frame t. The entry is used up here.
      entry[n] = NEG;
      const tr = n * 12;
      // state 2
      let v2 = s2 + trans[tr + 10]!;
      let h2 = stateHist[o + 2]!;
      const from1 = s1 + trans[tr + 6]!;
      if (from1 > v2) {
        v2 = from1;
        h2 = stateHist[o + 1]!;
      }
      const skip0 = s0 + trans[tr + 2]!;
      if (skip0 > v2) {
        v2 = skip0;
        h2 = stateHist[o]!;
      }
      // state 1
      let v1 = s1 + trans[tr + 5]!;
      let h1 = stateHist[o + 1]!;
      const from0 = s0 + trans[tr + 1]!;
      if (from0 > v1) {
        v1 = from0;
        h1 = stateHist[o]!;
      }
      // state 0: stay, or enter from a predecessor
      let v0 = s0 + trans[tr]!;
      let h0 = stateHist[o]!;
      if (e > v0) {
        v0 = e;
        if (hSize === hNode.length) {
          hist.size = hSize;
          hist.grow();
          hNode = hist.node;
          hStart = hist.start;
          hPrev = hist.prev;
        }
        hNode[hSize] = n;
        hStart[hSize] = t;
        hPrev[hSize] = entryHist[n]!;
        h0 = hSize++;
      }
      v0 += v0 === NEG ? 0 : data[row + cols[o]!]!;
      v1 += v1 === NEG ? 0 : data[row + cols[o + 1]!]!;
      v2 += v2 === NEG ? 0 : data[row + cols[o + 2]!]!;
      state[o] = v0;
      state[o + 1] = v1;
      state[o + 2] = v2;
      stateHist[o] = h0;
      stateHist[o + 1] = h1;
      stateHist[o + 2] = h2;
      const m = v0 > v1 ? (v0 > v2 ? v0 : v2) : v1 > v2 ? v1 : v2;
      if (m > best) best = m;
      if (m !== NEG) {
        if (n < firstHeld) firstHeld = n;
        lastHeld = n;
      }
    }
    floor = best - beam;
    if (scoring) lastBest = best;
    lo = firstHeld;
    liveHi = lastHeld;
  }
  hist.size = hSize;
  if (freeEnd) {
    releaseHistory();
    return { score: lastBest, segments: [] };
  }
  const final = nullScore[end]!;
  const segments = final === NEG ? [] : backtrack(hist, nullHist[end]!, T);
  releaseHistory();
  return final === NEG ? undefined : { score: final, segments };
}
