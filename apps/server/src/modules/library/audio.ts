import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { EvaluationCategory } from '@ondoku/contract';
import { parseWav, writeWav } from '@ondoku/speech';
import type { Storage } from '../../lib/storage.js';
import { writeCacheOnce } from '../../lib/cache-file.js';
import { evaluatorFingerprint } from '../evaluation/index.js';
import { spokenTextOf } from './material/spoken-as.js';

/**
 * Model audio of the library (docs/library.md, "Audio"): eSpeak NG through the project's
 * synthesize(), each line checked by our evaluator (a take it does not hear as the text is
 * replaced by another), cached on disk so re-installs and test databases never synthesise or
 * check the same line twice, stored content-addressed behind Storage.
 */
export interface Synthesizer {
  /** take: which of the engine's renditions (@ondoku/speech synthesize()). */
  synthesize(text: string, toneType: number, speed: number, take?: number): Promise<{ wav: Uint8Array }>;
  /** Our evaluator's scores for audio read as the text (the installer's check of each line). */
  evaluate(pcm: Float32Array, text: string, category: EvaluationCategory): Promise<{ total_score: number }>;
}

export interface Voice {
  toneType: number;
  speed: number;
}

/**
 * The voice children hear: tone type 5 (eSpeak's en-us+f2, American female) at normal speed.
 * Chosen by measurement with our own evaluator over every line of the library (docs/library.md,
 * "Voice"): its first take passes the check below on more lines than any other voice, and
 * American English is what the evaluator's dictionary and acoustic model know. Every voice
 * scored lower when slowed to 0.8–0.9× (eSpeak stretches vowels rather than pausing more), so
 * slower listening is the player's job (playback rate), not the file's.
 */
export const MODEL_VOICE: Voice = { toneType: 5, speed: 1 };
/** Dialog partners: a different voice per role (British female, American male, low male). */
export const PARTNER_VOICES: readonly Voice[] = [
  { toneType: 3, speed: 1 },
  { toneType: 2, speed: 1 },
  { toneType: 6, speed: 1 },
];

/**
 * The check of every model audio (docs/library.md, "The check of every line"): our evaluator
 * scores the audio against its text as a child's reading of it is scored (read_word for one
 * word, read_sentence, read_chapter for an article), and a line below `pass` is made again: the
 * same voice's next takes (eSpeak varies breath and noise between renditions), then the other
 * voices of the same kind (female or male), then the others. The first take that passes is kept;
 * when none does, the best one, and the installer reports the line. A child who imitates the
 * model audio must be able to score well with it.
 */
export const MODEL_AUDIO_CHECK = {
  version: 1,
  pass: 80,
  takes: 4,
  /** Tone types by kind of voice, most natural first (packages/speech tts/voices.ts). */
  female: [5, 1, 3],
  male: [2, 6, 4],
} as const;
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
  /** The check's score of the kept take, and its voice (free recitation shows both). */
  score?: number;
  toneType?: number;
}

export interface MadeArticle extends MadeAudio {
  sentences: Array<{ start_ms: number; end_ms: number }>;
}

/** The synthesis cache's key of one take of a line. */
export const cacheKeyOf = (voice: Voice, text: string, take = 0) =>
  createHash('sha256')
    .update(JSON.stringify([TTS_ENGINE, voice.toneType, voice.speed, take, spokenTextOf(text)]))
    .digest('hex');

export const normaliseSpokenText = (text: string) => text.replace(/\s+/g, ' ').trim();

/** How the check scores a line: as a child's reading of that text is scored. */
export const checkCategoryOf = (text: string): EvaluationCategory =>
  normaliseSpokenText(text).split(' ').length === 1 ? 'read_word' : 'read_sentence';

/** The voices a line may be read in, in the order the check tries them (MODEL_AUDIO_CHECK). */
export function voiceOrder(voice: Voice): Voice[] {
  const { female, male } = MODEL_AUDIO_CHECK;
  const own: readonly number[] = (female as readonly number[]).includes(voice.toneType) ? female : male;
  const other: readonly number[] = own === female ? male : female;
  const tones = [voice.toneType, ...own, ...other].filter((t, i, all) => all.indexOf(t) === i);
  return tones.map((toneType) => ({ toneType, speed: voice.speed }));
}

const durationOf = (wav: Uint8Array) => {
  const d = parseWav(wav);
  return Math.round((d.samples.length / d.channels / d.sampleRate) * 1000);
};

/** The take the check kept for a line (or an article), cached beside the audio. */
interface Kept {
  toneType: number;
  take: number;
  score: number;
}

export interface CheckStats {
  /** Lines (and articles) scored by the evaluator in this install (not found in the cache). */
  checked: number;
  /** Lines kept in another take or voice than their first. */
  remade: number;
  /** The lowest kept score of every line of the install, checked now or earlier (the cache). */
  lowest: number | null;
  /** Lines no take of any voice passed (the best was kept), with their score: now or earlier. */
  below: Array<{ text: string; score: number; category: EvaluationCategory }>;
}

/**
 * One install's audio maker: every line is synthesised and checked once (memoised, then the disk
 * cache), stored, and remembered for the media_files rows the installer writes in its transaction.
 */
export function createAudioMaker(deps: {
  storage: Storage;
  synth: Synthesizer;
  cacheDir: string | null;
  /** The evaluator's fingerprint: the checks are cached with it (LibraryMedia). */
  evaluator?: string;
}) {
  let fingerprint: Promise<string> | undefined;
  const made = new Map<string, Promise<MadeAudio>>();
  const files = new Map<string, MadeAudio & { contentType: string }>();
  let synthesised = 0;
  let cached = 0;
  const checks: CheckStats = { checked: 0, remade: 0, lowest: null, below: [] };

  /** Every line's kept score, checked now or read from the cache. */
  const note = (k: Kept, text: string, category: EvaluationCategory) => {
    checks.lowest = checks.lowest === null ? k.score : Math.min(checks.lowest, k.score);
    if (k.score < MODEL_AUDIO_CHECK.pass) checks.below.push({ text, score: k.score, category });
  };

  const cacheFileOf = (key: string, ext: string) =>
    deps.cacheDir ? path.join(deps.cacheDir, key.slice(0, 2), `${key}.${ext}`) : null;

  /** One take of a line: from the cache, or synthesised (and cached when `keep`). */
  async function wavOf(voice: Voice, text: string, take: number, keep: boolean): Promise<Uint8Array> {
    const cacheFile = cacheFileOf(cacheKeyOf(voice, text, take), 'wav');
    if (cacheFile) {
      const hit = await fs.readFile(cacheFile).catch(() => null);
      if (hit) {
        cached++;
        return new Uint8Array(hit.buffer, hit.byteOffset, hit.byteLength);
      }
    }
    const { wav } = await deps.synth.synthesize(spokenTextOf(text), voice.toneType, voice.speed, take);
    synthesised++;
    return cacheFile && keep ? writeCacheOnce(cacheFile, wav) : wav;
  }

  /**
   * The check (MODEL_AUDIO_CHECK): the kept voice and take of `texts` read in `voice` (one line,
   * or an article's sentences read as one chapter), from the cache or by scoring takes in turn;
   * the kept take's audio is written to the synthesis cache (the others are not kept).
   */
  async function kept(
    voice: Voice,
    texts: string[],
    category: EvaluationCategory,
  ): Promise<{ voice: Voice; take: number; score: number; wavs: Uint8Array[] }> {
    const text = texts.join(' ');
    const evaluator = deps.cacheDir
      ? await (fingerprint ??= deps.evaluator ? Promise.resolve(deps.evaluator) : evaluatorFingerprint())
      : '';
    const checkFile = cacheFileOf(
      createHash('sha256')
        .update(JSON.stringify(['check', TTS_ENGINE, MODEL_AUDIO_CHECK, evaluator, voice, category, texts]))
        .digest('hex'),
      'json',
    );
    if (checkFile) {
      const hit = await fs.readFile(checkFile, 'utf8').catch(() => null);
      if (hit) {
        const k = JSON.parse(hit) as Kept;
        note(k, text, category);
        const v = { toneType: k.toneType, speed: voice.speed };
        return {
          voice: v,
          take: k.take,
          score: k.score,
          wavs: await Promise.all(texts.map((t) => wavOf(v, t, k.take, true))),
        };
      }
    }
    let best: (Kept & { wavs: Uint8Array[] }) | undefined;
    search: for (const v of voiceOrder(voice)) {
      for (let take = 0; take < MODEL_AUDIO_CHECK.takes; take++) {
        const wavs = await Promise.all(texts.map((t) => wavOf(v, t, take, false)));
        const samples = joined(wavs.map((w) => parseWav(w)));
        const { total_score: score } = await deps.synth.evaluate(samples, text, category);
        if (!best || score > best.score) best = { toneType: v.toneType, take, score, wavs };
        if (score >= MODEL_AUDIO_CHECK.pass) break search;
      }
    }
    const k = best!;
    const v = { toneType: k.toneType, speed: voice.speed };
    await Promise.all(
      texts.map((t, i) => {
        const file = cacheFileOf(cacheKeyOf(v, t, k.take), 'wav');
        return file ? writeCacheOnce(file, k.wavs[i]!) : null;
      }),
    );
    checks.checked++;
    if (k.toneType !== voice.toneType || k.take !== 0) checks.remade++;
    const record: Kept = { toneType: k.toneType, take: k.take, score: k.score };
    note(record, text, category);
    if (checkFile) await writeCacheOnce(checkFile, new TextEncoder().encode(JSON.stringify(record)));
    return { voice: v, take: k.take, score: k.score, wavs: k.wavs };
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
      p = (async () => {
        const k = await kept(voice, [spoken], checkCategoryOf(spoken));
        return { ...(await store(k.wavs[0]!)), score: k.score, toneType: k.voice.toneType };
      })();
      made.set(id, p);
    }
    return p;
  }

  return {
    /** The model audio of one line (a word, a sentence, a turn, a question). */
    speak: (text: string, voice: Voice = MODEL_VOICE): Promise<MadeAudio> => line(text, voice),
    /**
     * One audio of several sentences, and each sentence's span in it: every sentence in the same
     * voice and take, the whole checked as one chapter (read_chapter).
     */
    async article(sentences: string[], voice: Voice = MODEL_VOICE): Promise<MadeArticle> {
      const spoken = sentences.map(normaliseSpokenText);
      const k = await kept(voice, spoken, 'read_chapter');
      const decoded = k.wavs.map((w) => parseWav(w));
      const spans: Array<{ start_ms: number; end_ms: number }> = [];
      const gap = Math.round((SENTENCE_GAP_MS * SAMPLE_RATE) / 1000);
      let o = 0;
      decoded.forEach((d, i) => {
        if (i > 0) o += gap;
        const start = Math.round((o / SAMPLE_RATE) * 1000);
        o += d.samples.length;
        spans.push({ start_ms: start, end_ms: Math.round((o / SAMPLE_RATE) * 1000) });
      });
      const audio = await store(writeWav(joined(decoded), SAMPLE_RATE));
      return { ...audio, sentences: spans, score: k.score, toneType: k.voice.toneType };
    },
    /** A picture (or any file) by its bytes. */
    async file(bytes: Uint8Array, contentType: string): Promise<string> {
      const stored = await deps.storage.put(bytes, contentType);
      files.set(stored.key, { key: stored.key, durationMs: 0, byteSize: stored.size, contentType });
      return stored.key;
    },
    /** Everything stored in this install, for the media_files rows. */
    files: () => [...files.values()],
    stats: () => ({ synthesised, cached, checks }),
  };
}

/** Sentences' audio one after the other, SENTENCE_GAP_MS apart (16 kHz mono). */
function joined(decoded: Array<{ samples: Float32Array; sampleRate: number; channels: number }>): Float32Array {
  for (const d of decoded) {
    if (d.sampleRate !== SAMPLE_RATE || d.channels !== 1) throw new Error('model audio must be 16 kHz mono');
  }
  if (decoded.length === 1) return decoded[0]!.samples.slice();
  const gap = Math.round((SENTENCE_GAP_MS * SAMPLE_RATE) / 1000);
  const total = decoded.reduce((n, d) => n + d.samples.length, 0) + gap * Math.max(0, decoded.length - 1);
  const out = new Float32Array(total);
  let o = 0;
  decoded.forEach((d, i) => {
    if (i > 0) o += gap;
    out.set(d.samples, o);
    o += d.samples.length;
  });
  return out;
}

export type AudioMaker = ReturnType<typeof createAudioMaker>;
