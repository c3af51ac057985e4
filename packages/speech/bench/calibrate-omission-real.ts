// Fits the omitted-word decision on real speech (src/evaluator/omission-real-coefficients.ts):
// speechocean762 train-split readings, each evaluated against its own text and against its text
// with one extra word it never said (bench/speechocean-dump.ts with the omission evidence).
// Positives: the extra word; negatives: every other word of those texts and of the right texts.
// A logistic regression over realOmissionFeatures() (the synthetic decision's logit and its
// neighbours', then the same evidence), one per pass-B outcome (skipped / kept), weighted positives. Every choice (weight,
// L2, threshold) is made on speaker-grouped 5-fold cross-validated predictions of the train split:
// the threshold is the lowest whose other words of the extra-word texts are marked omitted at
// ≤ OTHER_BUDGET and words of right texts at ≤ RIGHT_BUDGET (default: as many as the synthetic
// decision marks on train), on children's readings; the weight and L2 with the most extra words
// marked omitted at that threshold win.
// usage: SPEECHOCEAN_DIR=… SO_EVERY=1 SO_CHECK_EVERY=2 SO_CHECKED_ONLY=1 SO_KINDS=right,extra \
//          tsx bench/speechocean-dump.ts train /tmp/so-train-om.jsonl
//        tsx bench/calibrate-omission-real.ts /tmp/so-train-om.jsonl [more dumps…]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  omissionProbability,
  OMISSION_THRESHOLD,
  realOmissionFeatures,
  REAL_OMISSION_FEATURE_NAMES,
} from '../src/evaluator/omission-model';
import { fitLogistic, type Model } from './logistic';
import { pearson } from './metrics';
import { readDump, type DumpRecord } from './speechocean-evaluate';
import { CHILD_MAX_AGE } from './speechocean';

const OTHER_BUDGET = Number(process.env.OTHER_BUDGET ?? 0.018);
const WEIGHTS = (process.env.WEIGHTS ?? '1,3,10').split(',').map(Number);
const L2S = (process.env.L2S ?? '0.001,0.01,0.1').split(',').map(Number);
const FOLDS = 5;
/** Weights of adults' words in the fit (children's: 1; 0 = children only). */
const ADULT_WEIGHTS = (process.env.ADULT_WEIGHTS ?? '0.3,1').split(',').map(Number);

const seen = new Set<string>();
const records: DumpRecord[] = [];
for (const f of process.argv.slice(2))
  for (const r of readDump(f)) {
    const key = `${r.id}/${r.kind}`;
    if (seen.has(key) || !r.omission || r.kind === 'wrong') continue;
    seen.add(key);
    records.push(r);
  }
if (records.length === 0) {
  console.error('no readings with omission evidence: run bench/speechocean-dump.ts with this code first');
  process.exit(1);
}

type Cls = 'extra' | 'other' | 'right';
const X: number[][] = [];
const cls: Cls[] = [];
const synth: boolean[] = [];
const skipped: number[] = [];
const speaker: string[] = [];
const child: boolean[] = [];
const recordOf: number[] = [];
for (const [ri, r] of records.entries())
  r.omission!.forEach((e, i) => {
    recordOf.push(ri);
    const x = realOmissionFeatures(r.omission!, i);
    // NO_CONTEXT=1: without the neighbour and other-word features (for comparison; they get 0).
    if (process.env.NO_CONTEXT === '1') x.fill(0, 1, 5);
    X.push(x);
    cls.push(r.kind === 'right' ? 'right' : i === r.extra ? 'extra' : 'other');
    synth.push(omissionProbability(e) > OMISSION_THRESHOLD);
    skipped.push(e.skippedInB ? 1 : 0);
    speaker.push(r.speaker);
    child.push(r.age <= CHILD_MAX_AGE);
  });
const all = X.map((_, i) => i);
const speakers = [...new Set(speaker)].sort();
const foldOf = new Map(speakers.map((s, k) => [s, k % FOLDS]));
const fold = speaker.map((s) => foldOf.get(s)!);

function share(idx: number[], c: Cls, omitted: (i: number) => boolean) {
  const of = idx.filter((i) => cls[i] === c);
  return of.filter(omitted).length / Math.max(1, of.length);
}
const children = all.filter((i) => child[i]);
// The budgets hold on children's readings (the product's readers are children; adults' readings
// help the fit): CHOOSE_ON=all holds them on every reading instead.
const chooseOn = process.env.CHOOSE_ON === 'all' ? all : children;
const RIGHT_BUDGET = Number(process.env.RIGHT_BUDGET ?? share(chooseOn, 'right', (i) => synth[i]!));

function line(name: string, idx: number[], omitted: (i: number) => boolean) {
  const f = (v: number) => `${(v * 100).toFixed(1)} %`;
  return (
    `${name}: extra word omitted ${f(share(idx, 'extra', omitted))}, other words ${f(share(idx, 'other', omitted))}, ` +
    `right-text words ${f(share(idx, 'right', omitted))}`
  );
}
console.log(
  `train: ${records.filter((r) => r.kind === 'extra').length} extra-word texts, ${records.filter((r) => r.kind === 'right').length} right texts, ${X.length} words, ${speakers.length} speakers`,
);
console.log(line('synthetic decision (before), all', all, (i) => synth[i]!));
console.log(line('synthetic decision (before), children', children, (i) => synth[i]!));

function fitModels(idx: number[], weight: number, l2: number, adultWeight: number): Model[] {
  return [0, 1].map((k) =>
    fitLogistic(
      X,
      idx.filter((i) => skipped[i] === k && (child[i] || adultWeight > 0)),
      (i) => (cls[i] === 'extra' ? 1 : 0),
      (i) => (cls[i] === 'extra' ? weight : 1) * (child[i] ? 1 : adultWeight),
      l2,
    ),
  );
}
const prob = (ms: Model[], i: number) => ms[skipped[i]!]!.p(X[i]!);

/** The lowest threshold meeting both budgets on these predictions. */
function chooseThreshold(p: number[], idx: number[]) {
  const grid = Array.from({ length: 199 }, (_, k) => (k + 1) / 200);
  for (const t of grid)
    if (share(idx, 'other', (i) => p[i]! > t) <= OTHER_BUDGET && share(idx, 'right', (i) => p[i]! > t) <= RIGHT_BUDGET)
      return t;
  return 0.999;
}

const cvPredictions = new Map<string, number[]>();
let best: { weight: number; l2: number; adultWeight: number; t: number; recall: number } | undefined;
for (const adultWeight of ADULT_WEIGHTS)
  for (const weight of WEIGHTS)
    for (const l2 of L2S) {
      const p = new Array<number>(X.length).fill(0);
      for (let k = 0; k < FOLDS; k++) {
        const ms = fitModels(
          all.filter((i) => fold[i] !== k),
          weight,
          l2,
          adultWeight,
        );
        for (const i of all) if (fold[i] === k) p[i] = prob(ms, i);
      }
      cvPredictions.set(`${adultWeight}/${weight}/${l2}`, p);
      const t = chooseThreshold(p, chooseOn);
      const recall = share(chooseOn, 'extra', (i) => p[i]! > t);
      console.log(
        line(`cv adults ${adultWeight} weight ${weight} L2 ${l2} threshold ${t}, all`, all, (i) => p[i]! > t),
      );
      console.log(line(`   children`, children, (i) => p[i]! > t));
      if (!best || recall > best.recall) best = { weight, l2, adultWeight, t, recall };
    }
const { weight, l2, adultWeight, t, recall } = best!;
const models = fitModels(all, weight, l2, adultWeight);
// Integrity (share of words kept) of the right texts against the experts' completeness.
const integrityPearson = (omitted: (i: number) => boolean) => {
  const kept = new Map<number, [number, number]>();
  for (const i of all)
    if (cls[i] === 'right') {
      const k = kept.get(recordOf[i]!) ?? [0, 0];
      kept.set(recordOf[i]!, [k[0] + (omitted(i) ? 0 : 1), k[1] + 1]);
    }
  const ids = [...kept.keys()];
  return pearson(
    ids.map((r) => kept.get(r)![0] / kept.get(r)![1]),
    ids.map((r) => records[r]!.expert.completeness),
  );
};
const pBest = cvPredictions.get(`${adultWeight}/${weight}/${l2}`)!;
console.log(
  `Pearson integrity vs the experts' completeness, right texts: synthetic decision ${integrityPearson((i) => synth[i]!).toFixed(3)}, cross-validated ${integrityPearson((i) => pBest[i]! > t).toFixed(3)}`,
);
console.log(
  `chosen: adults' weight ${adultWeight}, extra-word weight ${weight}, L2 ${l2}, threshold ${t} (cross-validated extra word omitted ${(recall * 100).toFixed(1)} %)`,
);
console.log(line('in sample, all', all, (i) => prob(models, i) > t));
console.log(line('in sample, children', children, (i) => prob(models, i) > t));

const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.join(here, '../src/evaluator/omission-real-coefficients.ts');
const list = (c: number[]) => c.map((v) => v.toFixed(4)).join(', ');
writeFileSync(
  file,
  `// Generated by bench/calibrate-omission-real.ts — do not edit by hand (speechocean762 train split:
// ${records.length} evaluations, ${X.length} words, ${speakers.length} speakers; extra-word weight ${weight}, adults' weight ${adultWeight}, L2 ${l2}).
// Logistic regressions over realOmissionFeatures(): ${REAL_OMISSION_FEATURE_NAMES.join(', ')}.
// P(omitted) on real speech: [kept in pass B, skipped in pass B].
export const REAL_OMISSION_BIAS = [${models.map((m) => m.bias.toFixed(4)).join(', ')}];
export const REAL_OMISSION_COEF = [
${models.map((m) => `  [${list(m.coef)}],`).join('\n')}
];
/** Lowest threshold keeping the cross-validated false omissions within budget (other words of
 *  extra-word texts ≤ ${(OTHER_BUDGET * 100).toFixed(1)} %, words of right texts ≤ ${(RIGHT_BUDGET * 100).toFixed(2)} %,
 *  ${chooseOn === children ? "children's" : 'all'} readings of the train split). */
export const REAL_OMISSION_THRESHOLD = ${t};
`,
);
console.log('→', file);
