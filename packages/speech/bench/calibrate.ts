// Calibration of the GOP → accuracy mapping on the synthetic recordings.
// usage: tsx bench/calibrate.ts [records.json]  (collects first when the file does not exist)
// Picks the logistic midpoint/scale that flags the most replaced words while flagging at most
// 5 % of correctly read words, and prints the candidates so the choice can be reviewed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadEvaluator } from '../src/evaluator/evaluator';
import { collect, type CaseRecord } from './collect';

const file = process.argv[2] ?? '/tmp/ondoku-calibration.json';
let records: CaseRecord[];
if (existsSync(file)) records = JSON.parse(readFileSync(file, 'utf8')) as CaseRecord[];
else {
  const ev = await loadEvaluator();
  records = await collect(ev, {
    sentences: Number(process.env.CAL_SENTENCES ?? 10),
    tones: process.env.CAL_TONES ? process.env.CAL_TONES.split(',').map(Number) : undefined,
    speeds: [0.8, 1.3],
    onProgress: (d, t) => process.stderr.write(`\r${d}/${t}`),
  });
  writeFileSync(file, JSON.stringify(records));
}

const acc = (g: number[], mid: number, scale: number) =>
  g.length ? g.reduce((s, x) => s + 100 / (1 + Math.exp(-(x - mid) / scale)), 0) / g.length : 0;

const correctWords: number[][] = [];
const replacedWords: number[][] = [];
for (const r of records) {
  if (r.kind === 'correct') for (const g of r.phoneGops) if (g) correctWords.push(g);
  if (r.kind === 'replaced') {
    const g = r.phoneGops[r.target];
    replacedWords.push(g ?? []); // omitted counts as flagged (accuracy 0)
  }
}
const results: Array<{ mid: number; scale: number; flagged: number; falseFlag: number }> = [];
for (let mid = -14; mid <= 2; mid += 0.5) {
  for (const scale of [1, 1.5, 2, 2.5, 3, 4]) {
    const ff = correctWords.filter((g) => acc(g, mid, scale) < 60).length / correctWords.length;
    const fl = replacedWords.filter((g) => acc(g, mid, scale) < 60).length / replacedWords.length;
    results.push({ mid, scale, flagged: fl, falseFlag: ff });
  }
}
const ok = results.filter((r) => r.falseFlag <= 0.05).sort((a, b) => b.flagged - a.flagged || b.scale - a.scale);
console.log(`\n${correctWords.length} correct words, ${replacedWords.length} replaced words`);
console.table(ok.slice(0, 8));
const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))];
const mean = (g: number[]) => g.reduce((s, x) => s + x, 0) / Math.max(1, g.length);
const cw = correctWords.map(mean);
const rw = replacedWords.filter((g) => g.length).map(mean);
console.log('word mean GOP, correct: p5', pct(cw, 0.05)?.toFixed(2), 'p50', pct(cw, 0.5)?.toFixed(2));
console.log('word mean GOP, replaced: p50', pct(rw, 0.5)?.toFixed(2), 'p95', pct(rw, 0.95)?.toFixed(2));
