// Text-to-speech for reference audio and free recitation: 16 kHz mono 16-bit WAV plus the time
// span of every word, from the engine's word and clause events.
import { resampleToMono, TARGET_SAMPLE_RATE } from '../audio/resample';
import { writeWav } from '../audio/wav';
import { getEspeak, type EspeakEvent } from './espeak';
import { findToneType } from './voices';

export interface SynthesizeOptions {
  text: string;
  toneType?: number;
  /** 1 = normal (175 words/min); clamped to 0.5–2. */
  speed?: number;
  /** eSpeak NG voice name, overriding toneType (benchmark/calibration voices; not in the product API). */
  voice?: string;
  /**
   * Which of the engine's renditions (0, the default, is the first): eSpeak NG varies breath and
   * noise from one synthesis to the next by a random generator. Every synthesis starts from the
   * engine's initial state, so the same options always give the same samples; take k is the
   * rendition after k throw-away syntheses. The library's installer tries further takes of a
   * line our evaluator does not hear as its text (apps/server, library/audio.ts).
   */
  take?: number;
}

export interface TimedWord {
  word: string;
  start_ms: number;
  end_ms: number;
}

export interface SynthesisResult {
  wav: Uint8Array;
  /** 16 kHz mono samples in [-1, 1], for callers that evaluate directly. */
  samples: Float32Array;
  sampleRate: number;
  words: TimedWord[];
  duration_ms: number;
}

export const BASE_RATE_WPM = 175;
export const MAX_TTS_TEXT_LENGTH = 5000;
export const MAX_TAKE = 16;

export async function synthesize(opts: SynthesizeOptions): Promise<SynthesisResult> {
  const text = opts.text.replace(/\s+/g, ' ').trim();
  if (!text) throw new Error('Text is empty');
  if (text.length > MAX_TTS_TEXT_LENGTH) throw new Error('Text is too long');
  const voice = opts.voice ?? findToneType(opts.toneType).voice;
  const speed = Math.min(2, Math.max(0.5, opts.speed ?? 1));
  const take = Math.max(0, Math.min(MAX_TAKE, Math.floor(opts.take ?? 0)));
  const { worker, reset } = await getEspeak();
  reset();
  if (worker.set_voice(voice) !== 0) throw new Error(`Voice not available: ${voice}`);
  worker.set_rate(Math.round(BASE_RATE_WPM * speed));
  for (let i = 0; i < take; i++) worker.synthesize('a', () => 0);
  const chunks: Int16Array[] = [];
  const events: EspeakEvent[] = [];
  worker.synthesize(text, (audio, ev) => {
    chunks.push(audio);
    events.push(...ev);
    return 0;
  });
  const fromRate = worker.get_samplerate();
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const raw = new Float32Array(total);
  let o = 0;
  for (const c of chunks) for (let i = 0; i < c.length; i++) raw[o++] = c[i]! / 32768;
  const samples = resampleToMono(raw, { fromRate, toRate: TARGET_SAMPLE_RATE });
  const duration_ms = Math.round((samples.length / TARGET_SAMPLE_RATE) * 1000);
  return {
    wav: writeWav(samples, TARGET_SAMPLE_RATE),
    samples,
    sampleRate: TARGET_SAMPLE_RATE,
    words: wordTimes(text, events, duration_ms),
    duration_ms,
  };
}

function wordTimes(text: string, events: EspeakEvent[], duration: number): TimedWord[] {
  const chars = [...text]; // event text positions count characters, 1-based
  const words: TimedWord[] = [];
  const boundaries = events.filter((e) => e.type === 'end' || e.type === 'msg_terminated').map((e) => e.audio_position);
  const wordEvents = events.filter((e) => e.type === 'word');
  wordEvents.forEach((e, i) => {
    const word = chars.slice(e.text_position - 1, e.text_position - 1 + e.word_length).join('');
    const next = wordEvents[i + 1]?.audio_position ?? duration;
    const clauseEnd = boundaries.find((b) => b > e.audio_position) ?? duration;
    words.push({ word, start_ms: e.audio_position, end_ms: Math.min(next, clauseEnd, duration) });
  });
  return words;
}
