/**
 * Benchmark of the evaluation socket (docs/speech-service.md, "Benchmark: children reading at
 * once"): children read a ~10 s sentence in real time (3,200 samples every 200 ms, like the web
 * recorder, raw PCM) to one server process (bench/evaluation-server.ts, a child process with its
 * speech workers), each with a child's ticket, so every result is stored with its recording as in
 * production. Measured: the time from the last frame to the result.
 *
 * Prints, side by side: the latency with 8 simultaneous children (p50/p95), and the largest
 * number of children reading at once that the process serves with the p95 result time after the
 * last frame at most 1 s, found by stepping the concurrency up (starts spread over one second,
 * as children in a class press the button at slightly different moments).
 *
 * Load shedding: a child refused past capacity (50300 混み合っています…) counts as not served; the
 * table shows how many were refused and how soon they were told. `-- --shedding off` runs the
 * server without it, to see the latency grow past capacity.
 *
 * Run when the machine is quiet: npm run bench:streams [-- --steps 2,4,6,8,10,12,16,20,24,32]
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { synthesize } from '@ondoku/speech';
import WebSocket from 'ws';
import { cpuProfileDir, cpuProfiling } from './cpu-profile.js';

const { values } = parseArgs({
  options: {
    steps: { type: 'string', default: '2,4,6,8,10,12,14,16,20,24,28,32,40,48,64' },
    headline: { type: 'string', default: '8' },
    limit: { type: 'string', default: '1000' },
    shedding: { type: 'string', default: 'on' },
    /**
     * A fresh process as the first class after a start meets it: no warm-up reading by the bench
     * (the server warms its workers at start as server.ts does, unless `--warm off`).
     */
    fresh: { type: 'boolean', default: false },
    warm: { type: 'string', default: 'on' },
  },
});
const STEPS = values.steps.split(',').map(Number);
const HEADLINE = Number(values.headline);
const LIMIT_MS = Number(values.limit);
const TEXT =
  'Every morning my little brother and I walk to school together, and on the way we talk about our favourite animals and the games we will play after lunch.';

// BENCH_CPU_PROF=1: V8 CPU profiles of the server process, one file per thread (main thread and
// each speech worker), written when it closes to BENCH_CPU_PROF_DIR (default bench-profiles)/streams.
// The profiler slows the server: read the figures only from runs without it.
const server = fork(path.join(import.meta.dirname, 'evaluation-server.ts'), ['--children', '200', '--warm', values.warm], {
  execArgv: [
    '--import',
    'tsx',
    ...(cpuProfiling ? ['--cpu-prof', `--cpu-prof-dir=${path.join(cpuProfileDir, 'streams')}`] : []),
  ],
  env: { ...process.env, ...(values.shedding === 'off' ? { SPEECH_LOAD_SHEDDING: 'off' } : {}) },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const waiting = new Map<string, (m: Record<string, unknown>) => void>();
const ready = new Promise<void>((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  server.on('message', (m: Record<string, unknown> & { type: string }) => {
    if (m.type === 'ready') resolve();
    waiting.get(m.type)?.(m);
  });
});
const ask = <T = Record<string, unknown>>(msg: { type: string; n?: number }, reply: string) =>
  new Promise<T>((resolve) => {
    waiting.set(reply, resolve as (m: Record<string, unknown>) => void);
    server.send(msg);
  });

const speech = await synthesize({ text: TEXT, toneType: 2 });
const pcm = Int16Array.from(speech.samples, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767));
const frames: string[] = [];
for (let i = 0; i < pcm.length; i += 3200) {
  const c = pcm.subarray(i, i + 3200);
  frames.push(
    JSON.stringify({
      cmd: 'auw',
      status: 1,
      audio: Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString('base64'),
    }),
  );
}
const startFrame = JSON.stringify({
  cmd: 'ssb',
  category: 'read_sentence',
  aue: 'raw',
  language: 'en_us',
  text: TEXT,
  audio: '',
});
await ready;
server.removeAllListeners('exit');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A child told that the server is full (50300), and how long after its start frame. */
class Refused extends Error {
  constructor(readonly afterMs: number) {
    super(`busy after ${afterMs.toFixed(0)} ms`);
  }
}

/** One child reading in real time; resolves with the time from the last frame to the result. */
async function read(url: string, delayMs: number): Promise<number> {
  await sleep(delayMs);
  const ws = new WebSocket(url);
  const reply = new Promise<{ code: number }>((resolve, reject) => {
    ws.once('message', (d) => resolve(JSON.parse(d.toString()) as { code: number }));
    ws.once('error', reject);
    ws.once('close', () => reject(new Error('closed without a reply')));
  });
  reply.catch(() => {});
  await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
  ws.send(startFrame);
  const t0 = performance.now();
  let answered: { code: number } | null = null;
  void reply.then((r) => (answered = r)).catch(() => {});
  for (const [i, f] of frames.entries()) {
    if (answered) break; // refused while reading: stop, as the recorder does
    ws.send(f);
    audioSent += Math.min(3200, pcm.length - i * 3200) / 16000;
    // Real time: the next 200 ms of audio is sent when it has been "recorded".
    const due = t0 + (i + 1) * 200;
    await sleep(Math.max(0, due - performance.now()));
  }
  const last = performance.now();
  ws.send(JSON.stringify({ cmd: 'auw', status: 2, audio: '' }));
  const r = await reply;
  const latency = performance.now() - last;
  ws.close();
  if (r.code === 50300) throw new Refused(performance.now() - t0);
  if (r.code !== 0) throw new Error(`code ${r.code}`);
  return latency;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] ?? NaN;

let poolCost: number | null = null;
/** Seconds of audio the children of the current stage sent (a refused child stops early). */
let audioSent = 0;

interface Stage {
  n: number;
  ok: number;
  errors: number;
  /** Refused with 50300 (counted in errors), and the longest time until a child was told. */
  busy: number;
  busyMaxMs: number;
  p50: number;
  p95: number;
  max: number;
  eldMaxMs: number;
  cpuCores: number;
  /** CPU seconds of the server process (main thread and workers) per second of audio read. */
  cpuPerAudioS: number;
  /** The main thread's part of it (Linux; NaN elsewhere): the rest is the speech workers'. */
  mainPerAudioS: number;
  rssMb: number;
  /** The speech pool's measures at the end of the step: its cost per audio second (wall time of
   *  the workers, what load shedding judges by, and their thread CPU), the last finishes' ms. */
  pool: {
    costPerAudioS: number | null;
    cpuCostPerAudioS: number | null;
    finishMs: number | null;
    finishCpuMs: number | null;
  };
}

async function stage(n: number): Promise<Stage> {
  const { urls } = await ask<{ urls: string[] }>({ type: 'tickets', n }, 'tickets');
  await ask({ type: 'eld-start' }, 'eld-started');
  audioSent = 0;
  const t0 = performance.now();
  const results = await Promise.allSettled(urls.map((u, i) => read(u, (i * 1000) / n)));
  const eld = await ask<{
    maxMs: number;
    cpuCores: number;
    mainCpuS: number | null;
    rss: number;
    costPerAudioS: number | null;
    cpuCostPerAudioS: number | null;
    finishMs: number | null;
    finishCpuMs: number | null;
  }>({ type: 'eld-stop' }, 'eld');
  poolCost = eld.costPerAudioS;
  const wallS = (performance.now() - t0) / 1000;
  const lat = results
    .filter((r): r is PromiseFulfilledResult<number> => r.status === 'fulfilled')
    .map((r) => r.value)
    .sort((a, b) => a - b);
  const errors = results.length - lat.length;
  const refused = results.flatMap((r) => (r.status === 'rejected' && r.reason instanceof Refused ? [r.reason] : []));
  for (const r of results)
    if (r.status === 'rejected' && !(r.reason instanceof Refused))
      console.log(`  error: ${(r.reason as Error).message}`);
  return {
    n,
    ok: lat.length,
    errors,
    busy: refused.length,
    busyMaxMs: Math.max(0, ...refused.map((r) => r.afterMs)),
    p50: pct(lat, 50),
    // Of the children answered with a result (the refused ones are counted in errors and busy).
    p95: pct(lat, 95),
    max: lat.at(-1) ?? NaN,
    eldMaxMs: eld.maxMs,
    cpuCores: eld.cpuCores,
    cpuPerAudioS: (eld.cpuCores * wallS) / audioSent,
    mainPerAudioS: eld.mainCpuS === null ? NaN : eld.mainCpuS / audioSent,
    rssMb: eld.rss / 1e6,
    pool: eld,
  };
}

const row = (s: Stage) =>
  `${String(s.n).padStart(8)} | ${String(s.ok).padStart(3)} | ${String(s.errors).padStart(3)} | ${String(s.busy).padStart(4)} | ${(s.busy ? s.busyMaxMs.toFixed(0) : '-').padStart(8)} | ${s.p50.toFixed(0).padStart(6)} | ${(Number.isFinite(s.p95) ? s.p95.toFixed(0) : '-').padStart(6)} | ${s.max.toFixed(0).padStart(6)} | ${s.eldMaxMs.toFixed(0).padStart(7)} | ${s.cpuCores.toFixed(2).padStart(5)} | ${s.cpuPerAudioS.toFixed(3).padStart(9)} | ${s.mainPerAudioS.toFixed(3).padStart(6)} | ${s.rssMb.toFixed(0).padStart(5)} | ${fmt(s.pool.costPerAudioS, 3)} / ${fmt(s.pool.cpuCostPerAudioS, 3)} | ${fmt(s.pool.finishMs, 0)} / ${fmt(s.pool.finishCpuMs, 0)}`;
const fmt = (x: number | null, digits: number) => (x === null ? '-' : x.toFixed(digits));

console.log(
  `reading: ${(pcm.length / 16000).toFixed(1)} s of audio in real time; ${os.availableParallelism()} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (!values.fresh) await read((await ask<{ urls: string[] }>({ type: 'tickets', n: 1 }, 'tickets')).urls[0]!, 0); // warm-up
else console.log(`fresh process (workers warmed at start: ${values.warm})`);
console.log(
  'children | ok  | err | busy | told ms | p50 ms | p95 ms | max ms | eld max | cores | CPU s / s |  main  | RSS MB | pool s / s: wall / CPU | finish ms: wall / CPU',
);
const headline = await stage(HEADLINE);
console.log(row(headline));
let capacity = 0;
let failed = false;
const stages: Stage[] = [];
for (const n of STEPS) {
  const s = n === HEADLINE ? headline : await stage(n);
  stages.push(s);
  if (n !== HEADLINE) console.log(row(s));
  if (!failed && s.errors === 0 && s.p95 <= LIMIT_MS) capacity = n;
  else {
    failed = true;
    // With load shedding, go on a little past the first refusal: the children refused are told at
    // once and those accepted keep their p95, which the next steps show.
    if (values.shedding === 'off' || n >= 2 * Math.max(capacity, 4)) break;
  }
}
// With load shedding, the most children answered within the limit at once, the others (if any)
// only refused (told busy), never failed otherwise: what a class gets from this process.
const within = stages.filter((s) => s.ok > 0 && s.errors === s.busy && s.p95 <= LIMIT_MS);
const served = within.reduce<Stage | undefined>((a, s) => (a && a.ok >= s.ok ? a : s), undefined);
// What the measured CPU cost means on idle cores: the speech workers keep up while the children
// read no faster than they can score (one worker per core here). The cost of the step that served
// the most (the first step, the headline, also warms the process up and costs more).
const cost = (served ?? headline).cpuPerAudioS;
const workers = Number(process.env.SPEECH_WORKERS ?? 2);
const measured = poolCost as number | null; // set by stage()
if (measured !== null)
  console.log(`the speech pool's own measure: ${measured.toFixed(3)} s of a worker per second of audio`);
console.log(
  `CPU per second of audio read: ${cost.toFixed(3)} s at ${(served ?? headline).ok} children (main thread and workers; the main thread ${(served ?? headline).mainPerAudioS.toFixed(3)} s); ${workers} idle cores would keep up with about ${Math.floor(workers / cost)} children reading at once (an estimate; the measured figure above is what this machine gave now)`,
);
const stats = await ask<{ rows: number; files: number; audioMs: number; bytes: number }>({ type: 'stats' }, 'stats');
console.log('');
console.log(
  `| evaluation socket, ${HEADLINE} children at once | children one process serves (p95 ≤ ${LIMIT_MS} ms), none turned away | most served at once (p95 ≤ ${LIMIT_MS} ms), the rest told busy |`,
);
console.log(
  `| ---------------------------------------------- | ------------------------------------------------- | --- |`,
);
console.log(
  `| p50 ${headline.p50.toFixed(0)} ms, p95 ${headline.p95.toFixed(0)} ms after the last frame | ${capacity} (steps ${STEPS.join(', ')}) | ${served ? `${served.ok} of ${served.n} offered` : '-'} |`,
);
console.log(
  `stored: ${stats.rows} results; their ${stats.files} distinct recordings (equal audio shares a file): ${(stats.audioMs / 1000).toFixed(1)} s in ${stats.bytes} bytes (${(stats.bytes / (stats.audioMs / 1000)).toFixed(0)} bytes per second)`,
);
await ask({ type: 'close' }, 'closed');
