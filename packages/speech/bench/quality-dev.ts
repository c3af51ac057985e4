// Development helper: quality figures on the calibration voices (not the benchmark's test voices),
// saving the records for calibration. usage: BENCH_CACHE=/tmp/ondoku-audio tsx bench/quality-dev.ts [out.json]
import { writeFileSync } from 'node:fs';
import { loadEvaluator } from '../src/evaluator/evaluator';
import { collect } from './collect';
import { CALIBRATION_VOICES, SPEEDS } from './dataset';
import { qualityFigures } from './metrics';

const ev = await loadEvaluator();
const records = await collect(ev, {
  sentences: Number(process.env.CAL_SENTENCES ?? 10),
  firstSentence: Number(process.env.CAL_FIRST ?? 10),
  tones: CALIBRATION_VOICES,
  speeds: SPEEDS,
  onProgress: (d, t) => process.stderr.write(`\r${d}/${t}`),
});
process.stderr.write('\n');
if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify(records));
console.log(qualityFigures(records));
