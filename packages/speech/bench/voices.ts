// Fairness to every voice: eight eSpeak NG voices (higher and lower, US and British) read the
// benchmark's ten sentences; each reading is scored on the children's path (reader 'child') and
// the teacher's (reader 'adult'). `tsx bench/voices.ts` prints the table alone; bench.ts prints it
// beside the figures before (README, "Fair to every voice").
import type { Evaluator } from '../src/evaluator/evaluator';
import { SENTENCES, speak } from './dataset';

export const FAIRNESS_VOICES = [
  'en-us+f1',
  'en-us+f3',
  'en-us+f5',
  'en-us+m1',
  'en-us+m3',
  'en-us+m7',
  'en+f2', // eSpeak NG's "en" is British English (en-gb)
  'en+m2',
];

export interface VoiceFigures {
  voice: string;
  /** Mean total on the children's path / the teacher's. */
  child: number;
  adult: number;
  /** Lowest single total on the children's path. */
  childMin: number;
  /** CPU ms per audio second over both paths. */
  cpuPerSecond: number;
}

/** Before the per-reading warp (fixed children's warp 0.8): the same table, README "Fair to every voice". */
export const FAIRNESS_BEFORE: Record<string, { child: number; adult: number }> = {};

export async function voiceFigures(
  ev: Evaluator,
  opts: { sentences?: number; voices?: string[]; onProgress?: (done: number, total: number) => void } = {},
): Promise<VoiceFigures[]> {
  const sentences = SENTENCES.slice(0, opts.sentences ?? 10);
  const voices = opts.voices ?? FAIRNESS_VOICES;
  const out: VoiceFigures[] = [];
  let done = 0;
  for (const voice of voices) {
    const child: number[] = [];
    const adult: number[] = [];
    let cpu = 0;
    let audio = 0;
    for (const [i, text] of sentences.entries()) {
      const u = await speak(text, voice, 1, 30, 1000 + i);
      audio += u.samples.length / 16;
      for (const reader of ['child', 'adult'] as const) {
        const c0 = process.cpuUsage();
        const r = await ev.evaluate({ pcm: u.samples, text, reader });
        const c = process.cpuUsage(c0);
        cpu += (c.user + c.system) / 1000;
        (reader === 'child' ? child : adult).push(r.total_score);
      }
      opts.onProgress?.(++done, voices.length * sentences.length);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    out.push({
      voice,
      child: mean(child),
      adult: mean(adult),
      childMin: Math.min(...child),
      cpuPerSecond: cpu / (audio / 1000) / 2,
    });
  }
  return out;
}

export function printVoiceTable(rows: VoiceFigures[], before = FAIRNESS_BEFORE): void {
  console.log(
    `${'voice'.padEnd(10)} ${'children'.padStart(9)} ${'teacher'.padStart(8)} ${'gap'.padStart(5)} ${'child min'.padStart(9)}   before: children / teacher`,
  );
  for (const r of rows) {
    const b = before[r.voice];
    console.log(
      `${r.voice.padEnd(10)} ${r.child.toFixed(1).padStart(9)} ${r.adult.toFixed(1).padStart(8)} ${(r.adult - r.child).toFixed(1).padStart(5)} ${String(r.childMin).padStart(9)}   ${b ? `${b.child.toFixed(1)} / ${b.adult.toFixed(1)}` : '—'}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { loadEvaluator } = await import('../src/evaluator/evaluator');
  const ev = await loadEvaluator();
  const rows = await voiceFigures(ev, {
    sentences: Number(process.env.BENCH_SENTENCES ?? 10),
    onProgress: (d, t) => process.stderr.write(`\r  ${d}/${t}`),
  });
  process.stderr.write('\n');
  printVoiceTable(rows);
  console.log(JSON.stringify(rows));
}
