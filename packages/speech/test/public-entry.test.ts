// The package's two entries: '.' holds what the server and e2e use, './internals' the rest.
import { describe, expect, it } from 'vitest';
import * as pub from '../src/index';
import * as internals from '../src/internals';

describe('public entry', () => {
  it('exports only the public runtime values', () => {
    expect(Object.keys(pub).sort()).toEqual(
      [
        'DEFAULT_TONE_TYPE',
        'EVALUATION_CATEGORIES',
        'MAX_AUDIO_SECONDS',
        'MAX_TEXT_WORDS',
        'READER_VOICES',
        'REPLAY_THRESHOLD',
        'RECORDING_BITRATE',
        'RECORDING_COMPLEXITY',
        'RECORDING_TYPE',
        'Recording',
        'SpeechBusyError',
        'ReplayFingerprinter',
        'SpeechWorkerPool',
        'WORD_TYPES',
        'decodeWavTo16kMono',
        'dictionaryPronunciations',
        'isReplay',
        'listToneTypes',
        'loadEvaluator',
        'matchReplay',
        'parseWav',
        'planReading',
        'replayFingerprintOf',
        'replayReferenceOf',
        'resampleToMono',
        'synthesize',
        'synthesizeChildReading',
        'writeWav',
      ].sort(),
    );
  });

  it('keeps the calibration building blocks in ./internals', () => {
    for (const name of ['createEvaluator', 'analyse', 'omissionFeatures', 'decodePhoneLoop', 'loadAcousticModel'])
      expect(typeof (internals as Record<string, unknown>)[name]).toBe('function');
  });
});
