// Vocal tract length normalisation, chosen per reading after the fact: reads dumps of the same
// readings made with different front-end warps (bench/speechocean-dump.ts with SO_WARP=α) and
// prints the figures, children and adults apart, for each fixed warp and for "the warp of the
// grid whose final forced alignment explains the audio best" (the classic choice by likelihood).
// A grid that leaves out some readers' warps: give those readers' dumps for warp 1 only.
//   tsx bench/vtln-choose.ts 1=/tmp/w1.jsonl[,/tmp/w1-adults.jsonl] 0.88=/tmp/w088.jsonl … [--out=best.jsonl]
import { readFileSync, writeFileSync } from 'node:fs';
import { readDump, type DumpRecord } from './speechocean-evaluate';
import { asMapped, speechoceanFigures } from './speechocean-figures';
import { CHILD_MAX_AGE } from './speechocean';

const args = process.argv.slice(2);
const out = args.find((a) => a.startsWith('--out='))?.slice(6);
const outMargin = Number(args.find((a) => a.startsWith('--margin='))?.slice(9) ?? 0);
// --pass-a=file (bench/vtln-pass-a.ts): choose right-text readings by the score of pass A instead.
const passAFile = args.find((a) => a.startsWith('--pass-a='))?.slice(9);
const passA = new Map<string, number>();
if (passAFile)
  for (const l of readFileSync(passAFile, 'utf8').split('\n').filter(Boolean)) {
    const { id, warp, passA: v } = JSON.parse(l) as { id: string; warp: number; passA: number | null };
    if (v !== null) passA.set(`${id}/${warp}`, v);
  }
const dumps = new Map<number, Map<string, DumpRecord>>();
for (const a of args.filter((x) => !x.startsWith('--'))) {
  // Several files of one warp (e.g. children and adults) separated by commas.
  const [w, files] = a.split('=');
  const recs = files!.split(',').flatMap((f) => readDump(f));
  dumps.set(Number(w), new Map(recs.map((r) => [`${r.id}/${r.kind}`, r])));
}
const warps = [...dumps.keys()].sort((a, b) => a - b);
// The evaluations of warp 1 (required); a warp's dump may hold only some readers (e.g. children).
const plainDump = dumps.get(1);
if (!plainDump) throw new Error('give the dump of warp 1');
const plain: Map<string, DumpRecord> = plainDump;
const keys = [...plain.keys()];

/** margin: log-likelihood per frame (10 ms) a warp must gain over warp 1 to be taken. */
function choose(grid: number[], margin = 0): DumpRecord[] {
  return keys.map((k) => {
    let best: DumpRecord | undefined;
    let bestLl = -Infinity;
    for (const w of grid) {
      const r = dumps.get(w)!.get(k);
      if (!r) continue;
      const criterion = (r.kind === 'right' ? passA.get(`${r.id}/${w}`) : undefined) ?? r.forcedLogLik ?? 0;
      const ll = criterion - (w === 1 ? 0 : margin * (r.durationMs / 10));
      if (ll > bestLl) {
        bestLl = ll;
        best = r;
      }
    }
    return best ?? plain.get(k)!;
  });
}

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '—');
function line(name: string, recs: DumpRecord[]) {
  const f = speechoceanFigures(recs, asMapped);
  const right = recs.filter((r) => r.kind === 'right');
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const meanWarp = (kids: boolean) =>
    mean(right.filter((r) => r.age <= CHILD_MAX_AGE === kids).map((r) => r.warp ?? 1)).toFixed(3);
  console.log(
    `${name.padEnd(28)} total ${f3(f.pearsonTotal)}  children ${f3(f.pearsonTotalChildren)}  adults ${f3(f.pearsonTotalAdults)}  accuracy ${f3(f.pearsonAccuracy)}  fluency ${f3(f.pearsonFluency)}  AUC(children) ${f3(f.wrongTextAucChildren)}  mean warp children ${meanWarp(true)} adults ${meanWarp(false)}`,
  );
  return recs;
}

console.log(`${keys.length} evaluations; warps ${warps.join(', ')} (a warp missing for a reading: warp 1)`);
for (const w of warps) line(`fixed ${w} (${keys.filter((k) => dumps.get(w)!.has(k)).length})`, choose([w]));
const grids = [
  warps,
  warps.filter((w) => w <= 1),
  warps.filter((w) => w >= 0.8 && w <= 1),
  warps.filter((w) => w >= 0.88),
];
for (const g of grids) {
  if (g.length < 2) continue;
  const chosen = line(`best of ${g.join(',')}`, choose(g));
  // Children only: adults keep the plain front end.
  line(
    `  … children only`,
    chosen.map((r) => (r.age <= CHILD_MAX_AGE ? r : plain.get(`${r.id}/${r.kind}`)!)),
  );
}
// A warp taken only when it explains the reading clearly better than none (the grid of warps ≤ 1).
for (const m of [0.05, 0.1, 0.2, 0.3, 0.5]) line(`  margin ${m}/frame`, choose(grids[1]!, m));
// --out: the evaluations of the best warp of every dump given (for bench/speechocean-report.ts).
if (out)
  writeFileSync(
    out,
    choose(warps, outMargin)
      .map((r) => JSON.stringify(r))
      .join('\n') + '\n',
  );
