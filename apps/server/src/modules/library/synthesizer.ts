import { loadEvaluator, synthesize, type Evaluator } from '@ondoku/speech';
import type { Synthesizer } from './audio.js';

let evaluator: Promise<Evaluator> | undefined;

/**
 * Synthesis (and the check of each line by our evaluator, loaded on first use) on the calling
 * thread: for operator commands and the test setup, where nothing else waits. The server and the
 * seed pass their speech worker pool instead, so requests are never blocked by an install.
 */
export const directSynthesizer: Synthesizer = {
  synthesize: async (text, toneType, speed, take) => ({ wav: (await synthesize({ text, toneType, speed, take })).wav }),
  evaluate: async (pcm, text, category) => (await (evaluator ??= loadEvaluator())).evaluate({ pcm, text, category }),
};

/** Where synthesised lines are cached: TTS_CACHE_DIR, by default DATA_DIR/tts-cache (config.ts). */
export const libraryCacheDir = (config: { ttsCacheDir: string }) => config.ttsCacheDir;
