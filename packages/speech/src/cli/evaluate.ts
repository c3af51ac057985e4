// npm run evaluate -- <file.wav> "<text>" [read_word|read_sentence|read_chapter] [--json] [--reader child|adult]
// Prints the scores and each word's verdict. --reader child: heard as a student's reading is
// (the children's warps, evaluator/vtln.ts); default adult, as a teacher's.
import { readFileSync } from 'node:fs';
import { decodeWavTo16kMono } from '../audio/decode';
import { loadEvaluator } from '../evaluator/evaluator';
import type { EvaluationCategory } from '../evaluator/types';

const args = process.argv.slice(2);
const readerAt = args.indexOf('--reader');
const reader = readerAt >= 0 ? args.splice(readerAt, 2)[1] : 'adult';
const [file, text, category = 'read_sentence', flag] = args;
if (!file || !text || (reader !== 'child' && reader !== 'adult')) {
  console.error(
    'usage: evaluate <file.wav> "<text>" [read_word|read_sentence|read_chapter] [--json] [--reader child|adult]',
  );
  process.exit(2);
}
try {
  const pcm = decodeWavTo16kMono(readFileSync(file));
  const evaluator = await loadEvaluator();
  const t0 = performance.now();
  const r = await evaluator.evaluate({ pcm, text, category: category as EvaluationCategory, reader });
  const ms = performance.now() - t0;
  if (flag === '--json') {
    console.log(JSON.stringify(r, null, 2));
  } else {
    console.log(
      `total ${r.total_score}  accuracy ${r.accuracy_score}  fluency ${r.fluency_score}  integrity ${r.integrity_score}`,
    );
    console.log(`(${r.duration_ms} ms of audio evaluated in ${Math.round(ms)} ms)`);
    for (const w of r.words) {
      const span = w.type === 'omitted' ? '' : `${w.start_ms}-${w.end_ms} ms`;
      console.log(`  ${(w.word || '*').padEnd(16)} ${String(w.score).padStart(3)}  ${w.type.padEnd(13)} ${span}`);
    }
    for (const s of r.sentences ?? []) console.log(`sentence: ${s.total_score} ${s.text}`);
    console.log(r.evaluate_text);
  }
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
