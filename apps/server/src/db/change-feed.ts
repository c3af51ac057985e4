import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The channel the triggers of migrations 0019, 0020, 0021, 0026 and 0030 announce on. Payload: a
 * teacher's id (any of their data changed), `<id>:<topic>` (only that topic of their data
 * changed), or EVERYONE for a row every teacher reads (headquarters library material, a TRUNCATE).
 */
export const CHANGE_CHANNEL = 'ondoku_changes';
/** The payload of a change to data shared by every teacher: every teacher's entries are stale. */
export const EVERYONE = '*';

/**
 * The kinds of a teacher's data that a child's work writes, announced apart (`<id>:<topic>`, since
 * migration 0030) so that a hand-in or a reading makes stale only the replies that read them
 * (docs/architecture.md, "Read caches"):
 * - `submissions`: homework_recipients (who was given a homework, submitted, done; a reissue's
 *   new deadline) and the counts the homework row keeps of them (assigned, submitted, completed),
 *   which decide a homework's state `overdue`/`finished`;
 * - `attempts`: attempts (with their answers, written in the same transaction; a correction
 *   rewrites the attempt's score) and topic_progress (practice counts, best scores);
 * - `sounds`: sound_judgements (a child's readings' sounds, added as each reading is stored).
 * Every other change of a teacher's data announces the teacher as a whole.
 */
export const TOPICS = ['submissions', 'attempts', 'sounds'] as const;
export type Topic = (typeof TOPICS)[number];
const isTopic = (s: string): s is Topic => (TOPICS as readonly string[]).includes(s);

/**
 * What this process has heard of changes to each teacher's data (docs/architecture.md, "Read
 * caches"). The migrations' triggers announce a teacher's id on `ondoku_changes` when a
 * transaction that changed one of their rows commits, `<id>:<topic>` when it changed only data of
 * that topic (a child's hand-in, a reading), or `*` (EVERYONE) when it changed a row that every
 * teacher reads (headquarters library material); one dedicated connection per process LISTENs.
 * Every announcement takes a number from one increasing counter, so a cache entry only needs the
 * counter's value from before its read: it is still good while nothing was announced for its
 * teacher as a whole, nor for one of the topics it reads, nor for everyone, since
 * (`unchangedSince`). While the connection is down nothing may be cached (`mark()` is null), and
 * on reconnecting every earlier mark falls behind, since announcements may have been missed in
 * between.
 */
export interface ChangeFeed {
  /** The counter now, to keep with a read that begins now; null while not listening (do not cache). */
  mark(): number | null;
  /**
   * Whether nothing a read of `topics` depends on was announced since `mark` (and the feed listened
   * throughout): nothing for everyone, nothing for the teacher as a whole, and nothing of the
   * teacher's `topics`. Without `topics` the read depends on every topic (any announcement for the
   * teacher counts); `[]` means it reads none of them.
   */
  unchangedSince(teacherId: number, mark: number, topics?: readonly Topic[]): boolean;
  /**
   * Wait until every change committed before this call has been heard: a notification of our own
   * goes through the same queue, after them. Writes call it before they answer, so the writer's
   * next read never meets what it changed (read your writes). Resolves at once while not listening.
   */
  sync(): Promise<void>;
  /**
   * Calls `fn` on each announcement with the teacher's id, or EVERYONE, and the topic (null: the
   * teacher's data as a whole) (tests).
   */
  onChange(fn: (teacherId: number | typeof EVERYONE, topic: Topic | null) => void): void;
  close(): Promise<void>;
}

interface Options {
  /** How long to wait before connecting again after the listening connection was lost. */
  retryMs?: number;
  /** A sync() not heard back within this is taken as a lost connection. */
  syncTimeoutMs?: number;
}

export function createChangeFeed(pool: pg.Pool, opts: Options = {}): ChangeFeed {
  const retryMs = opts.retryMs ?? 1_000;
  const syncTimeoutMs = opts.syncTimeoutMs ?? 5_000;
  // Our own sync notifications, told apart from other processes' by a random tag.
  const tag = `sync:${randomBytes(6).toString('hex')}:`;
  let counter = 0;
  /** The counter when the feed last started listening: marks from before are no longer good. */
  let base = 0;
  /** The counter at the last announcement for everyone. */
  let everyone = 0;
  /** Per teacher: the counter at the last announcement of their data as a whole, */
  const whole = new Map<number, number>();
  /** … at their last announcement of any kind (for reads that depend on every topic), */
  const any = new Map<number, number>();
  /** … and at the last of each topic (key `<id>:<topic>`). */
  const ofTopic = new Map<string, number>();
  const forget = () => {
    whole.clear();
    any.clear();
    ofTopic.clear();
  };
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let syncs = 0;
  const waiting = new Map<number, () => void>();
  const listeners: ((teacherId: number | typeof EVERYONE, topic: Topic | null) => void)[] = [];

  const onNotification = (msg: pg.Notification) => {
    const payload = msg.payload ?? '';
    if (payload.startsWith(tag)) {
      const n = Number(payload.slice(tag.length));
      waiting.get(n)?.();
      waiting.delete(n);
      return;
    }
    if (payload === EVERYONE) {
      everyone = ++counter;
      // Every teacher's last announcement is now older than this one: no need to keep them.
      forget();
      for (const fn of listeners) fn(EVERYONE, null);
      return;
    }
    const m = /^(\d+)(?::(.*))?$/.exec(payload);
    if (!m) return;
    const teacherId = Number(m[1]);
    // A topic this version does not know (a later migration's) is taken as the whole teacher.
    const topic = m[2] !== undefined && isTopic(m[2]) ? m[2] : null;
    const n = ++counter;
    any.set(teacherId, n);
    if (topic) ofTopic.set(`${teacherId}:${topic}`, n);
    else whole.set(teacherId, n);
    for (const fn of listeners) fn(teacherId, topic);
  };

  const lost = (client_: pg.Client) => {
    if (client !== client_) return;
    listening = false;
    client = null;
    client_.removeAllListeners();
    client_.on('error', () => {});
    client_.end().catch(() => {});
    for (const resolve of waiting.values()) resolve();
    waiting.clear();
    if (!closed && !retry) retry = setTimeout(connect, retryMs);
  };

  async function connect() {
    retry = null;
    if (closed) return;
    const c = new pg.Client(pool.options);
    client = c;
    c.on('notification', onNotification);
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (client !== c) return;
      forget();
      base = ++counter;
      listening = true;
    } catch {
      lost(c);
    }
  }

  const ready = connect();

  return {
    mark: () => (listening ? counter : null),
    unchangedSince: (teacherId, mark, topics) =>
      listening &&
      mark >= base &&
      everyone <= mark &&
      (topics
        ? (whole.get(teacherId) ?? 0) <= mark && topics.every((t) => (ofTopic.get(`${teacherId}:${t}`) ?? 0) <= mark)
        : (any.get(teacherId) ?? 0) <= mark),
    async sync() {
      await ready;
      if (!listening) return;
      const n = ++syncs;
      const heard = new Promise<void>((resolve) => waiting.set(n, resolve));
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>(
        (resolve) => (timer = setTimeout(() => resolve('timeout'), syncTimeoutMs)),
      );
      try {
        await pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, `${tag}${n}`]);
        if ((await Promise.race([heard, timeout])) === 'timeout' && client) lost(client);
      } catch {
        // The database is unreachable: the write itself failed or will; nothing to wait for.
        waiting.delete(n);
      } finally {
        clearTimeout(timer);
      }
    },
    onChange: (fn) => void listeners.push(fn),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await ready;
      const c = client;
      listening = false;
      client = null;
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
