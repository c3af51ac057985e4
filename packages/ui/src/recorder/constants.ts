/** Speech capture constants (docs/speech-service.md, "Audio encodings"). */
export const capture = {
  /** ScriptProcessor buffer, in samples of the device rate. */
  bufferSize: 4096,
  sampleRate: 16_000,
  /** One encoded frame (20 ms at 16 kHz). */
  frameSamples: 320,
  /** The encoder worker wakes every 20 ms and takes up to 3200 samples (10 frames). */
  encoderPollMs: 20,
  encoderTakeSamples: 3200,
  /** The sender sends every 10 ms, up to 10 encoded chunks per send. */
  sendIntervalMs: 10,
  chunksPerSend: 10,
  /** Encoder settings of the original Speex recorder (quality 8, 70 bits per frame); kept for the record, raw PCM needs none. */
  quality: 8,
  bitsPerFrame: 70,
} as const;

/**
 * The microphone as the evaluator wants it: one channel, and none of the browser's voice-call
 * processing (echo cancellation, automatic gain, noise suppression), which reshapes the spectrum
 * the evaluator scores; the recorder and any level meter shown before it (the children's マイクの
 * じゅんび) open it alike. docs/speech-service.md, "Audio encodings".
 */
export const microphoneConstraints: MediaStreamConstraints = {
  audio: { channelCount: 1, echoCancellation: false, autoGainControl: false, noiseSuppression: false },
};

/** The recorder's messages, verbatim (the contract's wording). */
export const recorderMessages = {
  noWebSocket: 'Your browser does not support WebSocket!',
  noSocketUrl: 'Missing websocket request URL',
  noEncoderUrl: 'There is no speexUrl',
  noMicrophone: 'Browser does not support!',
  noRecording: '録音データがありません。',
  needsAudioAndParams: '録音データと評価パラメータが必要です。',
  micDenied: 'マイクを使用できません。ブラウザの設定でマイクの使用を許可してください。',
  connectionFailed: '評価サーバーに接続できませんでした。もう一度お試しください。',
} as const;
