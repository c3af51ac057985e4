// The omitted-word figures of speechocean762 dumps with omission evidence (bench/speechocean-dump.ts
// with this code), before (stage 1, the synthetic decision) and now (isOmitted, the real-speech
// decision), for all readers and for children: the extra word of the extra-word texts marked
// omitted, the other words of those texts, the words of right texts.
//   tsx bench/speechocean-omission.ts /tmp/so-test-om.jsonl [more dumps…]
import { readDump } from './speechocean-evaluate';
import { omissionFigureLines } from './speechocean-figures';
import { pearson } from './metrics';
import { omissionProbability, omittedDecisions, OMISSION_THRESHOLD } from '../src/evaluator/omission-model';
import type { OmissionEvidence } from '../src/evaluator/align';

const seen = new Set<string>();
const records = process.argv
  .slice(2)
  .flatMap((f) => readDump(f))
  .filter((r) => {
    const k = `${r.id}/${r.kind}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
for (const l of omissionFigureLines(records)) console.log(l);
// Integrity (share of words not omitted) against the experts' completeness, right texts.
const right = records.filter((r) => r.kind === 'right' && r.omission);
const integrity = (decide: (ev: OmissionEvidence[]) => boolean[]) =>
  right.map((r) => {
    const o = decide(r.omission!);
    return (100 * o.filter((x) => !x).length) / Math.max(1, o.length);
  });
const stage1 = (ev: OmissionEvidence[]) => ev.map((e) => omissionProbability(e) > OMISSION_THRESHOLD);
const completeness = right.map((r) => r.expert.completeness);
console.log(
  `Pearson integrity vs the experts' completeness (${right.length} right texts): ${pearson(integrity(stage1), completeness).toFixed(3)} → ${pearson(integrity(omittedDecisions), completeness).toFixed(3)}`,
);
