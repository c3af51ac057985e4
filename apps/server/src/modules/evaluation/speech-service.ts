import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { EvaluationCategory } from '@ondoku/contract';
import { SpeechWorkerPool, type SpeechStream } from '@ondoku/speech';

/**
 * The speech worker threads of this process, started on first use so that processes (and test
 * files) that never evaluate pay nothing. In the bundle the worker is dist/speech-worker.js; from
 * source (tests, tsx) the pool starts packages/speech/src/worker.ts itself.
 */
export interface SpeechService {
  /** An evaluation scored while the audio arrives; finish() then only runs the alignment. */
  startStream(text: string, category: EvaluationCategory): SpeechStream;
  /** Text-to-speech on a worker thread (the library installer's model audio). */
  synthesize(text: string, toneType?: number, speed?: number): Promise<{ wav: Uint8Array; duration_ms: number }>;
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

export function createSpeechService(opts: { workers?: number; modelDir?: string } = {}): SpeechService {
  let pool: SpeechWorkerPool | null = null;
  const bundled = fileURLToPath(new URL('./speech-worker.js', import.meta.url));
  const get = () =>
    (pool ??= new SpeechWorkerPool({
      size: opts.workers ?? Math.max(1, Math.min(2, os.availableParallelism())),
      workerFile: existsSync(bundled) ? bundled : undefined,
      modelDir: opts.modelDir,
      timeoutMs: 60_000,
    }));
  return {
    startStream: (text, category) => get().startStream(text, category),
    synthesize: (text, toneType, speed) => get().synthesize(text, toneType, speed),
    warmUp: () => get().ready(),
    async close() {
      await pool?.close();
      pool = null;
    },
  };
}
