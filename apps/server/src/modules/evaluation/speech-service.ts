import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { EvaluationCategory } from '@ondoku/contract';
import {
  SpeechWorkerPool,
  type EvaluationResult,
  type ReaderProfile,
  type ReadingReply,
  type SpeechCapacityOptions,
  type SpeechPoolLoad,
  type SpeechStream,
  type SpeechStreamOptions,
} from '@ondoku/speech';

/**
 * The speech worker threads of this process, started on first use so that processes (and test
 * files) that never evaluate pay nothing. In the bundle the worker is dist/speech-worker.js; from
 * source (tests, tsx) the pool starts packages/speech/src/worker.ts itself.
 */
export interface SpeechService {
  /**
   * An evaluation scored while the audio arrives; finish() then only runs the alignment. With
   * `record`, the worker also encodes the audio into the WebM/Opus recording finish() returns.
   * Throws SpeechBusyError past capacity (load shedding, docs/speech-service.md).
   */
  startStream(text: string, category: EvaluationCategory, options?: SpeechStreamOptions): SpeechStream;
  /** Text-to-speech on a worker thread (the library installer's model audio). */
  synthesize(
    text: string,
    toneType?: number,
    speed?: number,
    take?: number,
  ): Promise<{ wav: Uint8Array; duration_ms: number }>;
  /** A whole recording scored on a worker thread (the library installer's check of its model audio). */
  evaluate(pcm: Float32Array, text: string, category: EvaluationCategory): Promise<EvaluationResult>;
  /** A demo child's reading of a text, synthesised on a worker thread (the demo seed). */
  synthesizeReading(text: string, reader: ReaderProfile): Promise<ReadingReply>;
  warmUp(): Promise<void>;
  /** The workers' load as judged for load shedding (null before the first use). */
  load(): SpeechPoolLoad | null;
  close(): Promise<void>;
}

export function createSpeechService(
  opts: {
    workers?: number;
    modelDir?: string;
    /** Load shedding of streams: the pool's defaults (SpeechCapacityOptions) unless given; false: none. */
    capacity?: SpeechCapacityOptions | false;
  } = {},
): SpeechService {
  let pool: SpeechWorkerPool | null = null;
  const bundled = fileURLToPath(new URL('./speech-worker.js', import.meta.url));
  const get = () =>
    (pool ??= new SpeechWorkerPool({
      size: opts.workers ?? Math.max(1, Math.min(2, os.availableParallelism())),
      workerFile: existsSync(bundled) ? bundled : undefined,
      modelDir: opts.modelDir,
      timeoutMs: 60_000,
      capacity: opts.capacity === false ? undefined : (opts.capacity ?? {}),
    }));
  return {
    startStream: (text, category, options) => get().startStream(text, category, options),
    synthesize: (text, toneType, speed, take) => get().synthesize(text, toneType, speed, take),
    evaluate: (pcm, text, category) => get().evaluate(pcm, text, category),
    synthesizeReading: (text, reader) => get().synthesizeReading(text, reader),
    warmUp: () => get().ready(),
    load: () => pool?.load() ?? null,
    async close() {
      await pool?.close();
      pool = null;
    },
  };
}
