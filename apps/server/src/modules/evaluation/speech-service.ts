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

/** What the start-up warm-up reads (docs/speech-service.md, "Warm at start"). */
const WARM_TEXT = 'I like to read books with my friends.';
const WARM_READER: ReaderProfile = { voice: 'en-us+f4', speed: 1, snrDb: 30, slip: 'none', seed: 1 };

/**
 * Warm every speech worker at start-up (docs/speech-service.md, "Warm at start"): the model
 * loaded, then a child's synthetic reading of a short sentence streamed through every worker at
 * once, `rounds` times, recorded as the socket records, so V8 has compiled the scoring, alignment
 * and recording paths before the first class reads (a fresh process otherwise served its first
 * readings several times slower). Each stream goes to the worker with the fewest open streams, so
 * opening one per worker at once reaches each of them. The reading is synthesised on a worker of
 * its own, closed at once: text to speech would otherwise stay loaded in a serving worker (140 MB).
 */
export async function warmSpeechWorkers(speech: SpeechService, rounds = 3): Promise<void> {
  const tts = createSpeechService({ workers: 1, capacity: false });
  const [{ pcm }] = await Promise.all([
    tts.synthesizeReading(WARM_TEXT, WARM_READER).finally(() => tts.close()),
    speech.warmUp(),
  ]);
  const workers = speech.load()?.workers.length ?? 1;
  for (let r = 0; r < rounds; r++) {
    const streams = Array.from({ length: workers }, () =>
      speech.startStream(WARM_TEXT, 'read_sentence', { record: true, reader: 'child' }),
    );
    await Promise.all(
      streams.map((stream) => {
        for (let i = 0; i < pcm.length; i += 3200) stream.push(pcm.subarray(i, i + 3200));
        return stream.finish();
      }),
    );
  }
}
