// Fits the expert-scale mappings (src/evaluator/expert-mapping.ts) on a speechocean762 TRAIN
// split dump (bench/speechocean-dump.ts train …): ridge regressions on the evidence features and
// their squares (standardised), one per sentence score (total, accuracy, fluency, completeness:
// the experts' medians) and one for word accuracy (each word's median). The L2 penalty of each is
// chosen by 5-fold cross-validation with whole speakers held out (Pearson), on train only.
// A wrong text: the readings the dump also evaluated against another reading's text give a
// logistic regression P(right text) (same features); the total is multiplied by
// min(1, P / threshold). Fitting the wrong texts into the total regressions with score 0 cost
// 0.04 of cross-validated Pearson; the gate's threshold is the largest of a small grid whose
// cross-validated Pearson of the total stays within GATE_PEARSON_COST (0.01) of no gate.
//   tsx bench/calibrate-expert.ts /tmp/so-train.jsonl → src/evaluator/expert-coefficients.ts
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expand, mappedWordScore } from '../src/evaluator/expert-mapping';
import { SENTENCE_FEATURE_NAMES, WORD_FEATURE_NAMES } from '../src/evaluator/expert-features';
import type { ExpertLinearModel } from '../src/evaluator/expert-coefficients';
import type { DumpRecord } from './speechocean-evaluate';
import { pearson } from './metrics';

const GATE_PEARSON_COST = Number(process.env.GATE_PEARSON_COST ?? 0.01);
const GATE_L2 = 10;
const GATE_THRESHOLDS = [0, 0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.2, 0.3];
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
  Math.max(
    lo,
    Math.min(
      hi,
      x.reduce((a, v, j) => a + v * m.coef[j]!, m.bias),
    ),
  );

function fitTarget(
  name: string,
  samples: Sample[],
  lo: number,
  hi: number,
): ExpertLinearModel & { oof: number[]; lambda: number } {
  let best = { lambda: LAMBDAS[0]!, r: -Infinity, oof: [] as number[] };
  for (const lambda of LAMBDAS) {
    const pred: number[] = [];
    const obs: number[] = [];
    const oof = new Array<number>(samples.length).fill(0);
    for (let f = 0; f < 5; f++) {
      const m = fitRidge(
        samples.filter((s) => s.group !== f),
        lambda,
      );
      samples.forEach((s, i) => {
        if (s.group !== f) return;
        oof[i] = apply(m, s.x, lo, hi);
        if (s.scored) {
          pred.push(oof[i]!);
          obs.push(s.y);
        }
      });
    }
    const r = pearson(pred, obs);
    console.log(`${name.padEnd(12)} λ=${String(lambda).padEnd(5)} cross-validated Pearson ${r.toFixed(3)}`);
    if (r > best.r) best = { lambda, r, oof };
  }
  const m = fitRidge(samples, best.lambda);
  console.log(`${name}: λ=${best.lambda}, CV Pearson ${best.r.toFixed(3)} (${samples.length} samples)`);
  const r4 = (v: number) => Math.round(v * 1e6) / 1e6;
  return { bias: r4(m.bias), coef: m.coef.map(r4), min: lo, max: hi, oof: best.oof, lambda: best.lambda };
}

const right = records.filter((r) => r.kind === 'right');
const wrong = records.filter((r) => r.kind === 'wrong');
const sentenceSamples = (y: (r: DumpRecord) => number): Sample[] =>
  right.map((r) => ({ x: expand(r.sentence), y: y(r), w: 1, group: speakerFold(r.speaker), scored: true }));
const total = fitTarget(
  'total',
  sentenceSamples((r) => r.expert.total),
  0,
  10,
);
const accuracy = fitTarget(
  'accuracy',
  sentenceSamples((r) => r.expert.accuracy),
  0,
  10,
);
const fluency = fitTarget(
  'fluency',
  sentenceSamples((r) => r.expert.fluency),
  0,
  10,
);
const completeness = fitTarget(
  'completeness',
  sentenceSamples((r) => r.expert.completeness),
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
{
  // The word scores users see: the GOP scores as they are, or the model's (cross-validated) on the
  // side of 60 the word's type says; omitted words show 0 either way.
  const shown: number[] = [];
  const mapped: number[] = [];
  const obs: number[] = [];
  let k = 0;
  for (const r of right) {
    if (r.words.length !== r.expert.words.length) continue;
    r.ours.words.forEach(([score, type], i) => {
      shown.push(score);
      mapped.push(mappedWordScore(word.oof[k++]!, type));
      obs.push(r.expert.words[i]!);
    });
  }
  console.log(
    `word scores shown, Pearson on train: GOP scores ${pearson(shown, obs).toFixed(3)}, model (CV) ${pearson(mapped, obs).toFixed(3)}`,
  );
}

// P(right text): logistic regression (Newton's method, L2 on standardised features).
function fitLogistic(xs: number[][], ys: number[]): { bias: number; coef: number[] } {
  const d = xs[0]!.length;
  const mu = new Array<number>(d).fill(0);
  const sd = new Array<number>(d).fill(0);
  for (const x of xs) for (let j = 0; j < d; j++) mu[j]! += x[j]! / xs.length;
  for (const x of xs) for (let j = 0; j < d; j++) sd[j]! += (x[j]! - mu[j]!) ** 2 / xs.length;
  for (let j = 0; j < d; j++) sd[j] = Math.sqrt(sd[j]!);
  const zs = xs.map((x) => [1, ...x.map((v, j) => (sd[j]! > 1e-9 ? (v - mu[j]!) / sd[j]! : 0))]);
  let w = new Array<number>(d + 1).fill(0);
  for (let it = 0; it < 30; it++) {
    const H = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    const g = new Array<number>(d + 1).fill(0);
    zs.forEach((z, n) => {
      const p = 1 / (1 + Math.exp(-z.reduce((a, v, j) => a + v * w[j]!, 0)));
      const q = p * (1 - p);
      for (let i = 0; i <= d; i++) {
        g[i]! += (p - ys[n]!) * z[i]!;
        for (let j = 0; j <= d; j++) H[i]![j]! += q * z[i]! * z[j]!;
      }
    });
    for (let i = 1; i <= d; i++) {
      H[i]![i]! += GATE_L2 + (sd[i - 1]! > 1e-9 ? 0 : 1);
      g[i]! += GATE_L2 * w[i]!;
    }
    const step = solve(H, g);
    w = w.map((v, j) => v - step[j]!);
  }
  const coef = w.slice(1).map((v, j) => (sd[j]! > 1e-9 ? v / sd[j]! : 0));
  return { bias: w[0]! - coef.reduce((a, c, j) => a + c * mu[j]!, 0), coef };
}
const gateOf = (p: number, t: number) => (t > 0 ? Math.min(1, p / t) : 1);
const logistic = (m: { bias: number; coef: number[] }, x: number[]) =>
  1 / (1 + Math.exp(-x.reduce((a, v, j) => a + v * m.coef[j]!, m.bias)));
const gateX = [...right, ...wrong].map((r) => expand(r.sentence));
const gateY = [...right.map(() => 1), ...wrong.map(() => 0)];
const gateGroup = [...right, ...wrong].map((r) => speakerFold(r.speaker));
const gateOof = new Array<number>(gateX.length).fill(1);
for (let f = 0; f < 5; f++) {
  const idx = gateGroup.map((g, i) => (g !== f ? i : -1)).filter((i) => i >= 0);
  const m = fitLogistic(
    idx.map((i) => gateX[i]!),
    idx.map((i) => gateY[i]!),
  );
  gateGroup.forEach((g, i) => {
    if (g === f) gateOof[i] = logistic(m, gateX[i]!);
  });
}
// Out-of-fold totals of the wrong-text readings: the total regression of the folds without them.
const wrongTotals = wrong.map((r) => {
  const m = fitRidge(
    sentenceSamples((x) => x.expert.total).filter((s) => s.group !== speakerFold(r.speaker)),
    total.lambda,
  );
  return apply(m, expand(r.sentence), 0, 10);
});
const expertTotals = right.map((r) => r.expert.total);
let threshold = 0;
const plainR = pearson(total.oof, expertTotals);
for (const t of GATE_THRESHOLDS) {
  const gr = total.oof.map((v, i) => v * gateOf(gateOof[i]!, t));
  const gw = wrongTotals.map((v, i) => v * gateOf(gateOof[right.length + i]!, t));
  let a = 0;
  for (const p of gr) for (const n of gw) a += p > n ? 1 : p === n ? 0.5 : 0;
  const r = pearson(gr, expertTotals);
  console.log(
    `gate threshold ${t}: CV Pearson total ${r.toFixed(3)}, right vs wrong text AUC ${(a / Math.max(1, gr.length * gw.length)).toFixed(3)}`,
  );
  if (r >= plainR - GATE_PEARSON_COST) threshold = t;
}
const gate = fitLogistic(gateX, gateY);
console.log(`gate: threshold ${threshold} (${right.length} right, ${wrong.length} wrong texts)`);

const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
const fmt = (m: ExpertLinearModel) => `{ bias: ${m.bias}, min: ${m.min}, max: ${m.max}, coef: [${m.coef.join(', ')}] }`;
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/evaluator/expert-coefficients.ts');
writeFileSync(
  out,
  `// Generated by bench/calibrate-expert.ts — do not edit by hand. Fitted on the speechocean762
// train split (${right.length} readings, ${wrong.length} of them also against a wrong text, ${wordSamples.length} words).
// Inputs: expand(features) = features then their squares; sentence features: ${SENTENCE_FEATURE_NAMES.join(', ')};
// word features: ${WORD_FEATURE_NAMES.join(', ')}.
export interface ExpertLinearModel {
  bias: number;
  coef: number[];
  min: number;
  max: number;
}
/** P(right text) = logistic(bias + coef · expand(sentence features)); total × min(1, P / threshold). */
export interface ExpertTextGate {
  bias: number;
  coef: number[];
  threshold: number;
}
export const EXPERT_MODELS:
  | {
      total: ExpertLinearModel;
      accuracy: ExpertLinearModel;
      fluency: ExpertLinearModel;
      completeness: ExpertLinearModel;
      word: ExpertLinearModel;
      text: ExpertTextGate;
    }
  | undefined = {
  total: ${fmt(total)},
  accuracy: ${fmt(accuracy)},
  fluency: ${fmt(fluency)},
  completeness: ${fmt(completeness)},
  word: ${fmt(word)},
  text: { bias: ${r6(gate.bias)}, threshold: ${threshold}, coef: [${gate.coef.map(r6).join(', ')}] },
};
`,
);
console.log(`wrote ${out}`);
