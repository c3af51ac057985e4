// Messages between the server (or SpeechWorkerPool) and src/worker.ts.
import type { EvaluationCategory, EvaluationResult } from './evaluator/types';
import type { TimedWord } from './tts/synthesize';

export type WorkerRequest =
  | { id: number; type: 'ping' }
  | { id: number; type: 'evaluate'; pcm: Int16Array | Float32Array; text: string; category?: EvaluationCategory }
  | { id: number; type: 'synthesize'; text: string; toneType?: number; speed?: number }
  // Streaming evaluation (Evaluator.startStream): stream_push queues a chunk that the worker
  // scores soon after, one chunk per macrotask, so stream_abort drops the queued audio at once and
  // stream_finish drains what is queued, then runs what needs the whole reading. A push error is
  // reported by stream_finish. streamId is chosen by the sender.
  | { id: number; type: 'stream_start'; streamId: number; text: string; category?: EvaluationCategory }
  | { id: number; type: 'stream_push'; streamId: number; pcm: Int16Array | Float32Array }
  | { id: number; type: 'stream_finish'; streamId: number }
  | { id: number; type: 'stream_abort'; streamId: number };

export interface SynthesizeReply {
  wav: Uint8Array;
  words: TimedWord[];
  duration_ms: number;
}

export type WorkerResponse =
  | { id: number; ok: true; result: EvaluationResult | SynthesizeReply | null }
  | { id: number; ok: false; error: string };
