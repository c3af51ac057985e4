// Checks that a speechocean762 dump's mapped scores (bench/speechocean-figures.ts asMapped) are
// what the evaluator itself returns: evaluates the first N right-text readings of the dump with
// evaluator.evaluate() (the streaming path) and compares.
//   SPEECHOCEAN_DIR=… tsx bench/speechocean-check.ts /tmp/so-test.jsonl [N]
import { loadEvaluator } from '../src/evaluator/evaluator';
import { readDump } from './speechocean-evaluate';
import { asMapped } from './speechocean-figures';
import { readAudio, readSplit, speechoceanDir } from './speechocean';

const dir = speechoceanDir();
if (dir) {
  const n = Number(process.argv[3] ?? 10);
  const byId = new Map(readSplit(dir, 'test').map((r) => [r.id, r]));
  const ev = await loadEvaluator();
  let same = 0;
  const dump = readDump(process.argv[2] ?? '/tmp/so-test.jsonl')
    .filter((r) => r.kind === 'right')
    .slice(0, n);
  for (const r of dump) {
    const res = await ev.evaluate({ pcm: readAudio(byId.get(r.id)!), text: r.text });
    const m = asMapped(r);
    const got = [res.total_score, res.accuracy_score, res.fluency_score, res.integrity_score];
    const want = [m.total, m.accuracy, m.fluency, m.completeness];
    if (got.every((v, i) => v === want[i])) same++;
    else console.log(`${r.id}: evaluator ${got.join('/')} vs dump ${want.join('/')}`);
  }
  console.log(`${same}/${dump.length} readings: evaluator scores equal to the dump's mapped scores`);
}
