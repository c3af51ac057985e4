// SPEECHOCEAN_DIR=… tsx bench/speechocean-short.ts [test|train] — the readings of speechocean762
// whose text has fewer than SHORT_TEXT_MIN_WORDS words (the only ones the short-text model
// scores): the experts' total against ours from the sentence models (as before the short-text
// model) and from the short-text model, on the same evidence; each also against a wrong text
// (another short prompt of the split).
import { loadEvaluator } from '../src/evaluator/evaluator';
import { decodeWavTo16kMono } from '../src/audio/decode';
import { expertPrediction, sentencePrediction, SHORT_TEXT_MIN_WORDS } from '../src/evaluator/expert-mapping';
import { readFileSync } from 'node:fs';
import { readSplit, speechoceanDir } from './speechocean';
import { readingFeatures } from './short-text-features';

const dir = speechoceanDir();
if (!dir) process.exit(0);
const split = (process.argv[2] ?? 'test') as 'test' | 'train';
const short = readSplit(dir, split).filter((r) => r.text.split(/\s+/).length < SHORT_TEXT_MIN_WORDS);
const ev = await loadEvaluator();
const r10 = (x: number | undefined) => (x === undefined ? '-' : Math.round(x * 10).toString());
console.log(`${short.length} readings of < ${SHORT_TEXT_MIN_WORDS} words (${split} split)`);
console.log('text                     age expert | right: sentence short | wrong text: sentence short');
for (let i = 0; i < short.length; i++) {
  const r = short[i]!;
  const samples = decodeWavTo16kMono(new Uint8Array(readFileSync(r.wav)));
  const wrongText = short[(i + 1) % short.length]!.text;
  const row: string[] = [];
  for (const text of [r.text, wrongText]) {
    const f = await readingFeatures(ev, samples, text);
    row.push(
      `${r10(sentencePrediction(f.sentence, f.words)?.total).padStart(8)} ${r10(expertPrediction(f.sentence, f.words, f.short)?.total).padStart(5)}`,
    );
  }
  console.log(
    `${r.text.padEnd(24)} ${String(r.age).padStart(3)} ${String(r.expert.total * 10).padStart(6)} | ${row[0]}       | ${row[1]} ("${wrongText}")`,
  );
}
