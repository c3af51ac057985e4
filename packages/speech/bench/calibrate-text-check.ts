// Fits the second stage of the wrong-text gate (src/evaluator/text-check.ts) on a speechocean762
// TRAIN split dump that has the text-check features (bench/speechocean-dump.ts train …, made
// after text-check.ts existed): a logistic regression P(right text) over the sentence gate's
// logit and the text-check features (and their squares), right texts against the wrong texts of
// the dump's checks. The sentence gate was fitted on the same split, so its logit on these
// readings is over-confident; the second stage learns from out-of-fold logits instead (the gate
// refitted without each reader's fold, as calibrate-expert.ts fits it: L2 10 over the readings,
// on the expanded sentence features), and applies to the committed gate's logit. The L2 penalty is chosen by 5-fold cross-validation with whole speakers held
// out (log loss); the threshold by the rule of calibrate-expert.ts: the largest of the grid whose
// Pearson of the gated total with the experts (right texts) stays within 0.01 of no gate.
// Nothing here looks at the test split.
//   tsx bench/calibrate-text-check.ts /tmp/so-train-tc.jsonl [--write]
// Without --write it only prints the cross-validated figures against the sentence gate alone.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXPERT_MODELS } from '../src/evaluator/expert-coefficients';
import { expand, gateLogit, predict, textCheckInputs } from '../src/evaluator/expert-mapping';
import { fitLogistic } from './logistic';
import { auc, pearson } from './metrics';
import { CHILD_MAX_AGE } from './speechocean';
import type { DumpRecord } from './speechocean-evaluate';

const LAMBDAS = [0.0001, 0.0003, 0.001, 0.003, 0.01, 0.1, 1, 10];
const THRESHOLDS = [0, 0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.2, 0.3, 0.5];
const PEARSON_COST = 0.01;
/** calibrate-expert.ts's gate penalty (a sum over readings; logistic.ts takes a mean). */
const GATE_L2 = 10;

const models = EXPERT_MODELS;
if (!models) throw new Error('expert-coefficients.ts is empty: fit the expert mappings first');
const records = readFileSync(process.argv[2] ?? '/tmp/so-train-tc.jsonl', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as DumpRecord)
  .filter((r) => r.textCheck && (r.kind === 'right' || r.kind === 'wrong'));
const right = records.filter((r) => r.kind === 'right');
const wrong = records.filter((r) => r.kind === 'wrong');
if (right.length < 50 || wrong.length < 50)
  throw new Error(`too few readings: ${right.length} right, ${wrong.length} wrong`);

const all = [...right, ...wrong];
const y = all.map((r) => (r.kind === 'right' ? 1 : 0));
const fold = all.map((r) => Number(r.speaker) % 5);
const idxAll = all.map((_, i) => i);
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
// Out-of-fold sentence-gate logits.
const gateX = all.map((r) => expand(r.sentence));
const zOof = new Array<number>(all.length).fill(0);
for (let f = 0; f < 5; f++) {
  const train = idxAll.filter((i) => fold[i] !== f);
  const m = fitLogistic(
    gateX,
    train,
    (i) => y[i]!,
    () => 1,
    GATE_L2 / train.length,
  );
  for (const i of idxAll) if (fold[i] === f) zOof[i] = Math.log(m.p(gateX[i]!) / Math.max(1e-12, 1 - m.p(gateX[i]!)));
}
const X = all.map((r, i) => textCheckInputs(zOof[i]!, r.textCheck!));

function outOfFold(l2: number): number[] {
  const oof = new Array<number>(all.length).fill(0.5);
  for (let f = 0; f < 5; f++) {
    const train = idxAll.filter((i) => fold[i] !== f);
    const m = fitLogistic(
      X,
      train,
      (i) => y[i]!,
      () => 1,
      l2,
    );
    for (const i of idxAll) if (fold[i] === f) oof[i] = m.p(X[i]!);
  }
  return oof;
}
const logLoss = (p: number[]) =>
  -p.reduce((s, v, i) => s + Math.log(Math.max(1e-9, y[i] ? v : 1 - v)), 0) / Math.max(1, p.length);

const child = (r: DumpRecord) => r.age <= CHILD_MAX_AGE;
const short = (r: DumpRecord) => r.text.split(/\s+/).length <= 4;
function aucOf(p: number[], keep: (r: DumpRecord) => boolean) {
  const pos: number[] = [];
  const neg: number[] = [];
  all.forEach((r, i) => {
    if (!keep(r)) return;
    (y[i] ? pos : neg).push(p[i]!);
  });
  return auc(pos, neg);
}

const before = all.map((r) => sigmoid(gateLogit(r.sentence)));
const beforeOof = zOof.map(sigmoid);
console.log(`${right.length} right texts, ${wrong.length} wrong texts (${all.filter(child).length} by children)`);
console.log(
  `sentence gate alone (fitted on train, so in-sample): AUC P(right) all ${aucOf(before, () => true).toFixed(3)}, children ${aucOf(before, child).toFixed(3)}, children ≤ 4 words ${aucOf(before, (r) => child(r) && short(r)).toFixed(3)}`,
);
console.log(
  `sentence gate alone, out of fold: AUC P(right) all ${aucOf(beforeOof, () => true).toFixed(3)}, children ${aucOf(beforeOof, child).toFixed(3)}, children ≤ 4 words ${aucOf(beforeOof, (r) => child(r) && short(r)).toFixed(3)}`,
);
let best = { l2: LAMBDAS[0]!, loss: Infinity, oof: [] as number[] };
for (const l2 of LAMBDAS) {
  const oof = outOfFold(l2);
  const loss = logLoss(oof);
  console.log(
    `L2 ${l2}: CV log loss ${loss.toFixed(4)}, AUC all ${aucOf(oof, () => true).toFixed(3)}, children ${aucOf(oof, child).toFixed(3)}, children ≤ 4 words ${aucOf(oof, (r) => child(r) && short(r)).toFixed(3)}`,
  );
  if (loss < best.loss) best = { l2, loss, oof };
}

// The gated total as the figures compute it: the total mapping × min(1, P / threshold).
const totals = all.map((r) => predict(models.total, r.sentence));
const expertTotals = right.map((r) => r.expert.total);
const plain = pearson(totals.slice(0, right.length), expertTotals);
let threshold = 0;
for (const t of THRESHOLDS) {
  const gated = totals.map((v, i) => v * (t > 0 ? Math.min(1, best.oof[i]! / t) : 1));
  const r = pearson(gated.slice(0, right.length), expertTotals);
  console.log(
    `threshold ${t}: Pearson total (right texts) ${r.toFixed(3)} (no gate ${plain.toFixed(3)}), total AUC children ${aucOf(gated, child).toFixed(3)}, children ≤ 4 words ${aucOf(gated, (r2) => child(r2) && short(r2)).toFixed(3)}`,
  );
  if (r >= plain - PEARSON_COST) threshold = t;
}
const oldGated = all.map((r, i) => totals[i]! * Math.min(1, beforeOof[i]! / models.text.threshold));
console.log(
  `sentence gate alone (out of fold), threshold ${models.text.threshold}: Pearson total (right texts) ${pearson(oldGated.slice(0, right.length), expertTotals).toFixed(3)}, total AUC children ${aucOf(oldGated, child).toFixed(3)}, children ≤ 4 words ${aucOf(oldGated, (r) => child(r) && short(r)).toFixed(3)}`,
);
console.log(`chosen: L2 ${best.l2}, threshold ${threshold}`);

if (process.argv.includes('--write')) {
  const m = fitLogistic(
    X,
    idxAll,
    (i) => y[i]!,
    () => 1,
    best.l2,
  );
  const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/evaluator/text-check-coefficients.ts');
  writeFileSync(
    out,
    `// Generated by bench/calibrate-text-check.ts — do not edit by hand. Fitted on the speechocean762
// train split (${right.length} right texts, ${wrong.length} wrong texts; L2 ${best.l2} chosen by speaker-grouped 5-fold CV).
/** P(right text) = logistic(bias + coef · [gate logit, text-check features, their squares]);
 *  total × min(1, P / threshold). */
export interface TextCheckModel {
  bias: number;
  coef: number[];
  threshold: number;
}
export const TEXT_CHECK_MODEL: TextCheckModel | undefined = {
  bias: ${r6(m.bias)},
  threshold: ${threshold},
  coef: [${m.coef.map(r6).join(', ')}],
};
`,
  );
  console.log(`wrote ${out}`);
}
