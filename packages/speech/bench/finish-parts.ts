/**
 * CPU of the parts of a stream's finish (docs/speech-service.md, "The finish, made cheaper"): the
 * bench sentence of bench:streams (7.7 s, TTS) pushed in the recorder's 3,200-sample chunks, then,
 * each timed on its own: the whole finish of a stream (EvaluationStream.finish: the scorer's
 * finish, analyseScores and the result), the scorer's finish (the static stream's scores on the
 * shortlists, and their mixing), the phone loop, the forced (A) and skippable (B) alignments alone,
 * and the whole analysis (analyseScores: the phone loop, A, B, the final alignment and GOP). ms of
 * CPU of the process (process.cpuUsage: V8's compiler and GC threads included), median (min) of
 * RUNS runs (default 24) after WARMUP runs (default 2). V8 keeps compiling the functions a finish
 * calls once (expert features, omission model, …) for dozens of finishes; WARMUP=100 leaves that
 * out. `scorer.finish JS` is the scorer's finish of the same audio with its WebAssembly kernels off
 * (the static stream's shortlists, the top 4, the mixing: the same scores, computed in JS).
 *
 *   npx tsx packages/speech/bench/finish-parts.ts
 *
 * FINISH_PARTS_BASE=<another copy's packages/speech/src> times that copy too, in the same process,
 * alternately with this one (A/B/B/A…), and checks that both give the same result JSON; e.g. main's:
 *   git -C <main> archive HEAD packages/speech | tar -x -C /tmp/base   (node_modules linked beside it)
 */
import path from 'node:path';

const text =
  'Every morning my little brother and I walk to school together, and on the way we talk about our favourite animals and the games we will play after lunch.';
const here = path.resolve(import.meta.dirname, '../src');

/* eslint-disable @typescript-eslint/no-explicit-any -- modules of either copy, loaded by path */
async function load(dir: string) {
  const ev = await (await import(`${dir}/evaluator/evaluator.ts`)).loadEvaluator();
  const align = await import(`${dir}/evaluator/align.ts`);
  const { viterbi } = await import(`${dir}/decoder/viterbi.ts`);
  const { decodePhoneLoop } = await import(`${dir}/decoder/phone-loop.ts`);
  const { IncrementalScorer } = await import(`${dir}/decoder/incremental-scorer.ts`);
  const { MfccExtractor } = await import(`${dir}/frontend/mfcc.ts`);
  const { pronunciations } = await import(`${dir}/lexicon/lexicon.ts`);
  const { splitWords } = await import(`${dir}/text/tokenize.ts`);
  const prons = await Promise.all(splitWords(text).map((w: { text: string }) => pronunciations(w.text)));
  return { ev, model: ev.model, align, viterbi, decodePhoneLoop, IncrementalScorer, MfccExtractor, prons };
}
const versions: Record<string, Awaited<ReturnType<typeof load>>> = { this: await load(here) };
const base = process.env.FINISH_PARTS_BASE;
if (base) versions.base = await load(path.resolve(base));
const { synthesize } = await import(`${here}/tts/synthesize.ts`);
const speech = await synthesize({ text, toneType: 2 });
const pcm = Int16Array.from(speech.samples, (x: number) => Math.round(Math.max(-1, Math.min(1, x)) * 32767));

const cpu = (f: () => void) => {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};
const rows: Record<string, Record<string, number[]>> = {};
const add = (v: string, k: string, ms: number) => ((rows[k] ??= {})[v] ??= []).push(ms);
const results: Record<string, string> = {};
const runs = Number(process.env.RUNS ?? 24);
const warmup = Number(process.env.WARMUP ?? 2);
for (let r = 0; r < runs + warmup; r++) {
  const order = Object.keys(versions);
  if (r % 2) order.reverse();
  for (const name of order) {
    const v = versions[name]!;
    const keep = r >= warmup;
    // The whole finish of a stream, as the worker runs it.
    const stream = v.ev.startStream({ text });
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (let i = 0; i < pcm.length; i += 3200) stream.push(pcm.subarray(i, i + 3200));
    const c0 = process.cpuUsage();
    results[name] = JSON.stringify(await stream.finish());
    const c = process.cpuUsage(c0);
    if (keep) add(name, 'finish', (c.user + c.system) / 1000);
    // Its parts, each alone, on the same audio.
    const plan = v.align.planAnalysis(v.model, v.prons);
    const sc = new v.IncrementalScorer(v.model, new v.MfccExtractor(v.model.params));
    sc.setSenones(plan.senones);
    let push = 0;
    for (let i = 0; i < pcm.length; i += 3200) push += cpu(() => sc.push(pcm.subarray(i, i + 3200)));
    // The same audio in a scorer with the WebAssembly kernels of the finish off (JS, same scores).
    const js = new v.IncrementalScorer(v.model, new v.MfccExtractor(v.model.params));
    Object.assign(js, { shortlistKernel: false, top4Kernel: false, mixKernel: false });
    js.setSenones(plan.senones);
    for (let i = 0; i < pcm.length; i += 3200) js.push(pcm.subarray(i, i + 3200));
    let scores: any;
    const parts: Array<[string, () => void]> = [
      ['scorer.finish', () => (scores = sc.finish())],
      ['scorer.finish JS', () => js.finish()],
      ['analyseScores', () => v.align.analyseScores(v.model, plan, scores)],
      ['phoneLoop', () => v.decodePhoneLoop(v.model, scores)],
      ['viterbiA', () => v.viterbi(plan.forced, scores)],
      ['viterbiB', () => v.viterbi(plan.skippable, scores)],
    ];
    if (keep) add(name, 'push', push);
    for (const [k, f] of parts) {
      const ms = cpu(f);
      if (keep) add(name, k, ms);
    }
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const fmt = (a: number[]) => `${med(a).toFixed(1)} (${Math.min(...a).toFixed(1)})`;
console.log(`${pcm.length / 16000} s, ms of CPU, median (min) of ${runs} runs`);
if (base) console.log('same result JSON:', results.this === results.base);
for (const [k, byVersion] of Object.entries(rows))
  console.log(
    k.padEnd(14),
    Object.entries(byVersion)
      .map(([name, a]) => `${name} ${fmt(a)}`)
      .join('   '),
  );
