// Fits the omitted / misread word decisions (src/evaluator/omission-model.ts) on the omission
// evidence of every expected word (align.ts OmissionEvidence) of the calibration set.
// 1. P(omitted), one regression for words pass B skipped and one for the others: positives =
//    words left out of the reading; negatives = words read, including words replaced by another
//    word. Omitted and replaced words both weigh OMIT_REPLACED_WEIGHT (30) against 1 for the
//    other words: the larger it is, the more omitted words are found, and the more correctly read
//    words (mostly next to an error) are marked omitted too. 30 is the largest weight that keeps
//    those false omissions at ≤ 2.5 % of all correctly read calibration words (correct readings
//    and the other words of readings with an error), leave one voice out.
// 2. P(misread), on the words stage 1 keeps: positives = words replaced by another word; negatives
//    = words read as written. It decides mispronounced vs normal (scores.ts); its threshold is the
//    lowest that keeps the correct words of correct readings flagged (omitted, misread, or GOP
//    score below ALWAYS_MISPRONOUNCED_BELOW) at FALSE_FLAG_BUDGET.
// usage: BENCH_CACHE=/tmp/ondoku-audio tsx bench/omission-dev.ts /tmp/omission.json
//        tsx bench/calibrate-omission.ts /tmp/omission.json
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { omissionFeatures, OMISSION_FEATURE_NAMES, OMISSION_THRESHOLD } from '../src/evaluator/omission-model';
import type { OmissionEvidence } from '../src/evaluator/align';
import { fitLogistic, type Model } from './logistic';
import { EVIDENCE_MID, EVIDENCE_SCALE } from '../src/evaluator/phone-gop-stats';
import { ALWAYS_MISPRONOUNCED_BELOW } from '../src/evaluator/scores';

const FALSE_FLAG_BUDGET = Number(process.env.FALSE_FLAG_BUDGET ?? 0.05);
const OMIT_REPLACED_WEIGHT = Number(process.env.OMIT_REPLACED_WEIGHT ?? 30);
/** L2 penalty on the standardised coefficients. */
const L2 = Number(process.env.L2 ?? 1e-3);

interface Row {
  kind: string;
  tone?: string | number;
  words: Array<(OmissionEvidence & { target: boolean }) | null>;
}
const rows = JSON.parse(readFileSync(process.argv[2] ?? '/tmp/omission.json', 'utf8')) as Row[];
const X: number[][] = [];
const cls: string[] = [];
const evidence: number[] = [];
const voice: string[] = [];
for (const r of rows) {
  for (const w of r.words) {
    if (!w) continue;
    const c =
      r.kind === 'omitted' && w.target
        ? 'omit'
        : r.kind === 'replaced' && w.target
          ? 'repl'
          : r.kind === 'correct'
            ? 'corr'
            : 'other';
    const x = omissionFeatures(w);
    if (!x.every(Number.isFinite))
      throw new Error('evidence without every feature: run bench/omission-dev.ts again with this code');
    X.push(x);
    cls.push(c);
    evidence.push(w.evidenceA);
    voice.push(String(r.tone));
  }
}

const fit = (idx: number[], y: (i: number) => number, weight: (i: number) => number): Model =>
  fitLogistic(X, idx, y, weight, L2);

const all = X.map((_, i) => i);
// GOP score below ALWAYS_MISPRONOUNCED_BELOW ⇔ evidence below this (scores.ts mapping; pass A
// evidence as the estimate).
const lowEvidence =
  EVIDENCE_MID + EVIDENCE_SCALE * Math.log(ALWAYS_MISPRONOUNCED_BELOW / (100 - ALWAYS_MISPRONOUNCED_BELOW));
const low = evidence.map((e) => e < lowEvidence);

interface Decision {
  omitModels: Model[];
  misreadModel: Model;
  threshold: number;
}
function fitDecision(train: number[]): Decision {
  // X[i][0] = skipped in pass B: one regression per value.
  const omitModels = [0, 1].map((k) =>
    fit(
      train.filter((i) => X[i]![0] === k),
      (i) => (cls[i] === 'omit' ? 1 : 0),
      (i) => (cls[i] === 'omit' || cls[i] === 'repl' ? OMIT_REPLACED_WEIGHT : 1),
    ),
  );
  const omittedIn = (i: number) => omitModels[X[i]![0]!]!.p(X[i]!) > OMISSION_THRESHOLD;
  const kept = train.filter((i) => !omittedIn(i) && cls[i] !== 'omit');
  const misreadModel = fit(
    kept,
    (i) => (cls[i] === 'repl' ? 1 : 0),
    (i) => (cls[i] === 'repl' ? 3 : 1),
  );
  const corr = train.filter((i) => cls[i] === 'corr');
  let threshold = 1;
  for (let t = 0.02; t < 1; t += 0.005) {
    const flagged = corr.filter((i) => omittedIn(i) || low[i]! || misreadModel.p(X[i]!) > t).length;
    if (flagged / Math.max(1, corr.length) <= FALSE_FLAG_BUDGET) {
      threshold = Math.round(t * 1000) / 1000;
      break;
    }
  }
  return { omitModels, misreadModel, threshold };
}

/** Decision per word: 'omitted' | 'mispronounced' | 'normal'. */
function decide(d: Decision, i: number, threshold = d.threshold): string {
  if (d.omitModels[X[i]![0]!]!.p(X[i]!) > OMISSION_THRESHOLD) return 'omitted';
  return low[i]! || d.misreadModel.p(X[i]!) > threshold ? 'mispronounced' : 'normal';
}
function report(name: string, decisions: Map<number, string>) {
  const share = (c: string, f: (t: string) => boolean) => {
    const idx = all.filter((i) => cls[i] === c && decisions.has(i));
    return idx.filter((i) => f(decisions.get(i)!)).length / Math.max(1, idx.length);
  };
  console.log(
    `${name}: omitted recall ${share('omit', (t) => t === 'omitted').toFixed(3)}, replaced→omitted ${share('repl', (t) => t === 'omitted').toFixed(3)}, ` +
      `replaced→mispronounced ${share('repl', (t) => t === 'mispronounced').toFixed(3)}, ` +
      `correct flagged ${share('corr', (t) => t !== 'normal').toFixed(4)} (omitted ${share('corr', (t) => t === 'omitted').toFixed(4)}), ` +
      `other words of readings with an error flagged ${share('other', (t) => t !== 'normal').toFixed(4)} (omitted ${share('other', (t) => t === 'omitted').toFixed(4)})`,
  );
}

const decision = fitDecision(all);
const { omitModels, misreadModel, threshold } = decision;
report('in sample, omitted and very low GOP only', new Map(all.map((i) => [i, decide(decision, i, 2)])));
report(`in sample, with P(misread) > ${threshold}`, new Map(all.map((i) => [i, decide(decision, i)])));
// Leave one voice out: fitted on the other calibration voices, judged on this one (the benchmark's
// test voices are new voices too).
const voices = [...new Set(voice)];
if (voices.length > 1 && process.env.LOVO !== '0') {
  const held = new Map<number, string>();
  for (const v of voices) {
    const d = fitDecision(all.filter((i) => voice[i] !== v));
    for (const i of all) if (voice[i] === v) held.set(i, decide(d, i));
  }
  report('leave one voice out', held);
  if (process.env.PER_VOICE)
    for (const v of voices) report(`  ${v}`, new Map([...held].filter(([i]) => voice[i] === v)));
}

const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.join(here, '../src/evaluator/omission-coefficients.ts');
const list = (c: number[]) => c.map((v) => v.toFixed(4)).join(', ');
writeFileSync(
  file,
  `// Generated by bench/calibrate-omission.ts — do not edit by hand (${X.length} words).
// Logistic regressions over omissionFeatures(): ${OMISSION_FEATURE_NAMES.join(', ')}.
// P(omitted): [kept in pass B, skipped in pass B].
export const OMISSION_BIAS = [${omitModels.map((m) => m.bias.toFixed(4)).join(', ')}];
export const OMISSION_COEF = [
${omitModels.map((m) => `  [${list(m.coef)}],`).join('\n')}
];
export const MISREAD_BIAS = ${misreadModel.bias.toFixed(4)};
export const MISREAD_COEF = [${list(misreadModel.coef)}];
/** Lowest threshold keeping ${(FALSE_FLAG_BUDGET * 100).toFixed(1)} % of correct calibration words flagged. */
export const MISREAD_THRESHOLD = ${threshold};
`,
);
console.log('→', file);
