// Quality figures from collected cases.
import type { CaseRecord } from './collect';

/** Pearson's correlation of two equally long series (NaN for fewer than two points). */
export function pearson(x: number[], y: number[]): number {
  const n = x.length;
  if (n < 2) return NaN;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Probability that a random positive outscores a random negative (ties count half). */
export function auc(pos: number[], neg: number[]): number {
  let s = 0;
  for (const p of pos) for (const n of neg) s += p > n ? 1 : p === n ? 0.5 : 0;
  return s / Math.max(1, pos.length * neg.length);
}

export interface QualityFigures {
  cases: number;
  aucTotal: number;
  aucAccuracy: number;
  replacedMispronounced: number;
  replacedFlagged: number;
  correctFalseFlag: number;
  correctFalseOmitted: number;
  /** The other words of readings with one word replaced or left out (read correctly, in the same
   *  reading as the error): share flagged, share marked omitted. */
  otherFalseFlag: number;
  otherFalseOmitted: number;
  omittedRecall: number;
  meanCorrectTotal: number;
  meanWrongTotal: number;
}

export function qualityFigures(records: CaseRecord[]): QualityFigures {
  const by = (k: CaseRecord['kind']) => records.filter((r) => r.kind === k);
  const correct = by('correct');
  const wrong = by('wrong_text');
  const replaced = by('replaced');
  const omitted = by('omitted');
  const words = correct.flatMap((r) => r.wordTypes);
  const others = [...replaced, ...omitted].flatMap((r) => r.wordTypes.filter((_, i) => i !== r.target));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  return {
    cases: records.length,
    aucTotal: auc(
      correct.map((r) => r.total),
      wrong.map((r) => r.total),
    ),
    aucAccuracy: auc(
      correct.map((r) => r.accuracy),
      wrong.map((r) => r.accuracy),
    ),
    replacedMispronounced:
      replaced.filter((r) => r.wordTypes[r.target] === 'mispronounced').length / Math.max(1, replaced.length),
    replacedFlagged: replaced.filter((r) => r.wordTypes[r.target] !== 'normal').length / Math.max(1, replaced.length),
    correctFalseFlag: words.filter((t) => t !== 'normal').length / Math.max(1, words.length),
    correctFalseOmitted: words.filter((t) => t === 'omitted').length / Math.max(1, words.length),
    otherFalseFlag: others.filter((t) => t !== 'normal').length / Math.max(1, others.length),
    otherFalseOmitted: others.filter((t) => t === 'omitted').length / Math.max(1, others.length),
    omittedRecall: omitted.filter((r) => r.wordTypes[r.target] === 'omitted').length / Math.max(1, omitted.length),
    meanCorrectTotal: mean(correct.map((r) => r.total)),
    meanWrongTotal: mean(wrong.map((r) => r.total)),
  };
}
