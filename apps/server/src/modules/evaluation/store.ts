import { RECORDING_TYPE } from '@ondoku/speech';
import type { DbOrTx } from '../../db/client.js';
import { storageKeyOf, type Storage } from '../../lib/storage.js';
import { insertEvaluationResult, lockRecordingShared } from './result-repository.js';
import type { FinishedEvaluation } from './session.js';

export interface StoreDeps {
  db: DbOrTx;
  /** Where recordings are kept (lib/storage.ts). */
  storage: Storage;
  /** Logs a recording that could not be written. */
  onRecordingError?: (err: unknown, sid: string) => void;
}

/**
 * Stores a finished evaluation: the recording through the storage (a recording that cannot be
 * written is reported and the result kept without it), then the row; the file and the row under
 * the key's shared lock, so the purge never deletes the file in between. A failed insert
 * rejects. The socket calls it before each reply (`createdAt` = the server clock), and so does
 * the demo seed for its children's readings (docs/seed.md): every stored result is kept the
 * same way.
 */
export async function storeEvaluation(deps: StoreDeps, finished: FinishedEvaluation, createdAt: Date): Promise<void> {
  const { recording } = finished;
  if (!recording) return deps.db.transaction((tx) => insertEvaluationResult(tx, finished, null, createdAt));
  await deps.db.transaction(async (tx) => {
    let audio: { key: string; type: string } | null = null;
    try {
      await lockRecordingShared(tx, storageKeyOf(recording, RECORDING_TYPE));
      const stored = await deps.storage.put(recording, RECORDING_TYPE);
      audio = { key: stored.key, type: RECORDING_TYPE };
    } catch (err) {
      deps.onRecordingError?.(err, finished.sid);
    }
    await insertEvaluationResult(tx, finished, audio, createdAt);
  });
}
