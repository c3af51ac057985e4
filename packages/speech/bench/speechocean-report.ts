// Prints the speechocean762 figures of a dump (bench/speechocean-dump.ts): as recorded, and with
// the current expert mappings applied to the recorded evidence.
//   tsx bench/speechocean-report.ts /tmp/so-test.jsonl
import { readFileSync } from 'node:fs';
import type { DumpRecord } from './speechocean-evaluate';
import { asMapped, asRecorded, figuresTable, speechoceanFigures } from './speechocean-figures';

const records = readFileSync(process.argv[2] ?? '/tmp/so-test.jsonl', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as DumpRecord);
const before = speechoceanFigures(records, asRecorded);
const after = speechoceanFigures(records, asMapped);
// The same mappings with the sentence-feature gate alone (no text-check second stage).
const gateOnly = speechoceanFigures(records, (r) => asMapped({ ...r, textCheck: undefined }));
console.log(
  `${before.readings} readings (${before.children} by children), ${before.wrongTextPairs} children's wrong-text pairs, ${before.extraCases} extra-word texts`,
);
console.log(
  figuresTable([
    ['as recorded', before],
    ['mapped, sentence gate only', gateOnly],
    ['mapped', after],
  ]),
);
