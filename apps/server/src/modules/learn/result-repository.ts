import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { evaluationResults } from '../../db/schema/index.js';

/**
 * The evaluation results the socket stored (modules/evaluation writes them): a submission reads
 * the ones it names, locked until its transaction ends, and marks them used.
 */
export type StoredResult = typeof evaluationResults.$inferSelect;

/** The named results (any owner: the caller checks it), locked so a second submission waits. */
export async function lockResults(tx: DbOrTx, sids: string[]): Promise<Map<string, StoredResult>> {
  if (sids.length === 0) return new Map();
  const rows = await tx.select().from(evaluationResults).where(inArray(evaluationResults.sid, sids)).for('update');
  return new Map(rows.map((r) => [r.sid, r]));
}

/** Mark the results used; answers how many were still unused (all of them, unless a race lost). */
export async function markResultsUsed(tx: DbOrTx, sids: string[], at: Date): Promise<number> {
  if (sids.length === 0) return 0;
  const rows = await tx
    .update(evaluationResults)
    .set({ usedAt: sql`${at.toISOString()}::timestamptz` })
    .where(and(inArray(evaluationResults.sid, sids), isNull(evaluationResults.usedAt)))
    .returning({ sid: evaluationResults.sid });
  return rows.length;
}
