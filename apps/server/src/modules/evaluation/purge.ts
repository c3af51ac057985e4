import { learnLimits } from '@ondoku/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Storage } from '../../lib/storage.js';
import { deleteUnusedResults, unreferencedRecording } from './result-repository.js';
import { createTicker } from '../../lib/ticker.js';

/**
 * Forgets evaluation results never submitted (docs/speech-service.md, "Stored results"): a
 * result whose `used_at` is still null `learnLimits.sidTtlHours` after it was made can no
 * longer be named by a submission, so its row goes, and its recording file with it unless an
 * attempt answer copied the key (or another result holds the same bytes).
 *
 * Safe with several server processes, like the homework scheduler: a tick runs in one
 * transaction holding a transaction-level advisory lock (a process that cannot take it does
 * nothing this time), rows are claimed with FOR UPDATE SKIP LOCKED, and each recording they held
 * is checked and deleted after their deletion committed, under the key's advisory lock (see
 * result-repository.ts), so a file is never deleted while a committed row names it.
 */
export interface EvaluationPurgeReport {
  results: number;
  files: number;
}

export interface EvaluationPurge {
  tick(): Promise<EvaluationPurgeReport>;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

const BATCH = 1000;
/** Batches per tick: a backlog is worked off over several ticks rather than in one long transaction. */
const MAX_BATCHES = 20;

export function createEvaluationPurge(deps: {
  db: Db;
  clock: Clock;
  storage: Storage;
  log?: FastifyBaseLogger;
}): EvaluationPurge {
  const { db, clock, storage } = deps;

  async function tick(): Promise<EvaluationPurgeReport> {
    const report: EvaluationPurgeReport = { results: 0, files: 0 };
    const before = new Date(clock.now().getTime() - learnLimits.sidTtlHours * 3_600_000);
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const done = await db.transaction(async (tx) => {
        const lock = await tx.execute<{ locked: boolean }>(
          sql`select pg_try_advisory_xact_lock(hashtext('ondoku-evaluation-purge')) as locked`,
        );
        if (!lock.rows[0]?.locked) return null;
        return deleteUnusedResults(tx, before, BATCH);
      });
      if (!done) break;
      report.results += done.deleted;
      for (const key of done.keys) {
        try {
          // The file goes while the key's lock is held, before the check's transaction ends.
          const removed = await db.transaction(async (tx) =>
            (await unreferencedRecording(tx, key)) ? storage.remove(key) : false,
          );
          if (removed) report.files++;
        } catch (err) {
          deps.log?.error({ err, key }, 'evaluation purge: a recording could not be deleted');
        }
      }
      if (done.deleted < BATCH) break;
    }
    return report;
  }

  return { tick, ...createTicker(tick, { log: deps.log, name: 'evaluation purge' }) };
}
