// tsx bench/short-text-dev.ts out.jsonl — calibration data for the short-text model
// (expert-mapping.ts): single words read alone by the calibration voices (bench/dataset.ts
// CALIBRATION_VOICES, never the product's tone types), each scored against its own text and
// against another word. Words: those of bench/dataset.ts (sentences and replacements) that are
// not in the library's word list (bench/library-words.ts, the test set of bench/single-words.ts).
// SHORT_VOICES=k takes the first k voices (default all), SHORT_WORDS=n the first n words.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { loadEvaluator } from '../src/evaluator/evaluator';
import { synthesize } from '../src/tts/synthesize';
import { readingFeatures } from './short-text-features';
import { CALIBRATION_VOICES, REPLACEMENTS, SENTENCES } from './dataset';
import { LIBRARY_WORDS } from './library-words';

const out = process.argv[2] ?? '/tmp/short-text.jsonl';
const library = new Set(LIBRARY_WORDS.map((w) => w.toLowerCase()));
const pool = [
  ...new Set(
    [...SENTENCES, ...REPLACEMENTS]
      .join(' ')
      .toLowerCase()
      .split(/[^a-z']+/)
      .filter((w) => w.length >= 3 && !library.has(w) && !w.includes("'")),
  ),
].slice(0, Number(process.env.SHORT_WORDS ?? 1000));
const voices = CALIBRATION_VOICES.slice(0, Number(process.env.SHORT_VOICES ?? CALIBRATION_VOICES.length));
const done = new Set(
  existsSync(out)
    ? readFileSync(out, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => {
          const r = JSON.parse(l) as { voice: string; audio: string; text: string };
          return `${r.voice}|${r.audio}|${r.text}`;
        })
    : [],
);
const ev = await loadEvaluator();
console.error(`${pool.length} words × ${voices.length} voices`);
for (let i = 0; i < pool.length; i++) {
  const word = pool[i]!;
  for (const voice of voices) {
    const wrong = pool[(i + 17) % pool.length]!;
    if (done.has(`${voice}|${word}|${wrong}`)) continue;
    const { samples } = await synthesize({ text: word, voice });
    for (const [text, right] of [
      [word, true],
      [wrong, false],
    ] as const) {
      const f = await readingFeatures(ev, samples, text);
      appendFileSync(out, JSON.stringify({ voice, audio: word, text, right, ...f }) + '\n');
    }
    process.stderr.write(`\r  ${i + 1}/${pool.length} ${voice}      `);
  }
}
process.stderr.write('\n');
