// A decoding graph of HMM units joined by arcs. Nodes are created in topological order and arcs
// only point forward, which lets the Viterbi pass propagate through non-emitting (null) nodes
// in one sweep per frame.
import type { HmmUnit } from '../model/acoustic-model';

export interface NodeLabel {
  /** Expected word index, for phone nodes and word boundary nodes. */
  word?: number;
  /** Which pronunciation variant of the word. */
  variant?: number;
  /** Phone position inside the pronunciation. */
  position?: number;
  phone?: string;
  filler?: boolean;
}

export interface GraphNode {
  /** Emitting HMM; undefined for null nodes. */
  unit?: HmmUnit;
  arcTo: number[];
  arcWeight: number[];
  label: NodeLabel;
}

export class DecodingGraph {
  readonly nodes: GraphNode[] = [];
  start = -1;
  end = -1;

  add(unit: HmmUnit | undefined, label: NodeLabel = {}): number {
    this.nodes.push({ unit, arcTo: [], arcWeight: [], label });
    return this.nodes.length - 1;
  }

  connect(from: number, to: number, weight = 0): void {
    if (to <= from) throw new Error('decoding graph arcs must point forward');
    const n = this.nodes[from]!;
    n.arcTo.push(to);
    n.arcWeight.push(weight);
  }

  senones(): Set<number> {
    const s = new Set<number>();
    for (const n of this.nodes) if (n.unit) for (const x of n.unit.senones) s.add(x);
    return s;
  }
}
