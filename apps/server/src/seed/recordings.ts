import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EvaluationCategory } from '@ondoku/contract';
import {
  parseWav,
  SpeechBusyError,
  writeWav,
  type EvaluationResult,
  type ReaderProfile,
  type ReadingPlan,
  type SpeechStream,
} from '@ondoku/speech';
import type { SpeechService } from '../modules/evaluation/speech-service.js';
import { TTS_ENGINE } from '../modules/library/index.js';

/**
 * Children's recordings for the demo school (issue 16.7, docs/seed.md): a library text read by a
 * demo child (`ReaderProfile`: a text-to-speech voice other than the model voice, a speed, room
 * noise, and for some readings a skipped or replaced word), synthesised on the speech worker
 * threads and scored by the real evaluator on those threads — streamed in 100 ms chunks, as the
 * evaluation socket streams a browser's audio. Nothing of it runs on the event loop.
 *
 * Cached under TTS_CACHE_DIR/children (kept between runs, like the library's synthesis cache):
 * the recording as a 16 kHz WAV keyed by sha256(engine, generator version, text, profile), and
 * the evaluator's result of that recording (and the WebM/Opus file the worker encoded while
 * scoring it) keyed also by the evaluator's fingerprint (the acoustic model and the speech
 * package's code), so a changed evaluator scores every recording again.
 */
export type ReadingSpeech = Pick<SpeechService, 'startStream' | 'synthesizeReading'>;

export interface StudentRecording {
  /** The text the reading is scored against (the item's text). */
  text: string;
  category: EvaluationCategory;
  /** 16 kHz mono 16-bit PCM. */
  pcm: Int16Array;
  durationMs: number;
  /** What the child actually read. */
  plan: ReadingPlan;
  /** The evaluator's result for this recording against `text`. */
  result: EvaluationResult;
  /** The recording as the socket keeps it (WebM/Opus, encoded by the worker that scored it). */
  file: Uint8Array | null;
}

export interface RecorderStats {
  synthesised: number;
  /** Recordings read from the cache. */
  cachedAudio: number;
  evaluated: number;
  /** Evaluator results read from the cache (same recording, same evaluator). */
  cachedResults: number;
}

/** Bump when the generator's output changes for the same profile (tts/child-reading.ts). */
const GENERATOR_VERSION = 1;
const SAMPLE_RATE = 16_000;
/** 100 ms of audio per pushed chunk (the web recorder sends 10 ms frames in batches of 10). */
const CHUNK = SAMPLE_RATE / 10;
/** How long the seed waits for busy speech workers before asking again, and how many times (10 min). */
const BUSY_WAIT_MS = 1_000;
const BUSY_WAITS = 600;

const sha = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex');

export { evaluatorFingerprint } from '../modules/evaluation/index.js';

export function createStudentRecorder(deps: {
  speech: ReadingSpeech;
  /** TTS_CACHE_DIR; null: no cache. */
  cacheDir: string | null;
  /** From evaluatorFingerprint(); results are cached only with it. */
  evaluator?: string;
  /**
   * Evaluations streamed at once (default 2, the server's worker count): more would only share
   * the workers and could run past the pool's time limit on a busy machine.
   */
  parallel?: number;
}) {
  const slots = { free: deps.parallel ?? 2, waiting: [] as (() => void)[] };
  const acquire = async () => {
    if (slots.free > 0) slots.free--;
    else await new Promise<void>((resolve) => slots.waiting.push(resolve));
  };
  const release = () => {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.free++;
  };
  const stats: RecorderStats = { synthesised: 0, cachedAudio: 0, evaluated: 0, cachedResults: 0 };
  const inFlight = new Map<string, Promise<StudentRecording>>();
  const dir = deps.cacheDir ? path.join(deps.cacheDir, 'children') : null;
  let temp = 0;

  const write = async (file: string, bytes: Uint8Array | string) => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${++temp}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
  };

  async function audioOf(text: string, reader: ReaderProfile) {
    const key = sha([TTS_ENGINE, GENERATOR_VERSION, text, reader]);
    const file = dir ? path.join(dir, key.slice(0, 2), `${key}.wav`) : null;
    const planFile = file && `${file.slice(0, -4)}.plan.json`;
    if (file && planFile) {
      const [wav, plan] = await Promise.all([
        fs.readFile(file).catch(() => null),
        fs.readFile(planFile, 'utf8').catch(() => null),
      ]);
      if (wav && plan) {
        const d = parseWav(new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength));
        const pcm = new Int16Array(d.samples.length);
        for (let i = 0; i < pcm.length; i++) pcm[i] = Math.min(32767, Math.round(d.samples[i]! * 32768));
        stats.cachedAudio++;
        return { key, pcm, plan: JSON.parse(plan) as ReadingPlan };
      }
    }
    const reply = await deps.speech.synthesizeReading(text, reader);
    stats.synthesised++;
    const plan: ReadingPlan = {
      spoken: reply.spoken,
      target: reply.target,
      slip: reply.slip,
      ...(reply.replacement ? { replacement: reply.replacement } : {}),
    };
    if (file && planFile) {
      await write(file, writeWav(reply.pcm, SAMPLE_RATE));
      await write(planFile, JSON.stringify(plan));
    }
    return { key, pcm: reply.pcm, plan };
  }

  /**
   * Scores the recording on a worker, streamed like the socket streams a browser's raw audio
   * (`record`: the worker also encodes the WebM/Opus file the socket keeps).
   */
  async function evaluate(pcm: Int16Array, text: string, category: EvaluationCategory) {
    await acquire();
    try {
      // One retry: a worker replaced after a time-out on a very busy machine scores it again.
      for (let attempt = 0; ; attempt++) {
        // The seed pushes a whole recording at once; past the workers' capacity (load shedding,
        // docs/speech-service.md) it waits for them rather than fail: children come first.
        let stream: SpeechStream;
        for (let waited = 0; ; waited++) {
          try {
            // Scored as adults' readings: the demo children's voices are adult eSpeak voices
            // (READER_VOICES, several of them male), which the children's VTLN warp is not for
            // (an en-us+m1 reading scored 80 unwarped, 39 warped; docs/speech-service.md).
            stream = deps.speech.startStream(text, category, { record: true, reader: 'adult' });
            break;
          } catch (err) {
            if (!(err instanceof SpeechBusyError) || waited >= BUSY_WAITS) throw err;
            await new Promise((r) => setTimeout(r, BUSY_WAIT_MS));
          }
        }
        try {
          for (let i = 0; i < pcm.length; i += CHUNK) stream.push(pcm.subarray(i, i + CHUNK));
          return await stream.finish();
        } catch (err) {
          stream.abort();
          if (attempt >= 1) throw err;
        }
      }
    } finally {
      release();
    }
  }

  async function record(text: string, category: EvaluationCategory, reader: ReaderProfile): Promise<StudentRecording> {
    const audio = await audioOf(text, reader);
    const base =
      dir && deps.evaluator
        ? path.join(dir, audio.key.slice(0, 2), `${audio.key}.${category}.${deps.evaluator}`)
        : null;
    const [cached, cachedFile] = base
      ? await Promise.all([
          fs.readFile(`${base}.json`, 'utf8').catch(() => null),
          fs.readFile(`${base}.webm`).catch(() => null),
        ])
      : [null, null];
    let result: EvaluationResult;
    let file: Uint8Array | null;
    if (cached && cachedFile) {
      result = JSON.parse(cached) as EvaluationResult;
      file = new Uint8Array(cachedFile.buffer, cachedFile.byteOffset, cachedFile.byteLength);
      stats.cachedResults++;
    } else {
      const { recording, ...scored } = await evaluate(audio.pcm, text, category);
      result = scored;
      file = recording ?? null;
      stats.evaluated++;
      if (base && file) {
        await write(`${base}.webm`, file);
        await write(`${base}.json`, JSON.stringify(result));
      }
    }
    return {
      text,
      category,
      pcm: audio.pcm,
      durationMs: Math.round((audio.pcm.length / SAMPLE_RATE) * 1000),
      plan: audio.plan,
      result,
      file,
    };
  }

  return {
    /**
     * One child's reading of a text and its result. The same text, category and profile asked for
     * again while it is being made share the work; later, the disk caches answer.
     */
    record(text: string, category: EvaluationCategory, reader: ReaderProfile): Promise<StudentRecording> {
      const id = JSON.stringify([text, category, reader]);
      let p = inFlight.get(id);
      if (!p) {
        p = record(text, category, reader);
        inFlight.set(id, p);
        // Shared while it is made; afterwards the caches answer (recordings are not kept in memory).
        void p.then(
          () => inFlight.delete(id),
          () => inFlight.delete(id),
        );
      }
      return p;
    },
    stats: () => ({ ...stats }),
  };
}

export type StudentRecorder = ReturnType<typeof createStudentRecorder>;
