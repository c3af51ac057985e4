/**
 * CPU of one streamed evaluation per second of audio, by part (docs/speech-service.md, "The
 * evaluator's cost"): a sentence read by the TTS is pushed in the recorder's 3,200-sample chunks
 * (as the speech worker receives them), each chunk scored and encoded into the recording as
 * worker.ts does, then finish() (the alignment) and the recording's mux. Single thread, no server.
 *
 *   npx tsx packages/speech/bench/stream-cost.ts [--runs 5] [--text "…"] [--json out.json]
 *
 * With --json, also writes every run's result (scores per word) so two versions can be compared.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { Recording } from '../src/audio/recording';
import { loadEvaluator } from '../src/evaluator/evaluator';
import { synthesize } from '../src/tts/synthesize';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    text: {
      type: 'string',
      default:
        'Every morning my little brother and I walk to school together, and on the way we talk about our favourite animals and the games we will play after lunch.',
    },
    record: { type: 'string', default: 'on' },
    json: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const ev = await loadEvaluator();
const speech = await synthesize({ text: values.text, toneType: 2 });
const pcm = Int16Array.from(speech.samples, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767));
const audioS = pcm.length / 16000;

const cpuMs = (f: () => void) => {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};
const results: unknown[] = [];
const rows: { push: number; encode: number; finish: number; mux: number }[] = [];
for (let r = 0; r < RUNS + 1; r++) {
  const stream = ev.startStream({ text: values.text, category: 'read_sentence' });
  const rec = values.record === 'on' ? new Recording() : null;
  await new Promise((res) => setTimeout(res, 0)); // the plan (pronunciations) resolves
  let push = 0;
  let encode = 0;
  for (let i = 0; i < pcm.length; i += 3200) {
    const chunk = pcm.subarray(i, i + 3200);
    push += cpuMs(() => stream.push(chunk));
    if (rec) encode += cpuMs(() => rec.addPcm(chunk));
  }
  let c0 = process.cpuUsage();
  const result = await stream.finish();
  let c = process.cpuUsage(c0);
  const finish = (c.user + c.system) / 1000;
  c0 = process.cpuUsage();
  await rec?.finish();
  c = process.cpuUsage(c0);
  const mux = (c.user + c.system) / 1000;
  if (r > 0) {
    rows.push({ push, encode, finish, mux });
    results.push(result);
  }
}
const med = (k: keyof (typeof rows)[0]) => rows.map((x) => x[k]).sort((a, b) => a - b)[Math.floor(rows.length / 2)]!;
const total = med('push') + med('encode') + med('finish') + med('mux');
console.log(
  `${audioS.toFixed(1)} s of audio, median of ${RUNS} runs (ms of CPU per audio second): scoring ${(med('push') / audioS).toFixed(1)}, recording ${(med('encode') / audioS).toFixed(1)}, finish ${(med('finish') / audioS).toFixed(1)} (${med('finish').toFixed(0)} ms), mux ${(med('mux') / audioS).toFixed(1)}; total ${(total / audioS).toFixed(1)} ms per audio second`,
);
const first = results[0] as {
  total_score: number;
  accuracy_score: number;
  fluency_score: number;
  words: { word: string; score: number }[];
};
console.log(
  `scores: total ${first.total_score} accuracy ${first.accuracy_score} fluency ${first.fluency_score}; words ${first.words.map((w) => w.score).join(' ')}`,
);
if (values.json) fs.writeFileSync(values.json, JSON.stringify(results[0], null, 1));
