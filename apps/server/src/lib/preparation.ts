import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { preparationProgress } from '../db/schema/index.js';

/**
 * Progress of what a first start prepares in the background (docs/first-start.md): the content
 * library's install and the demo homework's hand-ins. The writers report as they go, at most once
 * a second (a failed write is only logged by the caller: progress is never worth failing the
 * work); system/preparation reads it so screens say what is still coming.
 */
export type PreparationName = 'library' | 'demo-homework';

export interface PreparationReporter {
  /** Start (again) from 0 of `total`. */
  start(total: number): Promise<void>;
  /** `n` more done; written within a second. */
  step(n?: number): void;
  /** Everything done. */
  finish(): Promise<void>;
}

export function preparationReporter(
  db: Db,
  name: PreparationName,
  opts: { teacherId?: number | null; everyMs?: number; onError?: (err: unknown) => void } = {},
): PreparationReporter {
  let done = 0;
  let total = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  const write = (finished: boolean) => {
    const row = { done, total, updatedAt: new Date(), finishedAt: finished ? new Date() : null };
    writing = writing
      .then(() => db.update(preparationProgress).set(row).where(eq(preparationProgress.name, name)))
      .then(() => undefined, opts.onError ?? (() => undefined));
    return writing;
  };
  return {
    async start(n) {
      done = 0;
      total = n;
      const now = new Date();
      await db
        .insert(preparationProgress)
        .values({ name, teacherId: opts.teacherId ?? null, done, total, startedAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: preparationProgress.name,
          set: { teacherId: opts.teacherId ?? null, done, total, startedAt: now, updatedAt: now, finishedAt: null },
        });
    },
    step(n = 1) {
      done = Math.min(total, done + n);
      timer ??= setTimeout(() => {
        timer = null;
        void write(false);
      }, opts.everyMs ?? 1000);
    },
    async finish() {
      if (timer) clearTimeout(timer);
      timer = null;
      done = total;
      await write(true);
    },
  };
}

export interface PreparationState {
  name: PreparationName;
  done: number;
  total: number;
}

/** What is still being prepared that this teacher would see: the library, and their own demo data. */
export async function unfinishedPreparation(db: DbOrTx, teacherId: number): Promise<PreparationState[]> {
  const rows = await db
    .select({ name: preparationProgress.name, done: preparationProgress.done, total: preparationProgress.total })
    .from(preparationProgress)
    .where(
      and(
        isNull(preparationProgress.finishedAt),
        or(isNull(preparationProgress.teacherId), eq(preparationProgress.teacherId, teacherId)),
      ),
    );
  return rows.map((r) => ({ ...r, name: r.name as PreparationName }));
}
