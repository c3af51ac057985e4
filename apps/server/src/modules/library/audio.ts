import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseWav, writeWav } from '@ondoku/speech';
import type { Storage } from '../../lib/storage.js';
import { writeCacheOnce } from '../../lib/cache-file.js';

/**
 * Model audio of the library (docs/library.md, "Audio"): eSpeak NG through the project's
 * synthesize(), cached on disk by sha256(engine, voice, speed, text) so re-installs and test
 * databases never synthesise the same line twice, stored content-addressed behind Storage.
 */
export interface Synthesizer {
  synthesize(text: string, toneType: number, speed: number): Promise<{ wav: Uint8Array }>;
}

export interface Voice {
  toneType: number;
  speed: number;
}

/**
 * The voice children hear: tone type 3 (eSpeak's en-gb-x-rp+f2) at normal speed. Chosen by
 * measurement with our own evaluator (docs/library.md, "Voice"): over 30 common words and 10
 * sentences it scored a mean of 97 (words) and 93 (sentences) with the lowest item at 79, where
 * the American voices fell to 69–72 on "school" and every voice scored lower when slowed to
 * 0.8–0.9× (eSpeak stretches vowels rather than pausing more). Slower listening is the
 * player's job (playback rate), not the file's.
 */
export const MODEL_VOICE: Voice = { toneType: 3, speed: 1 };
/** Dialog partners: a different voice per role (American female, American male, low male). */
export const PARTNER_VOICES: readonly Voice[] = [
  { toneType: 5, speed: 1 },
  { toneType: 2, speed: 1 },
  { toneType: 6, speed: 1 },
];
/**
 * Silence added between the sentences of an article's audio. None: eSpeak already ends each
 * sentence with its own pause, and our evaluator's fluency score (read_chapter) dropped from 70
 * to 65 and 59 with 350 and 600 ms added (total 84 → 80 → 73 on the fixture's article).
 */
export const SENTENCE_GAP_MS = 0;

const SAMPLE_RATE = 16_000;

/** The text-to-speech engine and its version: part of every cache key and of the install hash. */
export const TTS_ENGINE = (() => {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require('@echogarden/espeak-ng-emscripten/package.json') as { version: string };
    return `espeak-ng-emscripten@${pkg.version}`;
  } catch {
    return 'espeak-ng-emscripten@unknown';
  }
})();

export interface MadeAudio {
  key: string;
  durationMs: number;
  byteSize: number;
}

export interface MadeArticle extends MadeAudio {
  sentences: Array<{ start_ms: number; end_ms: number }>;
}

export const cacheKeyOf = (voice: Voice, text: string) =>
  createHash('sha256')
    .update(JSON.stringify([TTS_ENGINE, voice.toneType, voice.speed, text]))
    .digest('hex');

export const normaliseSpokenText = (text: string) => text.replace(/\s+/g, ' ').trim();

const durationOf = (wav: Uint8Array) => {
  const d = parseWav(wav);
  return Math.round((d.samples.length / d.channels / d.sampleRate) * 1000);
};

/**
 * One install's audio maker: every line is synthesised once (memoised, then the disk cache),
 * stored, and remembered for the media_files rows the installer writes in its transaction.
 */
export function createAudioMaker(deps: { storage: Storage; synth: Synthesizer; cacheDir: string | null }) {
  const made = new Map<string, Promise<MadeAudio>>();
  const files = new Map<string, MadeAudio & { contentType: string }>();
  let synthesised = 0;
  let cached = 0;

  async function wavOf(voice: Voice, text: string, count = true): Promise<Uint8Array> {
    const cacheKey = cacheKeyOf(voice, text);
    const cacheFile = deps.cacheDir ? path.join(deps.cacheDir, cacheKey.slice(0, 2), `${cacheKey}.wav`) : null;
    if (cacheFile) {
      const hit = await fs.readFile(cacheFile).catch(() => null);
      if (hit) {
        if (count) cached++;
        return new Uint8Array(hit.buffer, hit.byteOffset, hit.byteLength);
      }
    }
    const { wav } = await deps.synth.synthesize(text, voice.toneType, voice.speed);
    synthesised++;
    return cacheFile ? writeCacheOnce(cacheFile, wav) : wav;
  }

  async function store(wav: Uint8Array): Promise<MadeAudio> {
    const stored = await deps.storage.put(wav, 'audio/wav');
    const audio = { key: stored.key, durationMs: durationOf(wav), byteSize: stored.size };
    files.set(stored.key, { ...audio, contentType: 'audio/wav' });
    return audio;
  }

  function line(text: string, voice: Voice = MODEL_VOICE) {
    const spoken = normaliseSpokenText(text);
    const id = cacheKeyOf(voice, spoken);
    let p = made.get(id);
    if (!p) {
      p = wavOf(voice, spoken).then(store);
      made.set(id, p);
    }
    return p;
  }

  return {
    /** The model audio of one line (a word, a sentence, a turn, a question). */
    speak: (text: string, voice: Voice = MODEL_VOICE): Promise<MadeAudio> => line(text, voice),
    /** One audio of several sentences with short silences between, and each sentence's span in it. */
    async article(sentences: string[], voice: Voice = MODEL_VOICE): Promise<MadeArticle> {
      // Each sentence is a line of its own too (stored, cached); the joined file is read back
      // from the cache rather than kept in memory for the whole install.
      await Promise.all(sentences.map((s) => line(s, voice)));
      const wavs = await Promise.all(sentences.map((s) => wavOf(voice, normaliseSpokenText(s), false)));
      const gap = Math.round((SENTENCE_GAP_MS * SAMPLE_RATE) / 1000);
      const decoded = wavs.map((w) => parseWav(w));
      for (const d of decoded) {
        if (d.sampleRate !== SAMPLE_RATE || d.channels !== 1) throw new Error('model audio must be 16 kHz mono');
      }
      const total = decoded.reduce((n, d) => n + d.samples.length, 0) + gap * Math.max(0, decoded.length - 1);
      const joined = new Float32Array(total);
      const spans: Array<{ start_ms: number; end_ms: number }> = [];
      let o = 0;
      decoded.forEach((d, i) => {
        if (i > 0) o += gap;
        joined.set(d.samples, o);
        const start = Math.round((o / SAMPLE_RATE) * 1000);
        o += d.samples.length;
        spans.push({ start_ms: start, end_ms: Math.round((o / SAMPLE_RATE) * 1000) });
      });
      const audio = await store(writeWav(joined, SAMPLE_RATE));
      return { ...audio, sentences: spans };
    },
    /** A picture (or any file) by its bytes. */
    async file(bytes: Uint8Array, contentType: string): Promise<string> {
      const stored = await deps.storage.put(bytes, contentType);
      files.set(stored.key, { key: stored.key, durationMs: 0, byteSize: stored.size, contentType });
      return stored.key;
    },
    /** Everything stored in this install, for the media_files rows. */
    files: () => [...files.values()],
    stats: () => ({ synthesised, cached }),
  };
}

export type AudioMaker = ReturnType<typeof createAudioMaker>;
