// Writes test/fixtures/speechocean-omission.json: the omission evidence (numbers only, no text or
// audio) of the first N children's readings of a train-split dump that have both a right text and
// an extra-word text (bench/speechocean-dump.ts train with the omission evidence), for
// test/omission-model.test.ts (branch so-omission-fit).
//   tsx bench/speechocean-omission-fixture.ts /tmp/so-train-om.jsonl [N=20]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OmissionEvidence } from '../src/evaluator/align';
import { readDump } from './speechocean-evaluate';
import { CHILD_MAX_AGE } from './speechocean';

const records = readDump(process.argv[2] ?? '/tmp/so-train-om.jsonl');
const n = Number(process.argv[3] ?? 20);
const round = (e: OmissionEvidence) =>
  Object.fromEntries(Object.entries(e).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toPrecision(5)) : v]));
const out: Array<{ right: unknown[]; extra: unknown[]; extraWord: number }> = [];
for (const r of records) {
  if (out.length >= n) break;
  if (r.kind !== 'extra' || r.age > CHILD_MAX_AGE || !r.omission) continue;
  const right = records.find((x) => x.id === r.id && x.kind === 'right');
  if (!right?.omission) continue;
  out.push({ right: right.omission.map(round), extra: r.omission.map(round), extraWord: r.extra! });
}
const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.join(here, '../test/fixtures/speechocean-omission.json');
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(out) + '\n');
console.log(`${out.length} readings → ${file}`);
