import { synthesize } from '@ondoku/speech';
import type { Synthesizer } from './audio.js';

/**
 * Synthesis on the calling thread: for the seed and operator commands, and the test setup,
 * where nothing else waits. The server passes its speech worker pool instead, so requests are
 * never blocked by an install.
 */
export const directSynthesizer: Synthesizer = {
  synthesize: async (text, toneType, speed) => ({ wav: (await synthesize({ text, toneType, speed })).wav }),
};

/** Where synthesised lines are cached: TTS_CACHE_DIR, by default DATA_DIR/tts-cache (config.ts). */
export const libraryCacheDir = (config: { ttsCacheDir: string }) => config.ttsCacheDir;
