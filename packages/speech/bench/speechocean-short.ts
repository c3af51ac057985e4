// SPEECHOCEAN_DIR=… tsx bench/speechocean-short.ts [test|train] — the readings of speechocean762
// whose text has fewer than 3 words (10 of the test split's 2,500, all by children), scored as
// the evaluator scores them: the experts' total against ours for the right text, and ours for a
// wrong text (the next short prompt of the split). The sentence models were fitted on longer
// readings; this is the only real speech of one or two words the corpus has.
import { readFileSync } from 'node:fs';
import { loadEvaluator } from '../src/evaluator/evaluator';
import { decodeWavTo16kMono } from '../src/audio/decode';
import { readSplit, speechoceanDir } from './speechocean';

const dir = speechoceanDir();
if (!dir) process.exit(0);
const split = (process.argv[2] ?? 'test') as 'test' | 'train';
const short = readSplit(dir, split).filter((r) => r.text.split(/\s+/).length < 3);
const ev = await loadEvaluator();
console.log(`${short.length} readings of fewer than 3 words (${split} split)`);
console.log('text                     age expert  ours | wrong text: ours');
for (let i = 0; i < short.length; i++) {
  const r = short[i]!;
  const samples = decodeWavTo16kMono(new Uint8Array(readFileSync(r.wav)));
  const wrongText = short[(i + 1) % short.length]!.text;
  const right = await ev.evaluate({ pcm: samples, text: r.text, category: 'read_sentence' });
  const wrong = await ev.evaluate({ pcm: samples, text: wrongText, category: 'read_sentence' });
  console.log(
    `${r.text.padEnd(24)} ${String(r.age).padStart(3)} ${String(r.expert.total * 10).padStart(6)} ${String(right.total_score).padStart(5)} | ` +
      `${String(wrong.total_score).padStart(5)} ("${wrongText}")`,
  );
}
