// Evaluates speechocean762 readings in bulk and writes one JSON line per evaluation
// (bench/speechocean-evaluate.ts).
//   SPEECHOCEAN_DIR=/data/speechocean762 tsx bench/speechocean-dump.ts test|train out.jsonl
// SO_EVERY=k keeps every k-th reading (default 1); SO_CHECK_EVERY=k (default 4, 0 = none) adds the
// wrong-text and extra-word checks on every k-th kept reading. An existing file is resumed.
// By default each reader is heard as the product hears a student or a teacher: children (age ≤ 12)
// through the children's grid of VTLN warps, one chosen per reading (src/evaluator/vtln.ts
// WarpedScorer; ONDOKU_SPEECH_CHILD_WARPS sets the grid), adults unwarped.
// SO_WARP=α evaluates everyone with that warp of the front end (src/frontend/mfcc.ts); SO_GROUP=children|adults
// keeps only those readers. SO_KINDS=right,extra evaluates only those kinds; SO_CHECKED_ONLY=1 only the readings that get the
// checks; SO_PART=k/n only the kept readings with index ≡ k mod n (run n processes, concatenate).
import { dumpSpeechocean, type DumpKind } from './speechocean-evaluate';
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
    warp: process.env.SO_WARP ? Number(process.env.SO_WARP) : 'reader',
    ...(process.env.SO_GROUP ? { group: process.env.SO_GROUP as 'children' | 'adults' } : {}),
    ...(process.env.SO_KINDS ? { kinds: process.env.SO_KINDS.split(',') as DumpKind[] } : {}),
    checkedOnly: process.env.SO_CHECKED_ONLY === '1',
    ...(process.env.SO_PART ? { part: process.env.SO_PART.split('/').map(Number) as [number, number] } : {}),
  });
}
