// Figures of a speechocean762 dump (bench/speechocean-dump.ts): agreement with the experts'
// medians (Pearson), the wrong-text and extra-word checks, word flags, real-time factor. "ours"
// = the scores the evaluator returned when the dump was made; "mapped" = the expert mappings
// (expert-mapping.ts) applied to the dump's evidence — what the evaluator returns with them.
import type { DumpRecord } from './speechocean-evaluate';
import { CHILD_MAX_AGE } from './speechocean';
import { auc, pearson } from './metrics';
import { expertPrediction } from '../src/evaluator/expert-mapping';
import { omittedDecisions, omissionProbability, OMISSION_THRESHOLD } from '../src/evaluator/omission-model';
import type { OmissionEvidence } from '../src/evaluator/align';

/** One evaluation's scores on our 0–100 scale and word decisions. */
export interface Scored {
  total: number;
  accuracy: number;
  fluency: number;
  completeness: number;
  /** The fitted completeness model (0–100), not shown to users: integrity stays the share of words read. */
  completenessModel?: number;
  words: Array<{ score: number; type: string }>;
}

/** The scores as the dump recorded them. */
export function asRecorded(r: DumpRecord): Scored {
  return {
    total: r.ours.total,
    accuracy: r.ours.accuracy,
    fluency: r.ours.fluency,
    completeness: r.ours.integrity,
    words: r.ours.words.map(([score, type]) => ({ score, type })),
  };
}

/** The scores with the expert mappings, as the evaluator computes them (evaluator.ts). */
export function asMapped(r: DumpRecord): Scored {
  const p = expertPrediction(r.sentence, r.words, r.textCheck);
  if (!p) return asRecorded(r);
  return {
    total: Math.round(p.total * 10),
    accuracy: Math.round(p.accuracy * 10),
    fluency: Math.round(p.fluency * 10),
    completeness: r.ours.integrity,
    completenessModel: p.completeness * 100,
    words: r.ours.words.map(([score, type]) => ({ score, type })),
  };
}

export interface SpeechoceanFigures {
  readings: number;
  children: number;
  pearsonTotal: number;
  pearsonTotalChildren: number;
  pearsonTotalAdults: number;
  pearsonAccuracy: number;
  pearsonFluency: number;
  pearsonCompleteness: number;
  pearsonCompletenessModel: number;
  pearsonWordAccuracy: number;
  wrongTextAucChildren: number;
  wrongTextAucChildrenShort: number;
  wrongTextPairs: number;
  maxWrongChildrenShort: number;
  extraWordOmitted: number;
  extraOtherWordsOmitted: number;
  extraCases: number;
  perfectWordsFlaggedChildren: number;
  rightWordsOmitted: number;
  rtf: number;
}

export function speechoceanFigures(records: DumpRecord[], score: (r: DumpRecord) => Scored): SpeechoceanFigures {
  const right = records.filter((r) => r.kind === 'right');
  const isChild = (r: DumpRecord) => r.age <= CHILD_MAX_AGE;
  const s = new Map(records.map((r) => [`${r.id}/${r.kind}`, score(r)]));
  const get = (r: DumpRecord) => s.get(`${r.id}/${r.kind}`)!;
  const p = (rs: DumpRecord[], ours: (x: Scored) => number, exp: (r: DumpRecord) => number) =>
    pearson(
      rs.map((r) => ours(get(r))),
      rs.map(exp),
    );
  const ow: number[] = [];
  const ew: number[] = [];
  let perfect = 0;
  let perfectFlagged = 0;
  let rightWords = 0;
  let rightOmitted = 0;
  for (const r of right) {
    const sc = get(r);
    if (sc.words.length !== r.expert.words.length) continue;
    sc.words.forEach((w, i) => {
      ow.push(w.score);
      ew.push(r.expert.words[i]!);
      rightWords++;
      if (w.type === 'omitted') rightOmitted++;
      if (isChild(r) && r.expert.words[i] === 10) {
        perfect++;
        if (w.type !== 'normal') perfectFlagged++;
      }
    });
  }
  const wrong = records.filter((r) => r.kind === 'wrong' && isChild(r));
  const rightById = new Map(right.map((r) => [r.id, r]));
  const pairs = wrong.filter((w) => rightById.has(w.id));
  const short = pairs.filter((w) => w.text.split(/\s+/).length <= 4);
  const tot = (r: DumpRecord) => get(r).total;
  const extra = records.filter((r) => r.kind === 'extra');
  let others = 0;
  let othersOmitted = 0;
  for (const r of extra)
    get(r).words.forEach((w, i) => {
      if (i === r.extra) return;
      others++;
      if (w.type === 'omitted') othersOmitted++;
    });
  const audio = records.reduce((a, r) => a + r.durationMs, 0);
  const cpu = records.reduce((a, r) => a + r.cpuMs, 0);
  return {
    readings: right.length,
    children: right.filter(isChild).length,
    pearsonTotal: p(
      right,
      (x) => x.total,
      (r) => r.expert.total,
    ),
    pearsonTotalChildren: p(
      right.filter(isChild),
      (x) => x.total,
      (r) => r.expert.total,
    ),
    pearsonTotalAdults: p(
      right.filter((r) => !isChild(r)),
      (x) => x.total,
      (r) => r.expert.total,
    ),
    pearsonAccuracy: p(
      right,
      (x) => x.accuracy,
      (r) => r.expert.accuracy,
    ),
    pearsonFluency: p(
      right,
      (x) => x.fluency,
      (r) => r.expert.fluency,
    ),
    pearsonCompleteness: p(
      right,
      (x) => x.completeness,
      (r) => r.expert.completeness,
    ),
    pearsonCompletenessModel: p(
      right,
      (x) => x.completenessModel ?? NaN,
      (r) => r.expert.completeness,
    ),
    pearsonWordAccuracy: pearson(ow, ew),
    wrongTextAucChildren: auc(
      pairs.map((w) => tot(rightById.get(w.id)!)),
      pairs.map(tot),
    ),
    wrongTextAucChildrenShort: auc(
      short.map((w) => tot(rightById.get(w.id)!)),
      short.map(tot),
    ),
    wrongTextPairs: pairs.length,
    maxWrongChildrenShort: short.length ? Math.max(...short.map(tot)) : NaN,
    extraWordOmitted:
      extra.filter((r) => get(r).words[r.extra!]?.type === 'omitted').length / Math.max(1, extra.length),
    extraOtherWordsOmitted: othersOmitted / Math.max(1, others),
    extraCases: extra.length,
    perfectWordsFlaggedChildren: perfectFlagged / Math.max(1, perfect),
    rightWordsOmitted: rightOmitted / Math.max(1, rightWords),
    rtf: cpu / Math.max(1, audio),
  };
}

const ROWS: Array<[keyof SpeechoceanFigures, string, string, (v: number) => string]> = [
  ['pearsonTotal', 'Pearson total', '≥ 0.75', (v) => v.toFixed(3)],
  ['pearsonTotalChildren', 'Pearson total, children (6–12)', '≥ 0.70', (v) => v.toFixed(3)],
  ['pearsonTotalAdults', 'Pearson total, adults', '', (v) => v.toFixed(3)],
  ['pearsonAccuracy', 'Pearson accuracy', '≥ 0.72', (v) => v.toFixed(3)],
  ['pearsonFluency', 'Pearson fluency', '≥ 0.76', (v) => v.toFixed(3)],
  ['pearsonCompleteness', 'Pearson completeness (ours: integrity)', '', (v) => v.toFixed(3)],
  [
    'pearsonCompletenessModel',
    '… fitted completeness model (not shown)',
    '',
    (v) => (Number.isNaN(v) ? '–' : v.toFixed(3)),
  ],
  ['pearsonWordAccuracy', 'Pearson word accuracy', '≥ 0.55', (v) => v.toFixed(3)],
  ['wrongTextAucChildren', 'children: right vs wrong text AUC (total)', '≥ 0.99', (v) => v.toFixed(3)],
  ['wrongTextAucChildrenShort', '… texts of ≤ 4 words', '', (v) => v.toFixed(3)],
  ['maxWrongChildrenShort', '… highest wrong-text total, ≤ 4 words', '', (v) => v.toFixed(0)],
  ['extraWordOmitted', 'extra word in the text marked omitted', '≥ 80 %', (v) => `${(v * 100).toFixed(1)} %`],
  ['extraOtherWordsOmitted', '… other words of those texts omitted', '≤ 2 %', (v) => `${(v * 100).toFixed(1)} %`],
  ['rightWordsOmitted', 'words of right texts marked omitted', '', (v) => `${(v * 100).toFixed(1)} %`],
  [
    'perfectWordsFlaggedChildren',
    "children's words scored 10 by experts, flagged",
    '',
    (v) => `${(v * 100).toFixed(1)} %`,
  ],
  ['rtf', 'real-time factor (CPU, one core)', '≤ 0.1', (v) => v.toFixed(3)],
];

export function figuresTable(columns: Array<[string, SpeechoceanFigures]>): string {
  const head = ['figure', ...columns.map(([n]) => n), 'target'];
  const rows = ROWS.map(([k, label, target, fmt]) => [label, ...columns.map(([, f]) => fmt(f[k])), target]);
  const w = head.map((_, j) => Math.max(...[head, ...rows].map((r) => r[j]!.length)));
  const line = (r: string[]) => `| ${r.map((c, j) => c.padEnd(w[j]!)).join(' | ')} |`;
  return [line(head), line(w.map((n) => '-'.repeat(n))), ...rows.map(line)].join('\n');
}

/** Omitted-word shares of a dump's extra-word texts (the extra word, the other words) and right texts. */
export function omissionFigures(records: DumpRecord[], decide: (ev: OmissionEvidence[]) => boolean[]) {
  const n = { extra: 0, extraHit: 0, other: 0, otherHit: 0, right: 0, rightHit: 0 };
  for (const r of records) {
    if (!r.omission || r.kind === 'wrong') continue;
    const omitted = decide(r.omission);
    r.omission.forEach((_, i) => {
      const hit = omitted[i] ? 1 : 0;
      if (r.kind === 'right') {
        n.right++;
        n.rightHit += hit;
      } else if (i === r.extra) {
        n.extra++;
        n.extraHit += hit;
      } else {
        n.other++;
        n.otherHit += hit;
      }
    });
  }
  return {
    extraWordOmitted: n.extraHit / Math.max(1, n.extra),
    otherWordsOmitted: n.otherHit / Math.max(1, n.other),
    rightWordsOmitted: n.rightHit / Math.max(1, n.right),
    extraCases: n.extra,
    rightWords: n.right,
  };
}

/** The omitted-word figures before (stage 1 of omission-model.ts, the synthetic decision) and now
 *  (omittedDecisions, the decision the evaluator makes), for all readers and for children; from the
 *  omission evidence of a dump (none in dumps made before it was recorded). */
export function omissionFigureLines(records: DumpRecord[]): string[] {
  if (!records.some((r) => r.omission)) return [];
  const before = (ev: OmissionEvidence[]) => ev.map((e) => omissionProbability(e) > OMISSION_THRESHOLD);
  const pc = (v: number) => `${(v * 100).toFixed(1)} %`;
  return (
    [
      ['all', records],
      ['children', records.filter((r) => r.age <= CHILD_MAX_AGE)],
    ] as const
  ).map(([name, rs]) => {
    const b = omissionFigures(rs, before);
    const a = omissionFigures(rs, omittedDecisions);
    return (
      `omitted words, ${name} (${b.extraCases} extra-word texts, ${b.rightWords} words of right texts), synthetic decision → now: ` +
      `extra word ${pc(b.extraWordOmitted)} → ${pc(a.extraWordOmitted)}, other words of those texts ${pc(b.otherWordsOmitted)} → ${pc(a.otherWordsOmitted)}, ` +
      `words of right texts ${pc(b.rightWordsOmitted)} → ${pc(a.rightWordsOmitted)}`
    );
  });
}
