/**
 * CPU of the parts of a stream's finish (issue 11, item 6): the bench sentence of
 * bench:streams (7.7 s, TTS) pushed in the recorder's 3,200-sample chunks, then, each timed on its
 * own: the scorer's finish (the static stream's scores on the shortlists, and their mixing), the
 * phone loop, the forced (A) and skippable (B) alignments alone, and the whole analysis
 * (analyseScores: the phone loop, A, B, the final alignment and GOP). Median of 11 runs, ms of CPU.
 * `scorer.finish JS` is the scorer's finish of the same stream with its WebAssembly kernels off
 * (the static stream's shortlists, the top 4, the mixing: the same scores, computed in JS), run
 * alternately with `scorer.finish`.
 *
 *   npx tsx packages/speech/bench/finish-parts.ts
 */
import { loadEvaluator } from '../src/evaluator/evaluator';
import { synthesize } from '../src/tts/synthesize';
import { IncrementalScorer } from '../src/decoder/incremental-scorer';
import { MfccExtractor } from '../src/frontend/mfcc';
import { planAnalysis, analyseScores } from '../src/evaluator/align';
import { pronunciations } from '../src/lexicon/lexicon';
import { splitWords } from '../src/text/tokenize';
import { decodePhoneLoop } from '../src/decoder/phone-loop';
import { viterbi } from '../src/decoder/viterbi';
const text =
  'Every morning my little brother and I walk to school together, and on the way we talk about our favourite animals and the games we will play after lunch.';
const ev = await loadEvaluator();
const model = ev.model;
const speech = await synthesize({ text, toneType: 2 });
const pcm = Int16Array.from(speech.samples, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767));
const prons = await Promise.all(splitWords(text).map((w) => pronunciations(w.text)));
const cpu = (f: () => void) => {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};
const rows: Record<string, number[]> = {};
const add = (k: string, v: number) => (rows[k] ??= []).push(v);
for (let r = 0; r < 12; r++) {
  const plan = planAnalysis(model, prons);
  const sc = new IncrementalScorer(model, new MfccExtractor(model.params));
  sc.setSenones(plan.senones);
  let push = 0;
  for (let i = 0; i < pcm.length; i += 3200) push += cpu(() => sc.push(pcm.subarray(i, i + 3200)));
  let scores!: ReturnType<IncrementalScorer['finish']>;
  add('push', push);
  const js = new IncrementalScorer(model, new MfccExtractor(model.params));
  Object.assign(js, { shortlistKernel: false, top4Kernel: false, mixKernel: false });
  js.setSenones(plan.senones);
  for (let i = 0; i < pcm.length; i += 3200) js.push(pcm.subarray(i, i + 3200));
  const jsFinish = () =>
    add(
      'scorer.finish JS',
      cpu(() => js.finish()),
    );
  if (r % 2) jsFinish();
  add(
    'scorer.finish',
    cpu(() => (scores = sc.finish())),
  );
  if (r % 2 === 0) jsFinish();
  add(
    'phoneLoop',
    cpu(() => decodePhoneLoop(model, scores)),
  );
  add(
    'viterbiA',
    cpu(() => viterbi(plan.forced, scores)),
  );
  add(
    'viterbiB',
    cpu(() => viterbi(plan.skippable, scores)),
  );
  add(
    'analyseScores',
    cpu(() => analyseScores(model, plan, scores)),
  );
}
const med = (a: number[]) => a.slice(1).sort((x, y) => x - y)[Math.floor((a.length - 1) / 2)]!;
console.log(
  pcm.length / 16000,
  's',
  Object.entries(rows)
    .map(([k, v]) => `${k} ${med(v).toFixed(1)}`)
    .join(', '),
);
