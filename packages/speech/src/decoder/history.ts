// Growable store of path history records: one record each time a path enters an HMM node.
// Backtracking follows prev links from the final record.

export class History {
  node = new Int32Array(1024);
  start = new Int32Array(1024);
  prev = new Int32Array(1024);
  size = 0;

  push(node: number, start: number, prev: number): number {
    if (this.size === this.node.length) this.grow();
    this.node[this.size] = node;
    this.start[this.size] = start;
    this.prev[this.size] = prev;
    return this.size++;
  }

  /** Doubles the capacity, keeping the records. */
  grow(): void {
    const grow = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.node = grow(this.node);
    this.start = grow(this.start);
    this.prev = grow(this.prev);
  }
}

/**
 * One history store per thread, emptied by each search (viterbi.ts, phone-loop.ts: a search reads
 * its records before it returns, and searches never interleave): growing a fresh one from 1,024
 * records each time cost more than a search's own loops in the profile. One grown past
 * MAX_KEPT_HISTORY records (a long chapter) is dropped after its search.
 */
let threadHistory = new History();
const MAX_KEPT_HISTORY = 1 << 20;

/** The thread's history store, emptied. */
export function takeHistory(): History {
  threadHistory.size = 0;
  return threadHistory;
}

/** Called once a search has read its records: a store grown too large is not kept. */
export function releaseHistory(): void {
  if (threadHistory.node.length > MAX_KEPT_HISTORY) threadHistory = new History();
}

export interface Segment {
  node: number;
  start: number;
  /** Inclusive last frame. */
  end: number;
}

export function backtrack(h: History, last: number, nFrames: number): Segment[] {
  const out: Segment[] = [];
  let end = nFrames - 1;
  for (let r = last; r >= 0; r = h.prev[r]!) {
    out.push({ node: h.node[r]!, start: h.start[r]!, end });
    end = h.start[r]! - 1;
  }
  return out.reverse();
}
