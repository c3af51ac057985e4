import { downloadLimits, downloadMessages, ErrorCode, type DownloadKind } from '@ondoku/contract';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import type { DbOrTx } from '../../db/client.js';
import type { DownloadParams } from '../../db/schema/index.js';
import { insertTask, processingCount } from './repository.js';

/**
 * The per-teacher limit of waiting tasks, checked under a transaction-level advisory lock of the
 * teacher's queue, so two quick clicks cannot both pass it.
 */
export async function holdQueueOf(tx: DbOrTx, teacherId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ondoku-downloads'), ${teacherId})`);
  if ((await processingCount(tx, teacherId)) >= downloadLimits.processingPerTeacher)
    throw new AppError(ErrorCode.DOWNLOAD_TOO_MANY, downloadMessages.tooMany);
}

/**
 * A task of another module's kind (the study survey's reports), in the caller's transaction:
 * the per-teacher limit of waiting tasks is checked under the queue's lock, as for the homework
 * exports. The caller has checked the params are the teacher's, and wakes the runner after commit.
 */
export async function enqueueTask(
  tx: DbOrTx,
  teacherId: number,
  task: { kind: DownloadKind; params: DownloadParams; title: string },
  now: Date,
) {
  await holdQueueOf(tx, teacherId);
  return insertTask(tx, teacherId, task, now);
}
