// Evaluates speechocean762 readings in bulk and writes one JSON line per evaluation
// (bench/speechocean-evaluate.ts).
//   SPEECHOCEAN_DIR=/data/speechocean762 tsx bench/speechocean-dump.ts test|train out.jsonl
// SO_EVERY=k keeps every k-th reading (default 1); SO_CHECK_EVERY=k (default 4, 0 = none) adds the
// wrong-text and extra-word checks on every k-th kept reading. An existing file is resumed.
import { dumpSpeechocean } from './speechocean-evaluate';
import { speechoceanDir, type SpeechoceanSplit } from './speechocean';

const dir = speechoceanDir();
if (dir) {
  const split = (process.argv[2] ?? 'test') as SpeechoceanSplit;
  await dumpSpeechocean({
    dir,
    split,
    out: process.argv[3] ?? `/tmp/speechocean-${split}.jsonl`,
    every: Number(process.env.SO_EVERY ?? 1),
    checkEvery: Number(process.env.SO_CHECK_EVERY ?? 4),
  });
}
