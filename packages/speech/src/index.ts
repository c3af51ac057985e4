// @ondoku/speech: the public entry — what the server, the e2e tests and other packages use.
// Evaluation, synthesis and WAV helpers, the worker pool and the result types. Tools that need
// the evaluator's internals (benchmarks, calibration) import '@ondoku/speech/internals' or the
// package's own source paths.
export { loadEvaluator, MAX_AUDIO_SECONDS, MAX_TEXT_WORDS } from './evaluator/evaluator';
export type { Evaluator, EvaluationStream, LoadEvaluatorOptions } from './evaluator/evaluator';
export type {
  EvaluationCategory,
  EvaluationRequest,
  EvaluationResult,
  PhoneResult,
  Reader,
  Scores,
  SentenceResult,
  WordResult,
  WordType,
} from './evaluator/types';
export { EVALUATION_CATEGORIES, WORD_TYPES } from './evaluator/types';
export { parseWav, writeWav, type DecodedWav } from './audio/wav';
/** The CMU dictionary's pronunciations of a word (the server finds material that trains given sounds). */
export { dictionaryPronunciations } from './lexicon/lexicon';
export { resampleToMono, type ResampleOptions } from './audio/resample';
export { decodeWavTo16kMono } from './audio/decode';
export {
  ReplayFingerprinter,
  replayFingerprintOf,
  replayReferenceOf,
  matchReplay,
  isReplay,
  REPLAY_THRESHOLD,
  type ReplayFingerprint,
  type ReplayReference,
  type ReplayMatch,
} from './audio/replay';
export { Recording, RECORDING_TYPE, RECORDING_BITRATE, RECORDING_COMPLEXITY } from './audio/recording';
export { synthesize, type SynthesizeOptions, type SynthesisResult, type TimedWord } from './tts/synthesize';
export { listToneTypes, DEFAULT_TONE_TYPE, type ToneType } from './tts/voices';
export {
  SpeechWorkerPool,
  SpeechBusyError,
  type SpeechCapacityOptions,
  type SpeechPoolLoad,
  type SpeechWorkerPoolOptions,
  type SpeechStream,
  type SpeechStreamOptions,
  type StreamResult,
} from './worker-pool';
export {
  READER_VOICES,
  planReading,
  synthesizeChildReading,
  type ChildReading,
  type ReaderProfile,
  type ReadingPlan,
} from './tts/child-reading';
export type { ReadingReply } from './worker-protocol';
