// Reads the teachers' word corrections (`npm run admin -- export-corrections --out FILE`) and says
// how far the evaluator's word judgement agrees with theirs, and which "mispronounced below"
// threshold would agree best. Usage: npm run bench:corrections -- FILE.jsonl
import fs from 'node:fs/promises';
import { MISPRONOUNCED_BELOW } from '../src/evaluator/scores';
import { fitThreshold, readCorrectionLines, summarise } from './teacher-corrections-fit';

const file = process.argv[2];
if (!file) {
  console.error(
    'usage: npm run bench:corrections -- FILE.jsonl (npm run admin -- export-corrections --out FILE.jsonl)',
  );
  process.exit(1);
}
const lines = readCorrectionLines(await fs.readFile(file, 'utf8'));
const s = summarise(lines);
console.log(`${file}: ${s.words} words read in ${s.answers} reviewed answers`);
console.log(`  the teacher let stand        ${s.agreed} (${(s.agreement * 100).toFixed(1)} %)`);
console.log(`  mispronounced → correct      ${s.toCorrect}  (evaluator too strict)`);
console.log(`  correct → mispronounced      ${s.toMispronounced}  (evaluator too lenient)`);
const fit = fitThreshold(lines);
console.log(
  `  threshold: now ${MISPRONOUNCED_BELOW} agrees on ${(fit.agreementAt(MISPRONOUNCED_BELOW) * 100).toFixed(1)} %; ` +
    `best ${fit.best} agrees on ${(fit.bestAgreement * 100).toFixed(1)} %`,
);
if (s.hardest.length) console.log(`  most corrected words: ${s.hardest.map(([w, n]) => `${w} ${n}`).join(', ')}`);
