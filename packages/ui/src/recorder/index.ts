export { capture, microphoneConstraints, recorderMessages } from './constants';
export {
  checkRecorderSupport,
  Recorder,
  RecorderError,
  type EvaluationParams,
  type RecorderOptions,
  type RecorderState,
} from './recorder';
export { Downsampler, floatTo16Bit, wavBlob } from './resample';
export { evaluateEncoded, type EncodedEvaluation } from './replay';
