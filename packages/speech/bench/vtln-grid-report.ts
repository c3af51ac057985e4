// The children's figures of several speechocean762 dumps side by side (bench/speechocean-dump.ts,
// e.g. SO_GROUP=children SO_KINDS=right with different ONDOKU_SPEECH_CHILD_WARPS): Pearson of the
// mapped total, accuracy and word accuracy with the experts, and the warps chosen.
//   tsx bench/vtln-grid-report.ts fixed=/tmp/a.jsonl grid=/tmp/b.jsonl …
import { readDump } from './speechocean-evaluate';
import { asMapped, speechoceanFigures } from './speechocean-figures';

for (const arg of process.argv.slice(2)) {
  const [name, file] = arg.split('=') as [string, string];
  const records = readDump(file);
  const f = speechoceanFigures(records, asMapped);
  const warps = new Map<number, number>();
  for (const r of records) if (r.kind === 'right') warps.set(r.warp ?? 1, (warps.get(r.warp ?? 1) ?? 0) + 1);
  const cpu = records.reduce((s, r) => s + r.cpuMs, 0) / records.reduce((s, r) => s + r.durationMs, 0);
  console.log(
    `${name.padEnd(12)} n ${f.readings} (children ${f.children})  total ${f.pearsonTotal.toFixed(3)}  children ${f.pearsonTotalChildren.toFixed(3)}  accuracy ${f.pearsonAccuracy.toFixed(3)}  fluency ${f.pearsonFluency.toFixed(3)}  word ${f.pearsonWordAccuracy.toFixed(3)}  RTF ${cpu.toFixed(3)}  warps ${[
      ...warps,
    ]
      .sort((a, b) => a[0] - b[0])
      .map(([w, n]) => `${w}:${n}`)
      .join(' ')}`,
  );
}
