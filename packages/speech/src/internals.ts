// @ondoku/speech/internals: building blocks of the evaluator for benchmarks, calibration and
// verification tools. Not a stable API: the server and apps use '@ondoku/speech' only.
export { createEvaluator, toFloatSamples } from './evaluator/evaluator';
export { scoreBand, escapeHtml, evaluateHtml, evaluateText } from './evaluator/markup';
export { WAV_ERRORS } from './audio/wav';
export { TARGET_SAMPLE_RATE } from './audio/resample';
export { defaultModelDir, loadAcousticModel, type AcousticModel, type HmmUnit } from './model/acoustic-model';
export type { WorkerRequest, WorkerResponse, SynthesizeReply } from './worker-protocol';
export {
  analyse,
  analyseScores,
  planAnalysis,
  DEFAULT_SKIP_PENALTY,
  FRAME_MS,
  type Analysis,
  type AnalysisPlan,
  type AnalyseOptions,
  type OmissionEvidence,
  type PhoneAlignment,
  type WordAlignment,
  type FillerSegment,
} from './evaluator/align';
export * as scores from './evaluator/scores';
export {
  OMISSION_FEATURE_NAMES,
  OMISSION_THRESHOLD,
  MISREAD_THRESHOLD,
  omissionFeatures,
  omissionProbability,
  misreadProbability,
} from './evaluator/omission-model';
export { decodePhoneLoop, phoneLoopUnits, PHONE_INSERTION_PENALTY } from './decoder/phone-loop';
export { extractFeatures, MfccExtractor, DITHER_LSB, type Features } from './frontend/index';
export { pronunciations, dictionaryPronunciations, normaliseWord, letterToSound } from './lexicon/lexicon';
export { cmuDictionary, parsePronunciation, MODEL_PHONES } from './lexicon/cmudict';
export { splitWords, splitSentences, type TextWord, type TextSentence } from './text/tokenize';
