// Runs the evaluator over the synthetic test set and records, for every case, the raw analysis
// numbers (word GOPs, skipped flags) and the final scores. Used by bench.ts for the figures and
// by calibrate.ts to fit the GOP → score mapping.
import type { Evaluator } from '../src/evaluator/evaluator';
import { caseSeed, omittedIndex, replaceOneWord, rng, SENTENCES, speak, SPEEDS, TEST_TONES, words } from './dataset';

export interface CaseRecord {
  kind: 'correct' | 'wrong_text' | 'replaced' | 'omitted';
  tone?: number | string;
  speed?: number;
  total: number;
  accuracy: number;
  integrity: number;
  /** Target word index (replaced/omitted), -1 otherwise. */
  target: number;
  wordTypes: string[];
  wordScores: number[];
  /** Phone GOPs per expected word (null when omitted). */
  phoneGops: Array<number[] | null>;
  /** Phone names and durations (frames) per expected word (null when omitted). */
  phoneNames?: Array<string[] | null>;
  phoneFrames?: Array<number[] | null>;
  audioMs: number;
  evalMs: number;
  /** Process CPU time of the evaluation (less sensitive than wall time to other jobs). */
  cpuMs?: number;
}

export interface CollectOptions {
  sentences?: number;
  /** First sentence index (calibration uses the other end of the list than the benchmark). */
  firstSentence?: number;
  tones?: Array<number | string>;
  speeds?: number[];
  snrDb?: number;
  onProgress?: (done: number, total: number) => void;
}

export async function collect(ev: Evaluator, opts: CollectOptions = {}): Promise<CaseRecord[]> {
  const first = opts.firstSentence ?? 0;
  const sentences = SENTENCES.slice(first, first + (opts.sentences ?? SENTENCES.length));
  const tones = opts.tones ?? TEST_TONES;
  const speeds = opts.speeds ?? SPEEDS;
  const snr = opts.snrDb ?? 20;
  const out: CaseRecord[] = [];
  const total = sentences.length * tones.length * speeds.length;
  let done = 0;
  for (const [si, text] of sentences.entries()) {
    for (const tone of tones) {
      for (const speed of speeds) {
        const seed = caseSeed(si, tone, tones, speed);
        const r = rng(seed);
        const u = await speak(text, tone, speed, snr, seed);
        const ws = words(text);
        const tag = <T extends object>(x: T) => Object.assign(x, { tone, speed });
        out.push(tag(await run(ev, 'correct', u.samples, text, -1)));
        const other = sentences[(si + 1 + Math.floor(r() * (sentences.length - 1))) % sentences.length]!;
        out.push(tag(await run(ev, 'wrong_text', u.samples, other, -1)));
        // Replaced: the text asks for another word than the one read.
        const replaced = replaceOneWord(ws, r);
        out.push(tag(await run(ev, 'replaced', u.samples, replaced.words.join(' '), replaced.index)));
        // Omitted: the reader leaves one word out.
        const oi = omittedIndex(ws, r);
        const spokenText = ws.filter((_, i) => i !== oi).join(' ');
        const uo = await speak(spokenText, tone, speed, snr, seed + 1);
        out.push(tag(await run(ev, 'omitted', uo.samples, ws.join(' '), oi)));
        opts.onProgress?.(++done, total);
      }
    }
  }
  return out;
}

async function run(
  ev: Evaluator,
  kind: CaseRecord['kind'],
  samples: Float32Array,
  text: string,
  target: number,
): Promise<CaseRecord> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const res = await ev.evaluate({ pcm: samples, text });
  const evalMs = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  const expected = res.words.filter((w) => w.type !== 'inserted');
  return {
    kind,
    total: res.total_score,
    accuracy: res.accuracy_score,
    integrity: res.integrity_score,
    target,
    wordTypes: expected.map((w) => w.type),
    wordScores: expected.map((w) => w.score),
    phoneGops: expected.map((w) => (w.type === 'omitted' ? null : (w.phones ?? []).map((p) => p.gop))),
    phoneNames: expected.map((w) => (w.type === 'omitted' ? null : (w.phones ?? []).map((p) => p.phone))),
    phoneFrames: expected.map((w) =>
      w.type === 'omitted' ? null : (w.phones ?? []).map((p) => Math.round((p.end_ms - p.start_ms) / 10)),
    ),
    audioMs: (samples.length / 16000) * 1000,
    evalMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}
