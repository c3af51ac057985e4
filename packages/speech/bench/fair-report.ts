// The speechocean762 figures of the children's warp choice: dumps combined (e.g. the adults' once
// and the children's under each setting), printed side by side; --save=<name> stores a column in
// bench/speechocean-fair-before.json, which `npm run bench:speech` prints beside its own figures.
//   tsx bench/fair-report.ts "fixed 0.8=/tmp/adults.jsonl,/tmp/children-fixed.jsonl" "chosen=/tmp/adults.jsonl,/tmp/children.jsonl" [--save=fixed 0.8]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { readDump } from './speechocean-evaluate';
import { asMapped, figuresTable, speechoceanFigures, type SpeechoceanFigures } from './speechocean-figures';

const save = process.argv.find((a) => a.startsWith('--save='))?.slice('--save='.length);
const columns: Array<[string, SpeechoceanFigures]> = [];
for (const arg of process.argv.slice(2).filter((a) => !a.startsWith('--'))) {
  const at = arg.indexOf('=');
  const records = arg
    .slice(at + 1)
    .split(',')
    .flatMap((f) => readDump(f));
  columns.push([arg.slice(0, at), speechoceanFigures(records, asMapped)]);
}
console.log(figuresTable(columns));
if (save) {
  const column = columns.find(([name]) => name === save);
  if (!column) throw new Error(`no column ${save}`);
  writeFileSync(
    path.join(import.meta.dirname, 'speechocean-fair-before.json'),
    JSON.stringify({ name: save, figures: column[1] }, null, 2) + '\n',
  );
}
