// @ondoku/speech: pronunciation evaluation, text-to-speech and audio utilities.
export {
  loadEvaluator,
  createEvaluator,
  toFloatSamples,
  MAX_AUDIO_SECONDS,
  MAX_TEXT_WORDS,
} from './evaluator/evaluator';
export type { Evaluator, EvaluationStream, LoadEvaluatorOptions } from './evaluator/evaluator';
export type {
  EvaluationCategory,
  EvaluationRequest,
  EvaluationResult,
  PhoneResult,
  Scores,
  SentenceResult,
  WordResult,
  WordType,
} from './evaluator/types';
export { scoreBand, escapeHtml } from './evaluator/markup';
export { parseWav, writeWav, WAV_ERRORS, type DecodedWav } from './audio/wav';
export { resampleToMono, TARGET_SAMPLE_RATE, type ResampleOptions } from './audio/resample';
export { decodeWavTo16kMono } from './audio/decode';
export { synthesize, type SynthesizeOptions, type SynthesisResult, type TimedWord } from './tts/synthesize';
export { listToneTypes, DEFAULT_TONE_TYPE, type ToneType } from './tts/voices';
export { defaultModelDir } from './model/acoustic-model';
export { SpeechWorkerPool, type SpeechWorkerPoolOptions, type SpeechStream } from './worker-pool';
export type { WorkerRequest, WorkerResponse, SynthesizeReply } from './worker-protocol';
