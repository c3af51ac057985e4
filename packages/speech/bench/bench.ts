// npm run bench:speech — prints the evaluator's quality and speed figures (see README).
// BENCH_SENTENCES (default 10) sets the size of the synthetic test set.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEvaluator } from '../src/evaluator/evaluator';
import { SpeechWorkerPool } from '../src/worker-pool';
import { collect } from './collect';
import { SPEEDS, TEST_TONES, speak } from './dataset';
import { qualityFigures } from './metrics';
import { verifyAgainstPocketsphinx } from './verify';
import { measureWorkerMemory } from './memory';
import { speechoceanDir } from './speechocean';
import { dumpSpeechocean } from './speechocean-evaluate';
import { asMapped, asRecorded, figuresTable, omissionFigureLines, speechoceanFigures } from './speechocean-figures';
import { FAIRNESS_CONDITIONS, printVoiceTable, voiceFigures } from './voices';

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const line = (name: string, value: string, target = '') =>
  console.log(`${name.padEnd(48)} ${value.padEnd(14)} ${target}`);

const ev = await loadEvaluator();
const sentences = Number(process.env.BENCH_SENTENCES ?? 10);
console.log(
  `Test set: ${sentences} sentences × voices ${TEST_TONES.join(',')} (reference voice 1 excluded) × speeds ${SPEEDS.join(', ')}, white noise at 20 dB SNR`,
);
const records = await collect(ev, {
  sentences,
  onProgress: (d, t) => process.stderr.write(`\r  ${d}/${t} utterances`),
});
process.stderr.write('\n');
const q = qualityFigures(records);

console.log('\n== Quality ==');
line('correct vs wrong text, AUC (total score)', q.aucTotal.toFixed(3), 'target ≥ 0.95');
line('correct vs wrong text, AUC (accuracy score)', q.aucAccuracy.toFixed(3));
line('mean total: correct text / wrong text', `${q.meanCorrectTotal.toFixed(1)} / ${q.meanWrongTotal.toFixed(1)}`);
line('replaced word → mispronounced', pct(q.replacedMispronounced), 'target ≥ 90 %');
line('replaced word → flagged (mispronounced/omitted)', pct(q.replacedFlagged));
line('correct words flagged (false flag)', pct(q.correctFalseFlag), 'target ≤ 5 %');
line('correct words marked omitted', pct(q.correctFalseOmitted));
line('other words of readings with an error, flagged', pct(q.otherFalseFlag), '(read correctly)');
line('other words of readings with an error, marked omitted', pct(q.otherFalseOmitted));
line('omitted word recall', q.omittedRecall.toFixed(3), 'target ≥ 0.9');

console.log('\n== Speed (one core) ==');
const audioMs = records.reduce((s, r) => s + r.audioMs, 0);
const evalMs = records.reduce((s, r) => s + r.evalMs, 0);
const cpuMs = records.reduce((s, r) => s + (r.cpuMs ?? 0), 0);
line('real-time factor (wall time)', (evalMs / audioMs).toFixed(3), 'target ≤ 0.1');
line('real-time factor (process CPU time)', (cpuMs / audioMs).toFixed(3), '(less affected by other jobs)');
const long = await speak(
  'Every morning my brother and I walk to school together with our friends, and on the way we talk about games, homework and the animals we see in the park near the river.',
  2,
  0.85,
  20,
  77,
);
// Streaming: the audio arrives in 100 ms chunks (as from the websocket); latency is the time
// from the last chunk to the result. Batch: the whole evaluation after the last frame.
const streamed: number[] = [];
const batchTimes: number[] = [];
let pushMs = 0;
for (let i = 0; i < 5; i++) {
  const s = ev.startStream({ text: long.text });
  const p0 = performance.now();
  for (let o = 0; o < long.samples.length; o += 1600) s.push(long.samples.subarray(o, o + 1600));
  pushMs = performance.now() - p0;
  const t0 = performance.now();
  await s.finish();
  streamed.push(performance.now() - t0);
  const t1 = performance.now();
  await ev.evaluate({ pcm: long.samples, text: long.text });
  batchTimes.push(performance.now() - t1);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
line(
  `final result latency, ${(long.samples.length / 16000).toFixed(1)} s sentence, streamed`,
  `${median(streamed).toFixed(0)} ms`,
  `target ≤ 300 ms (median of 5 after the last 100 ms chunk; min ${Math.min(...streamed).toFixed(0)} ms)`,
);
line(
  '  same, whole evaluation after the last frame',
  `${median(batchTimes).toFixed(0)} ms`,
  `(push work while audio arrived: ${pushMs.toFixed(0)} ms in total)`,
);

const probe = await measureWorkerMemory();
line(
  'memory per worker (RSS, bundled JS, evaluate + TTS)',
  `${probe.rssMb.toFixed(0)} MB`,
  `target ≤ 150 MB (bare node: ${probe.baseRssMb.toFixed(0)} MB; JS heap ${probe.heapMb.toFixed(0)} MB)`,
);

const pool = new SpeechWorkerPool({ size: 2 });
await pool.ready();
const batch = await Promise.all(
  Array.from({ length: 8 }, (_, i) =>
    speak('Can you help me carry these boxes to the kitchen?', TEST_TONES[i % TEST_TONES.length]!, 1, 20, 300 + i),
  ),
);
const t0 = performance.now();
const settled = await Promise.allSettled(batch.map((u) => pool.evaluate(u.samples, u.text)));
const wall = performance.now() - t0;
await pool.close();
const failed = settled.filter((s) => s.status === 'rejected').length;
line('8 simultaneous evaluations, 2 worker threads', `${8 - failed}/8 ok`, `wall ${wall.toFixed(0)} ms`);

// Fair to every voice: eight eSpeak voices on the children's path and the teacher's, beside the
// figures of the fixed children's warp (bench/voices.ts; README "Fair to every voice").
console.log("\n== Every voice: the children's path and the teacher's ==");
for (const c of FAIRNESS_CONDITIONS) {
  const rows = await voiceFigures(ev, { snrDb: c.snrDb, onProgress: (d, t) => process.stderr.write(`\r  ${d}/${t}`) });
  process.stderr.write('\n');
  printVoiceTable(c.name, rows);
}

console.log('\n== Verification against pocketsphinx (Debian) ==');
const v = await verifyAgainstPocketsphinx(ev);
if (!v.available) console.log('pocketsphinx/sphinxbase-utils not available: skipped');
else {
  line('MFCC vs sphinx_fe, max |diff|', v.featureMaxAbsDiff!.toExponential(2));
  line('MFCC vs sphinx_fe, mean |diff|', v.featureMeanAbsDiff!.toExponential(2));
  if (v.phonesCompared) {
    line(
      'phone start vs pocketsphinx forced alignment',
      `median ${v.boundaryFramesMedian} frames`,
      `${pct(v.boundaryWithin3!)} within 3 frames (${v.phonesCompared} phones)`,
    );
  }
  if (v.senonePhones) {
    line(
      'senone ids vs pocketsphinx mdef',
      `${v.senoneIdsDiffering} differ`,
      `(of ${v.senonePhones} phones: CI phones and triphones)`,
    );
  }
  const g = v.gop;
  if (!g || g.phones < 2) line('GOP correlation with pocketsphinx (Pearson, phones)', 'unavailable');
  else {
    const f = (x: number) => x.toFixed(3);
    line(
      'GOP correlation with pocketsphinx (Pearson, phones)',
      f(g.pearson),
      `Spearman ${f(g.spearman)}, ${g.phones} phones, ${g.utterances}/${g.attempted} utterances`,
    );
    line(
      'GOP vs pocketsphinx, mean |diff| / slope / means',
      `${g.meanAbsDiff.toFixed(2)} nats/fr`,
      `slope ${g.slope.toFixed(2)}, mean ours ${g.meanOurs.toFixed(2)} vs ${g.meanRef.toFixed(2)}`,
    );
    line(
      'GOP correlation with pocketsphinx (words)',
      f(g.wordPearson),
      `Spearman ${f(g.wordSpearman)}, ${g.words} words`,
    );
    line(
      'GOP vs pocketsphinx, one-phone-per-word grammar',
      f(g.pearsonPhoneGrammar),
      '(Pearson, phones; each phone a grammar word)',
    );
    line(
      'GOP reference reconstruction checks',
      `${pct(g.wordsReproduced)} words`,
      `loop ≤ ${g.loopCheck.toFixed(2)} nats/frame from pocketsphinx's scores`,
    );
  }
}

// Real non-native speech: speechocean762's test split (SPEECHOCEAN_DIR; skipped when unset).
// "before" = the scores of scores.ts (the evaluator before the expert mappings, same evidence);
// "now" = the mapped scores the evaluator returns (expert-mapping.ts, fitted on the train split).
console.log("\n== speechocean762, test split (experts' medians) ==");
const soDir = speechoceanDir();
if (soDir) {
  const every = Number(process.env.SO_EVERY ?? 4);
  const checkEvery = Number(process.env.SO_CHECK_EVERY ?? 3);
  const out = process.env.SPEECHOCEAN_DUMP ?? path.join(os.tmpdir(), `ondoku-speechocean-test-${process.pid}.jsonl`);
  const so = await dumpSpeechocean({ dir: soDir, split: 'test', out, every, checkEvery });
  const before = speechoceanFigures(so, asRecorded);
  const now = speechoceanFigures(so, asMapped);
  console.log(
    `${before.readings} readings (every ${every}th of the split; ${before.children} by children aged 6–12), ` +
      `${before.wrongTextPairs} children's readings also scored against a wrong text, ${before.extraCases} texts with one extra word; evaluations in ${out}`,
  );
  // The fixed children's warp's figures (28 November 2026, bench/fair-report.ts; no extra-word texts).
  const fair = JSON.parse(readFileSync(path.join(import.meta.dirname, 'speechocean-fair-before.json'), 'utf8')) as {
    name: string;
    figures: typeof now;
  };
  console.log(
    figuresTable([
      ['before', before],
      [fair.name, fair.figures],
      ['now', now],
    ]),
  );
  for (const l of omissionFigureLines(so)) console.log(l);
}
