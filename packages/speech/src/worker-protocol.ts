// Messages between the server (or SpeechWorkerPool) and src/worker.ts.
import type { EvaluationCategory, EvaluationResult } from './evaluator/types';
import type { TimedWord } from './tts/synthesize';

export type WorkerRequest =
  | { id: number; type: 'ping' }
  | { id: number; type: 'evaluate'; pcm: Int16Array | Float32Array; text: string; category?: EvaluationCategory }
  | { id: number; type: 'synthesize'; text: string; toneType?: number; speed?: number };

export interface SynthesizeReply {
  wav: Uint8Array;
  words: TimedWord[];
  duration_ms: number;
}

export type WorkerResponse =
  | { id: number; ok: true; result: EvaluationResult | SynthesizeReply | null }
  | { id: number; ok: false; error: string };
