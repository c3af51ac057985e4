// Messages between the server (or SpeechWorkerPool) and src/worker.ts.
import type { EvaluationCategory, EvaluationResult, Reader } from './evaluator/types';
import type { ReaderProfile, ReadingPlan } from './tts/child-reading';
import type { TimedWord } from './tts/synthesize';

export type WorkerRequest =
  | { id: number; type: 'ping' }
  | {
      id: number;
      type: 'evaluate';
      pcm: Int16Array | Float32Array;
      text: string;
      category?: EvaluationCategory;
      reader?: Reader;
    }
  | { id: number; type: 'synthesize'; text: string; toneType?: number; speed?: number; take?: number }
  // A demo child's reading of a text (tts/child-reading.ts): 16 kHz 16-bit PCM.
  | { id: number; type: 'synthesize_reading'; text: string; reader: ReaderProfile }
  // Streaming evaluation (Evaluator.startStream): stream_push queues a chunk that the worker
  // scores soon after, one chunk per macrotask, so stream_abort drops the queued audio at once and
  // stream_finish drains what is queued, then runs what needs the whole reading. A push error is
  // reported by stream_finish. streamId is chosen by the sender.
  // `record`: also encode the pushed audio into a WebM/Opus recording, returned by stream_finish
  // as `recording` beside the result (audio/recording.ts).
  | {
      id: number;
      type: 'stream_start';
      streamId: number;
      text: string;
      category?: EvaluationCategory;
      reader?: Reader;
      record?: boolean;
    }
  | { id: number; type: 'stream_push'; streamId: number; pcm: Int16Array | Float32Array }
  | { id: number; type: 'stream_finish'; streamId: number }
  | { id: number; type: 'stream_abort'; streamId: number };

export interface SynthesizeReply {
  wav: Uint8Array;
  words: TimedWord[];
  duration_ms: number;
}

export interface ReadingReply extends ReadingPlan {
  pcm: Int16Array;
  duration_ms: number;
}

/**
 * stream_finish's result: `recording` when the stream was started with `record` (null: the
 * recording failed); `finishMs`, the worker's time for the alignment and the recording's mux.
 */
export type StreamFinishReply = EvaluationResult & {
  recording?: Uint8Array | null;
  /** Wall time of the finish in the worker, and its CPU time where the thread's clock is readable (thread-cpu.ts). */
  finishMs?: number;
  finishCpuMs?: number;
};

/** stream_push's reply, sent once the chunk is scored: the milliseconds it took (0 when dropped). */
export interface StreamPushReply {
  ms: number;
  /** The CPU time of the scoring, where the thread's clock is readable (thread-cpu.ts). */
  cpuMs?: number;
}

export type WorkerResponse =
  | { id: number; ok: true; result: EvaluationResult | SynthesizeReply | ReadingReply | StreamPushReply | null }
  | { id: number; ok: false; error: string };
