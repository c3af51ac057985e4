import type { ChangeFeed, Topic } from '../db/change-feed.js';

interface Entry<V> {
  teacherId: number;
  mark: number;
  value: V;
  /** Good until this time (ms since the epoch; Infinity: until a change of the teacher's data). */
  until: number;
  /** Read at this time: a clock set back before it (tests) does not get it. */
  from: number;
  /** The topics of the teacher's data the value was read from (undefined: every topic). */
  topics: readonly Topic[] | undefined;
}

/**
 * Values read from the database for one teacher, kept in this process until the change feed
 * hears of a change to that teacher's data as a whole, or of a topic of their data the value was
 * read from (`topics`; by default every topic: an entry that says nothing is stale on any change
 * of its teacher), or their time is up (docs/architecture.md, "Read caches"). The cache holds at
 * most `max` entries and, when `sizeOf` is given, values of at most `maxBytes` together; past
 * either, the least recently used go first (so a run of one-off keyword searches pushes out other
 * one-off searches, not the lists a teacher keeps coming back to). A read that may be kept goes:
 * `const mark = cache.mark()`, read, `cache.set(key, teacherId, mark, value)`; set() drops the
 * value when a change was announced while it was being read.
 */
export class ReadCache<V> {
  /** In order of last use, least recent first (a Map keeps insertion order). */
  private readonly entries = new Map<string, Entry<V> & { bytes: number }>();
  private totalBytes = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly opts: { max: number; maxAgeMs?: number; maxBytes?: number; sizeOf?: (value: V) => number },
  ) {}

  mark(): number | null {
    return this.feed.mark();
  }

  get(key: string, now: number): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.delete(key);
    if (e.from <= now && now < e.until && this.feed.unchangedSince(e.teacherId, e.mark, e.topics)) {
      this.add(key, e);
      return e.value;
    }
    return undefined;
  }

  /**
   * Keep `value`, read for `teacherId` since `mark` from the topics `topics` of their data (undefined:
   * every topic), until `until` (and at most maxAgeMs).
   */
  set(
    key: string,
    teacherId: number,
    mark: number | null,
    value: V,
    now: number,
    until = Infinity,
    topics?: readonly Topic[],
  ): void {
    if (mark === null || !this.feed.unchangedSince(teacherId, mark, topics)) return;
    const limit = Math.min(until, now + (this.opts.maxAgeMs ?? Infinity));
    if (limit <= now) return;
    const bytes = this.opts.sizeOf?.(value) ?? 0;
    this.delete(key);
    if (bytes > (this.opts.maxBytes ?? Infinity)) return;
    this.add(key, { teacherId, mark, value, until: limit, from: now, topics, bytes });
    while (this.entries.size > this.opts.max || this.totalBytes > (this.opts.maxBytes ?? Infinity))
      this.delete(this.entries.keys().next().value!);
  }

  get size() {
    return this.entries.size;
  }

  /** What the kept values weigh together (by `sizeOf`; 0 without it). */
  get bytes() {
    return this.totalBytes;
  }

  private add(key: string, e: Entry<V> & { bytes: number }) {
    this.entries.set(key, e);
    this.totalBytes += e.bytes;
  }

  private delete(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.totalBytes -= e.bytes;
  }
}
