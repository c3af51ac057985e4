// tsx bench/calibrate-short-text.ts short.jsonl [so-dump.jsonl] — fits the short-text model of
// expert-mapping.ts (readings of texts with fewer than SHORT_TEXT_MIN_WORDS words) on the
// single-word readings of bench/short-text-dev.ts (calibration voices only): a ridge logistic
// regression of "read as written" on the word's own evidence (SHORT_TEXT_FEATURES), right text
// against another word's text. Prints the leave-one-voice-out AUC and writes
// src/evaluator/short-text-coefficients.ts. With a speechocean762 dump (optional, a check only,
// never used to fit) it also prints how the model scores the real words of that dump.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shortTextFeatures, SHORT_TEXT_FEATURE_NAMES, SHORT_TEXT_THRESHOLD } from '../src/evaluator/expert-mapping';
import { auc } from './metrics';
import type { DumpRecord } from './speechocean-evaluate';
import type { ShortTextEvidence } from '../src/evaluator/expert-features';

interface Row {
  voice: string;
  audio: string;
  text: string;
  right: boolean;
  words: number[][];
  short: ShortTextEvidence;
}

const rows = readFileSync(process.argv[2] ?? '/tmp/short-text.jsonl', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Row);
const LAMBDA = Number(process.env.SHORT_LAMBDA ?? 1);

interface Fit {
  bias: number;
  coef: number[];
  mean: number[];
  scale: number[];
}

/** Ridge logistic regression (Newton's method) on standardised features. */
function fit(xs: number[][], ys: number[]): Fit {
  const d = xs[0]!.length;
  const mean = Array.from({ length: d }, (_, j) => xs.reduce((s, x) => s + x[j]!, 0) / xs.length);
  const scale = Array.from({ length: d }, (_, j) => {
    const v = xs.reduce((s, x) => s + (x[j]! - mean[j]!) ** 2, 0) / xs.length;
    return Math.sqrt(v) || 1;
  });
  const z = xs.map((x) => [1, ...x.map((v, j) => (v - mean[j]!) / scale[j]!)]);
  let w = new Array<number>(d + 1).fill(0);
  for (let it = 0; it < 50; it++) {
    const g = new Array<number>(d + 1).fill(0);
    const H = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    z.forEach((x, i) => {
      const p = 1 / (1 + Math.exp(-x.reduce((s, v, j) => s + v * w[j]!, 0)));
      const r = p - ys[i]!;
      const q = p * (1 - p);
      for (let a = 0; a <= d; a++) {
        g[a]! += r * x[a]!;
        for (let b = 0; b <= d; b++) H[a]![b]! += q * x[a]! * x[b]!;
      }
    });
    for (let a = 1; a <= d; a++) {
      g[a]! += LAMBDA * w[a]!;
      H[a]![a]! += LAMBDA;
    }
    const step = solve(H, g);
    w = w.map((v, j) => v - step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  // Back to the raw features.
  const coef = w.slice(1).map((v, j) => v / scale[j]!);
  const bias = w[0]! - coef.reduce((s, c, j) => s + c * mean[j]!, 0);
  return { bias, coef, mean, scale };
}

function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((r, i) => [...r, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
    [M[c], M[p]] = [M[p]!, M[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r]![c]! / M[c]![c]!;
      for (let k = c; k <= n; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  return M.map((r, i) => r[n]! / r[i]!);
}

const prob = (m: Fit, x: number[]) => 1 / (1 + Math.exp(-(m.bias + m.coef.reduce((s, c, j) => s + c * x[j]!, 0))));
// One word per reading here (the words are read alone).
const xOf = (r: Row) => shortTextFeatures(r.words[0]!, 0, r.short);
const voices = [...new Set(rows.map((r) => r.voice))];
console.log(
  `${rows.length} readings (${rows.filter((r) => r.right).length} right), ${voices.length} voices, λ = ${LAMBDA}`,
);
const pos: number[] = [];
const neg: number[] = [];
for (const v of voices) {
  const train = rows.filter((r) => r.voice !== v);
  const m = fit(
    train.map(xOf),
    train.map((r) => (r.right ? 1 : 0)),
  );
  for (const r of rows.filter((q) => q.voice === v)) (r.right ? pos : neg).push(prob(m, xOf(r)));
}
const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;
console.log(
  `leave one voice out: AUC ${auc(pos, neg).toFixed(4)}; right: min ${(100 * Math.min(...pos)).toFixed(0)}, ` +
    `5 % ${(100 * pct(pos, 0.05)).toFixed(0)}, median ${(100 * pct(pos, 0.5)).toFixed(0)}; wrong: median ` +
    `${(100 * pct(neg, 0.5)).toFixed(0)}, 95 % ${(100 * pct(neg, 0.95)).toFixed(0)}, max ${(100 * Math.max(...neg)).toFixed(0)}`,
);
const share = (xs: number[], f: (x: number) => boolean) => `${((100 * xs.filter(f).length) / xs.length).toFixed(1)} %`;
console.log(
  `  scores min(100, 100 p / ${SHORT_TEXT_THRESHOLD}): right ≥ 80 ${share(pos, (p) => p >= 0.8 * SHORT_TEXT_THRESHOLD)}, ` +
    `wrong < 40 ${share(neg, (p) => p < 0.4 * SHORT_TEXT_THRESHOLD)}, wrong ≥ 80 ${share(neg, (p) => p >= 0.8 * SHORT_TEXT_THRESHOLD)}`,
);
const m = fit(
  rows.map(xOf),
  rows.map((r) => (r.right ? 1 : 0)),
);
console.log('coefficients:', SHORT_TEXT_FEATURE_NAMES.map((n, j) => `${n} ${m.coef[j]!.toFixed(3)}`).join(', '));

const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/evaluator/short-text-coefficients.ts');
writeFileSync(
  file,
  `// Generated by bench/calibrate-short-text.ts — do not edit by hand. Fitted on ${rows.length} single-word
// readings of the calibration voices (${voices.join(', ')}), right text against another
// word's text; leave-one-voice-out AUC ${auc(pos, neg).toFixed(4)}. Ridge λ = ${LAMBDA}.
// Inputs: ${SHORT_TEXT_FEATURE_NAMES.join(', ')}.
export const SHORT_TEXT_MODEL: { bias: number; coef: number[] } | undefined = {
  bias: ${r6(m.bias)},
  coef: [${m.coef.map(r6).join(', ')}],
};
`,
);
console.log(`wrote ${file}`);

// Real speech check (never fitted on): every word of a speechocean762 dump scored as if read
// alone. Words of right texts by their experts' word score, words of wrong texts.
if (process.argv[3]) {
  const dump = readFileSync(process.argv[3], 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as DumpRecord);
  const rightW: Array<{ p: number; expert: number }> = [];
  const wrongW: number[] = [];
  for (const r of dump) {
    if (!r.short) continue;
    const short = r.short;
    if (r.kind === 'right')
      r.words.forEach((w, i) => {
        if (r.ours.words[i]?.[1] !== 'omitted')
          rightW.push({ p: prob(m, shortTextFeatures(w, i, short)), expert: r.expert.words[i]! });
      });
    else if (r.kind === 'wrong') r.words.forEach((w, i) => wrongW.push(prob(m, shortTextFeatures(w, i, short))));
  }
  const good = rightW.filter((w) => w.expert >= 8).map((w) => w.p);
  const bad = rightW.filter((w) => w.expert <= 5).map((w) => w.p);
  console.log(
    `speechocean762 words (check only): right-text words the experts scored ≥ 8 (${good.length}) vs words of wrong texts (${wrongW.length}): AUC ${auc(good, wrongW).toFixed(3)}; ` +
      `≥ 8 words under 80: ${((100 * good.filter((p) => p < 0.8).length) / Math.max(1, good.length)).toFixed(1)} %; ` +
      `words the experts scored ≤ 5 (${bad.length}): median ${(100 * pct(bad, 0.5)).toFixed(0)}; ≥ 8 vs ≤ 5 AUC ${auc(good, bad).toFixed(3)}`,
  );
}
