import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The channel the triggers of migrations 0019, 0020 and 0021 announce on. Payload: a teacher's
 * id, or EVERYONE for a row every teacher reads (headquarters library material, a TRUNCATE).
 */
export const CHANGE_CHANNEL = 'ondoku_changes';
/** The payload of a change to data shared by every teacher: every teacher's entries are stale. */
export const EVERYONE = '*';

/**
 * What this process has heard of changes to each teacher's data (docs/architecture.md, "Read
 * caches"). The migrations' triggers announce a teacher's id on `ondoku_changes` when a
 * transaction that changed one of their rows commits, or `*` (EVERYONE) when it changed a row
 * that every teacher reads (headquarters library material); one dedicated connection per process
 * LISTENs. Every announcement takes a number from one increasing counter, so a cache entry only
 * needs the counter's value from before its read: it is still good while nothing was announced for
 * its teacher, nor for everyone, since (`unchangedSince`). While the connection is down nothing
 * may be cached (`mark()` is null), and on reconnecting every earlier mark falls behind, since
 * announcements may have been missed in between.
 */
export interface ChangeFeed {
  /** The counter now, to keep with a read that begins now; null while not listening (do not cache). */
  mark(): number | null;
  /**
   * Whether nothing was announced for the teacher, nor for everyone, since `mark` (and the feed
   * listened throughout).
   */
  unchangedSince(teacherId: number, mark: number): boolean;
  /**
   * Wait until every change committed before this call has been heard: a notification of our own
   * goes through the same queue, after them. Writes call it before they answer, so the writer's
   * next read never meets what it changed (read your writes). Resolves at once while not listening.
   */
  sync(): Promise<void>;
  /** Calls `fn` with the teacher's id, or EVERYONE, on each announcement (tests). */
  onChange(fn: (teacherId: number | typeof EVERYONE) => void): void;
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
  const last = new Map<number, number>();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let syncs = 0;
  const waiting = new Map<number, () => void>();
  const listeners: ((teacherId: number | typeof EVERYONE) => void)[] = [];

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
      last.clear();
      for (const fn of listeners) fn(EVERYONE);
      return;
    }
    if (!/^\d+$/.test(payload)) return;
    const teacherId = Number(payload);
    last.set(teacherId, ++counter);
    for (const fn of listeners) fn(teacherId);
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
      last.clear();
      base = ++counter;
      listening = true;
    } catch {
      lost(c);
    }
  }

  const ready = connect();

  return {
    mark: () => (listening ? counter : null),
    unchangedSince: (teacherId, mark) =>
      listening && mark >= base && everyone <= mark && (last.get(teacherId) ?? 0) <= mark,
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
