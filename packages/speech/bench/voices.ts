// Fairness to every voice: eight eSpeak NG voices (higher and lower, US and British) read the
// benchmark's ten sentences, clean and with white noise at 30 dB SNR (half a second of silence or
// noise each side); each reading is scored on the children's path (reader 'child') and the
// teacher's (reader 'adult'). `tsx bench/voices.ts` prints the tables alone
// (BENCH_FIXED_WARP=1: the children's path as it was, the fixed warp 0.8 alone); bench.ts prints
// them too. The figures before are those of the fixed warp (README, "Fair to every voice").
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

/** Clean: the voice alone; 30 dB: with white noise (bench/dataset.ts addNoise). */
export const FAIRNESS_CONDITIONS = [
  { name: 'clean', snrDb: Infinity },
  { name: 'noise 30 dB', snrDb: 30 },
];

export interface VoiceFigures {
  voice: string;
  /** Mean total on the children's path / the teacher's. */
  child: number;
  adult: number;
  /** Lowest single total on the children's path. */
  childMin: number;
  /** CPU ms per audio second on the children's path (process time: other jobs add nothing). */
  childCpuPerSecond?: number;
}

type Before = Record<string, Record<string, Omit<VoiceFigures, 'voice' | 'childCpuPerSecond'>>>;

/** With the fixed children's warp 0.8 (main at 70f9fd8), 28 November 2026. */
export const FAIRNESS_BEFORE: Before = {
  clean: {
    'en-us+f1': { child: 83.9, adult: 82.9, childMin: 80 },
    'en-us+f3': { child: 86.4, adult: 82.1, childMin: 82 },
    'en-us+f5': { child: 85.8, adult: 87.0, childMin: 84 },
    'en-us+m1': { child: 49.1, adult: 83.3, childMin: 19 },
    'en-us+m3': { child: 17.6, adult: 80.8, childMin: 0 },
    'en-us+m7': { child: 24.5, adult: 77.7, childMin: 0 },
    'en+f2': { child: 78.7, adult: 80.7, childMin: 71 },
    'en+m2': { child: 62.8, adult: 73.6, childMin: 53 },
  },
  'noise 30 dB': {
    'en-us+f1': { child: 87.6, adult: 86.9, childMin: 85 },
    'en-us+f3': { child: 87.7, adult: 84.4, childMin: 86 },
    'en-us+f5': { child: 87.4, adult: 87.6, childMin: 85 },
    'en-us+m1': { child: 68.6, adult: 87.9, childMin: 64 },
    'en-us+m3': { child: 64.4, adult: 87.5, childMin: 59 },
    'en-us+m7': { child: 65.1, adult: 86.5, childMin: 57 },
    'en+f2': { child: 83.6, adult: 85.5, childMin: 79 },
    'en+m2': { child: 75.2, adult: 83.4, childMin: 60 },
  },
};

export async function voiceFigures(
  ev: Evaluator,
  opts: {
    snrDb: number;
    sentences?: number;
    voices?: string[];
    onProgress?: (done: number, total: number) => void;
  },
): Promise<VoiceFigures[]> {
  const sentences = SENTENCES.slice(0, opts.sentences ?? 10);
  const voices = opts.voices ?? FAIRNESS_VOICES;
  const out: VoiceFigures[] = [];
  let done = 0;
  for (const voice of voices) {
    const child: number[] = [];
    const adult: number[] = [];
    let cpu = 0;
    let audioMs = 0;
    for (const [i, text] of sentences.entries()) {
      const u = await speak(text, voice, 1, opts.snrDb, 1000 + i);
      audioMs += u.samples.length / 16;
      const c0 = process.cpuUsage();
      child.push((await ev.evaluate({ pcm: u.samples, text, reader: 'child' })).total_score);
      const c = process.cpuUsage(c0);
      cpu += (c.user + c.system) / 1000;
      adult.push((await ev.evaluate({ pcm: u.samples, text, reader: 'adult' })).total_score);
      opts.onProgress?.(++done, voices.length * sentences.length);
    }
    const mean = (xs: number[]) => Math.round((10 * xs.reduce((a, b) => a + b, 0)) / xs.length) / 10;
    out.push({
      voice,
      child: mean(child),
      adult: mean(adult),
      childMin: Math.min(...child),
      childCpuPerSecond: Math.round((10 * cpu) / (audioMs / 1000)) / 10,
    });
  }
  return out;
}

export function printVoiceTable(
  condition: string,
  rows: VoiceFigures[],
  before = FAIRNESS_BEFORE[condition] ?? {},
): void {
  console.log(
    `-- ${condition}: mean total of ten sentences (children's path / teacher's; acceptance: children's ≥ 85 and within 5 of the teacher's)`,
  );
  console.log(
    `${'voice'.padEnd(10)} ${'children'.padStart(9)} ${'teacher'.padStart(8)} ${'gap'.padStart(5)} ${'min'.padStart(4)}   ${'before: children / teacher (gap, min)'}`,
  );
  for (const r of rows) {
    const b = before[r.voice];
    const gap = (x: { child: number; adult: number }) => (x.adult - x.child).toFixed(1);
    console.log(
      `${r.voice.padEnd(10)} ${r.child.toFixed(1).padStart(9)} ${r.adult.toFixed(1).padStart(8)} ${gap(r).padStart(5)} ${String(r.childMin).padStart(4)}   ${b ? `${b.child.toFixed(1)} / ${b.adult.toFixed(1)} (${gap(b)}, ${b.childMin})` : '—'}`,
    );
  }
  const cpu = rows.map((r) => r.childCpuPerSecond ?? 0);
  console.log(
    `children's path CPU per audio second: ${(cpu.reduce((a, b) => a + b, 0) / cpu.length).toFixed(1)} ms (mean of voices)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { createEvaluator, loadEvaluator } = await import('../src/evaluator/evaluator');
  const { CHILD_WARP } = await import('../src/evaluator/vtln');
  const loaded = await loadEvaluator();
  const ev = process.env.BENCH_FIXED_WARP ? createEvaluator(loaded.model, { childWarps: [CHILD_WARP] }) : loaded;
  for (const c of FAIRNESS_CONDITIONS) {
    const rows = await voiceFigures(ev, {
      snrDb: c.snrDb,
      sentences: Number(process.env.BENCH_SENTENCES ?? 10),
      onProgress: (d, t) => process.stderr.write(`\r  ${d}/${t}`),
    });
    process.stderr.write('\n');
    printVoiceTable(c.name, rows);
    console.log(JSON.stringify(rows));
  }
}
