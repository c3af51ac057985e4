/**
 * The speech workers shared fairly between groups (a teacher and her children): when the workers
 * are full and a reader's group holds fewer voiced streams than another by two or more, the
 * newest stream of the group holding most gives its place (docs/speech-service.md, "A fair
 * share"). A class cannot keep another class out by reading (or making noise) in numbers.
 */
export interface SharedStream {
  /** The teacher whose share the stream counts in. */
  readonly group: number;
  /** Whether it holds a place in a speech worker (its voice has begun). */
  readonly hasStream: boolean;
}

/** The stream to give its place to a reader of `group`, or null when the shares are fair already. */
export function fairShareVictim<S extends SharedStream>(open: Iterable<S>, group: number): S | null {
  const counts = new Map<number, number>();
  const newest = new Map<number, S>();
  for (const s of open) {
    if (!s.hasStream) continue;
    counts.set(s.group, (counts.get(s.group) ?? 0) + 1);
    newest.set(s.group, s); // sessions are iterated oldest first
  }
  const own = counts.get(group) ?? 0;
  let most: number | null = null;
  for (const [g, n] of counts) if (g !== group && n > own + 1 && (most === null || n > counts.get(most)!)) most = g;
  return most === null ? null : newest.get(most)!;
}
