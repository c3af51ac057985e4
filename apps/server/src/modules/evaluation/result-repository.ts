import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { attemptAnswers, evaluationResults, mediaFiles } from '../../db/schema/index.js';
import { addSoundJudgements } from '../learning-statistics/index.js';
import type { FinishedEvaluation } from './session.js';

/**
 * Inserts the stored result of a finished evaluation (one row, keyed by its sid) and, for a
 * child's reading, adds its phone judgements to the child's sound statistics
 * (modules/learning-statistics): call it inside a transaction.
 */
export async function insertEvaluationResult(
  db: DbOrTx,
  finished: Omit<FinishedEvaluation, 'recording'>,
  audio: { key: string; type: string } | null,
  createdAt: Date,
): Promise<void> {
  const { result, owner } = finished;
  await db.insert(evaluationResults).values({
    sid: finished.sid,
    studentId: owner.kind === 'student' ? owner.id : null,
    teacherId: owner.kind === 'teacher' ? owner.id : null,
    category: finished.category,
    text: finished.text,
    totalScore: result.total_score,
    accuracyScore: result.accuracy_score,
    fluencyScore: result.fluency_score,
    integrityScore: result.integrity_score,
    result,
    phones: finished.phones ?? null,
    durationMs: finished.durationMs,
    audioKey: audio?.key ?? null,
    audioType: audio?.type ?? null,
    createdAt,
  });
  if (owner.kind === 'student' && finished.phones?.length)
    await addSoundJudgements(db, owner.id, finished.phones, createdAt);
}

/**
 * Deletes up to `limit` results never submitted (`used_at` null) made before `before`, claimed
 * with FOR UPDATE SKIP LOCKED (a second process takes other rows), and answers how many went and
 * the recording keys they held (to be checked one by one with `unreferencedRecording`).
 */
export async function deleteUnusedResults(db: DbOrTx, before: Date, limit: number) {
  const r = evaluationResults;
  const res = await db.execute<{ audio_key: string | null }>(sql`
    with claimed as (
      select ${r.sid} from ${r}
      where ${r.usedAt} is null and ${r.createdAt} < ${before}
      order by ${r.createdAt}
      limit ${limit}
      for update skip locked
    )
    delete from ${r} using claimed where ${r.sid} = claimed.sid
    returning ${r.audioKey} as audio_key`);
  const keys = [...new Set(res.rows.map((row) => row.audio_key).filter((k): k is string => !!k))];
  return { deleted: res.rows.length, keys };
}

/**
 * Recordings are content-addressed, so equal bytes share a file: a key is stored under a shared
 * transaction-level advisory lock of the key (`lockRecordingShared`, with the row that names it),
 * and the purge checks and deletes a file under the exclusive one (`unreferencedRecording`), so
 * a session storing the same bytes meanwhile either commits its row first (the file stays) or
 * writes the file again after the purge deleted it.
 */
export async function lockRecordingShared(tx: DbOrTx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext(${`recording:${key}`}))`);
}

/**
 * Takes the key's exclusive lock (held until the transaction ends: delete the file before it
 * commits) and answers whether nothing names the key any more: no result, no attempt answer
 * (answers copy the key, so a submitted recording outlives its result), no media_files row (the
 * storage is shared with the library's files).
 */
export async function unreferencedRecording(tx: DbOrTx, key: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recording:${key}`}))`);
  const r = evaluationResults;
  const a = attemptAnswers;
  const res = await tx.execute<{ free: boolean }>(sql`
    select not exists (select 1 from ${r} where ${r.audioKey} = ${key})
      and not exists (select 1 from ${a} where ${a.audioKey} = ${key})
      and not exists (select 1 from ${mediaFiles} where ${mediaFiles.key} = ${key}) as free`);
  return res.rows[0]?.free === true;
}
