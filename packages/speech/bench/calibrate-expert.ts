// Fits the expert-scale mappings (src/evaluator/expert-mapping.ts) on a speechocean762 TRAIN
// split dump (bench/speechocean-dump.ts train …): ridge regressions on the evidence features and
// their squares (standardised), one per sentence score (total, accuracy, fluency, completeness:
// the experts' medians) and one for word accuracy (each word's median). The L2 penalty of each is
// chosen by 5-fold cross-validation with whole speakers held out (Pearson), on train only.
// Readings evaluated against a wrong text (the dump's wrong-text checks) join the total,
// accuracy and completeness fits with expert score 0, weight WRONG_WEIGHT (default 1): an
// expert would give a reading of another text nothing, and the mapping must not extrapolate a
// wrong text into a good score.
//   tsx bench/calibrate-expert.ts /tmp/so-train.jsonl → src/evaluator/expert-coefficients.ts
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expand } from '../src/evaluator/expert-mapping';
import { SENTENCE_FEATURE_NAMES, WORD_FEATURE_NAMES } from '../src/evaluator/expert-features';
import type { ExpertLinearModel } from '../src/evaluator/expert-coefficients';
import type { DumpRecord } from './speechocean-evaluate';
import { pearson } from './speechocean-figures';

const WRONG_WEIGHT = Number(process.env.WRONG_WEIGHT ?? 1);
const LAMBDAS = [0.01, 0.1, 1, 10, 100, 1000];

const records = readFileSync(process.argv[2] ?? '/tmp/so-train.jsonl', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as DumpRecord);

interface Sample {
  x: number[];
  y: number;
  w: number;
  group: number;
  /** counted in the cross-validated Pearson (expert-scored readings only) */
  scored: boolean;
}

const speakerFold = (s: string) => Number(s) % 5;

function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((r, i) => [...r, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
    [M[c], M[p]] = [M[p]!, M[c]!];
    const d = M[c]![c]!;
    if (Math.abs(d) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r]![c]! / d;
      if (f === 0) continue;
      for (let k = c; k <= n; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  return M.map((r, i) => (Math.abs(r[i]!) < 1e-12 ? 0 : r[n]! / r[i]!));
}

function fitRidge(samples: Sample[], lambda: number): { bias: number; coef: number[] } {
  const d = samples[0]!.x.length;
  const W = samples.reduce((a, s) => a + s.w, 0);
  const mu = new Array<number>(d).fill(0);
  let my = 0;
  for (const s of samples) {
    for (let j = 0; j < d; j++) mu[j]! += (s.w * s.x[j]!) / W;
    my += (s.w * s.y) / W;
  }
  const sd = new Array<number>(d).fill(0);
  for (const s of samples) for (let j = 0; j < d; j++) sd[j]! += (s.w * (s.x[j]! - mu[j]!) ** 2) / W;
  for (let j = 0; j < d; j++) sd[j] = Math.sqrt(sd[j]!);
  const A = Array.from({ length: d }, () => new Array<number>(d).fill(0));
  const b = new Array<number>(d).fill(0);
  for (const s of samples) {
    const z = s.x.map((v, j) => (sd[j]! > 1e-9 ? (v - mu[j]!) / sd[j]! : 0));
    for (let i = 0; i < d; i++) {
      if (z[i] === 0) continue;
      b[i]! += s.w * z[i]! * (s.y - my);
      for (let j = 0; j < d; j++) A[i]![j]! += s.w * z[i]! * z[j]!;
    }
  }
  for (let i = 0; i < d; i++) A[i]![i]! += lambda * (W / samples.length) + (sd[i]! > 1e-9 ? 0 : 1);
  const wz = solve(A, b);
  const coef = wz.map((w, j) => (sd[j]! > 1e-9 ? w / sd[j]! : 0));
  const bias = my - coef.reduce((a, c, j) => a + c * mu[j]!, 0);
  return { bias, coef };
}

const apply = (m: { bias: number; coef: number[] }, x: number[], lo: number, hi: number) =>
  Math.max(lo, Math.min(hi, x.reduce((a, v, j) => a + v * m.coef[j]!, m.bias)));

function fitTarget(name: string, samples: Sample[], lo: number, hi: number): ExpertLinearModel {
  let best = { lambda: LAMBDAS[0]!, r: -Infinity };
  for (const lambda of LAMBDAS) {
    const pred: number[] = [];
    const obs: number[] = [];
    for (let f = 0; f < 5; f++) {
      const m = fitRidge(
        samples.filter((s) => s.group !== f),
        lambda,
      );
      for (const s of samples)
        if (s.group === f && s.scored) {
          pred.push(apply(m, s.x, lo, hi));
          obs.push(s.y);
        }
    }
    const r = pearson(pred, obs);
    console.log(`${name.padEnd(12)} λ=${String(lambda).padEnd(5)} cross-validated Pearson ${r.toFixed(3)}`);
    if (r > best.r) best = { lambda, r };
  }
  const m = fitRidge(samples, best.lambda);
  console.log(`${name}: λ=${best.lambda}, CV Pearson ${best.r.toFixed(3)} (${samples.length} samples)`);
  const r4 = (v: number) => Math.round(v * 1e6) / 1e6;
  return { bias: r4(m.bias), coef: m.coef.map(r4), min: lo, max: hi };
}

const right = records.filter((r) => r.kind === 'right');
const wrong = records.filter((r) => r.kind === 'wrong');
const sentenceSamples = (y: (r: DumpRecord) => number, withWrong: boolean): Sample[] => [
  ...right.map((r) => ({ x: expand(r.sentence), y: y(r), w: 1, group: speakerFold(r.speaker), scored: true })),
  ...(withWrong && WRONG_WEIGHT > 0
    ? wrong.map((r) => ({ x: expand(r.sentence), y: 0, w: WRONG_WEIGHT, group: speakerFold(r.speaker), scored: false }))
    : []),
];
const total = fitTarget(
  'total',
  sentenceSamples((r) => r.expert.total, true),
  0,
  10,
);
const accuracy = fitTarget(
  'accuracy',
  sentenceSamples((r) => r.expert.accuracy, true),
  0,
  10,
);
const fluency = fitTarget(
  'fluency',
  sentenceSamples((r) => r.expert.fluency, false),
  0,
  10,
);
const completeness = fitTarget(
  'completeness',
  sentenceSamples((r) => r.expert.completeness, true),
  0,
  1,
);
const wordSamples: Sample[] = right.flatMap((r) =>
  r.words.length === r.expert.words.length
    ? r.words.map((x, i) => ({
        x: expand(x),
        y: r.expert.words[i]!,
        w: 1,
        group: speakerFold(r.speaker),
        scored: true,
      }))
    : [],
);
const word = fitTarget('word', wordSamples, 0, 10);

const fmt = (m: ExpertLinearModel) =>
  `{ bias: ${m.bias}, min: ${m.min}, max: ${m.max}, coef: [${m.coef.join(', ')}] }`;
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/evaluator/expert-coefficients.ts');
writeFileSync(
  out,
  `// Generated by bench/calibrate-expert.ts — do not edit by hand. Fitted on the speechocean762
// train split (${right.length} readings, ${wrong.length} wrong-text readings at weight ${WRONG_WEIGHT}, ${wordSamples.length} words).
// Inputs: expand(features) = features then their squares; sentence features: ${SENTENCE_FEATURE_NAMES.join(', ')};
// word features: ${WORD_FEATURE_NAMES.join(', ')}.
export interface ExpertLinearModel {
  bias: number;
  coef: number[];
  min: number;
  max: number;
}
export const EXPERT_MODELS:
  | {
      total: ExpertLinearModel;
      accuracy: ExpertLinearModel;
      fluency: ExpertLinearModel;
      completeness: ExpertLinearModel;
      word: ExpertLinearModel;
    }
  | undefined = {
  total: ${fmt(total)},
  accuracy: ${fmt(accuracy)},
  fluency: ${fmt(fluency)},
  completeness: ${fmt(completeness)},
  word: ${fmt(word)},
};
`,
);
console.log(`wrote ${out}`);
