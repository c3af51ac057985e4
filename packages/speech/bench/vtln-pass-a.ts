// The score of pass A (every word forced) of each right-text reading under each warp, the cheap
// criterion of the VTLN choice (src/evaluator/vtln.ts): one JSON line {id, warp, passA} each.
//   SPEECHOCEAN_DIR=… SO_EVERY=4 SO_GROUP=children tsx bench/vtln-pass-a.ts train|test out.jsonl 1,0.8
import { appendFileSync } from 'node:fs';
import { loadEvaluator } from '../src/evaluator/evaluator';
import { planAnalysis } from '../src/evaluator/align';
import { IncrementalScorer } from '../src/decoder/incremental-scorer';
import { viterbi } from '../src/decoder/viterbi';
import { MfccExtractor } from '../src/frontend/mfcc';
import { pronunciations } from '../src/lexicon/lexicon';
import { splitWords } from '../src/text/tokenize';
import { CHILD_MAX_AGE, readAudio, readSplit, speechoceanDir, type SpeechoceanSplit } from './speechocean';

const dir = speechoceanDir();
if (dir) {
  const split = (process.argv[2] ?? 'train') as SpeechoceanSplit;
  const out = process.argv[3] ?? `/tmp/vtln-pass-a-${split}.jsonl`;
  const warps = (process.argv[4] ?? '1,0.8').split(',').map(Number);
  const every = Number(process.env.SO_EVERY ?? 4);
  const group = process.env.SO_GROUP;
  const ev = await loadEvaluator();
  const readings = readSplit(dir, split).filter((_, i) => i % every === 0);
  for (const r of readings) {
    if (group && r.age <= CHILD_MAX_AGE !== (group === 'children')) continue;
    const prons = await Promise.all(splitWords(r.text).map((w) => pronunciations(w.text)));
    const plan = planAnalysis(ev.model, prons);
    const samples = readAudio(r);
    for (const warp of warps) {
      const scorer = new IncrementalScorer(ev.model, new MfccExtractor(ev.model.params, warp));
      scorer.setSenones(plan.senones);
      scorer.push(samples);
      const a = viterbi(plan.forced, scorer.finish());
      appendFileSync(out, JSON.stringify({ id: r.id, warp, passA: a?.score ?? null }) + '\n');
    }
  }
}
