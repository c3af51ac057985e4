/**
 * Benchmark of submissions and results at region size (docs/benchmarks.md, "Submissions and results
 * at region size"), side by side on the embedded PostgreSQL and an external one
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a fresh database is made
 * there and dropped; BENCH_DATABASE_URL=none skips it). The server runs in a child process
 * (bench/results-server.ts, which builds the data set: see there). Measured over loopback with
 * keep-alive clients:
 *
 * - submission: `--children` children at once (50), each submitting the topic `--rounds` times
 *   through POST /api/v2/student/submit-topic, naming results stored beforehand by the socket's
 *   store code (the evaluator is not run per request); p50/p95/p99 of every submission;
 * - the matrix (topic-score-overview-x and -y, 40 children × 30 topics, one page of 40) and the
 *   homework details (all-topic-overview: the 40 × 30 homework, and region homework of 30 × 5),
 *   `--clients` (50) clients for `--seconds` each; target p95 ≤ 30 ms;
 * - the export of 生徒別の得点 for a homework of 10,000 children through a download task
 *   (create, then the list polled until finished): time, file size, and the server's resident
 *   memory above its level before the export (sampled every 20 ms); target ≤ 1 s, ≤ 200 MB.
 *
 * Run: npm run bench:results [-- --seconds 5 --clients 50 --teachers 20 --only overview]; BENCH_CPU_PROF=1
 * writes a CPU profile of the server per measured call (bench/cpu-profile.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuPerRequest, cpuProfileDir, cpuProfiling, profileName } from './cpu-profile.js';
import { onEachDatabase } from './databases.js';
import { acceptEncoding, decodedBody, envelopeErrcode } from './encoding.js';
import { handIn, type HandInFigures, type HandIns } from './hand-ins.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    clients: { type: 'string', default: '50' },
    children: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '6' },
    teachers: { type: 'string', default: '20' },
    exportRows: { type: 'string', default: '10000' },
    /** Only the parts whose name contains this, or one of these comma-separated parts (a call, `submit-topic`, `export`). */
    only: { type: 'string' },
    /**
     * How each call is loaded (docs/benchmarks.md, "Hit, miss and hand-ins"): `hit`, `miss` (the
     * reply cache passed by), `hand-ins` (cache on, while the children hand in the teacher's homework).
     */
    modes: { type: 'string', default: 'hit,miss,hand-ins' },
    /** Each child's pause between two hand-ins in mode `hand-ins` (ms, ± half at random). */
    gap: { type: 'string', default: '1000' },
  },
});
type Mode = 'hit' | 'miss' | 'hand-ins';
const MODES = values.modes!.split(',') as Mode[];
const GAP = Number(values.gap);
const loadAvg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const wanted = (name: string) => !values.only || values.only.split(',').some((o) => name.includes(o));
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);
const external = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Ready {
  port: number;
  matrixClass: number;
  matrixStudent: string;
  teacherToken: string;
  exportToken: string;
  submit: { homeworkId: number; topicId: number; children: { token: string; sids: string[][] }[] };
  handIns: HandIns;
  matrixHomework: number[];
  regionHomework: number[];
  exportHomework: number;
  counts: Record<string, number>;
  ms: Record<string, number>;
  dbUrl: string;
}
interface Student {
  proc: ChildProcess;
  ready: Ready;
  ask(type: string, reply: string, extra?: Record<string, unknown>): Promise<Record<string, unknown>>;
}

async function startStudent(args: string[], script = 'results-server.ts'): Promise<Student> {
  const proc = fork(path.join(import.meta.dirname, script), args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, (m: Record<string, unknown>) => void>();
  const ready = await new Promise<Ready>((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    proc.on('message', (m: Record<string, unknown> & { type: string }) => {
      if (m.type === 'ready') resolve(m as unknown as Ready);
      waiting.get(m.type)?.(m);
    });
  });
  proc.removeAllListeners('exit');
  const ask = (type: string, reply: string, extra: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve) => {
      waiting.set(reply, resolve);
      proc.send({ ...extra, type });
    });
  return { proc, ready, ask };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(CLIENTS, Number(values.children)) * 2 });
interface Reply {
  status: number;
  ms: number;
  errcode: number | null;
  json: Record<string, unknown> | null;
  bytes: number;
}
/** As in api-load.ts: a request on a kept-alive socket the server had closed as idle is sent again once. */
function request(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: unknown,
  opts: { parse?: boolean } = {},
): Promise<Reply> {
  return requestOnce(port, method, url, token, body, opts).catch((e: Error & { reused?: boolean }) => {
    if (e.reused) return requestOnce(port, method, url, token, body, opts);
    throw e;
  });
}
function requestOnce(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: unknown,
  opts: { parse?: boolean } = {},
): Promise<Reply> {
  const t0 = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          ...acceptEncoding,
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          let json: Record<string, unknown> | null = null;
          let errcode: number | null = null;
          if (String(res.headers['content-type']).startsWith('application/json')) {
            const text = decodedBody(res.headers, buf);
            // Loads read only the errcode (encoding.ts, envelopeErrcode); the other steps the whole reply.
            if (opts.parse === false) errcode = envelopeErrcode(text);
            else json = JSON.parse(text.toString()) as Record<string, unknown>;
          }
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - t0,
            errcode: json ? ((json.errcode as number | undefined) ?? null) : errcode,
            json,
            bytes: buf.length,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', (e: Error & { code?: string; reused?: boolean }) => {
      e.reused = req.reusedSocket && e.code === 'ECONNRESET';
      reject(e);
    });
    req.end(payload);
  });
}
const ok = (r: Reply) => r.status === 200 && (r.errcode === null || r.errcode === 0);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] ?? NaN;
interface Lat {
  n: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** CPU per answered request: the server process, its PostgreSQL backends (ms; loads only). */
  nodeMs?: number;
  pgMs?: number;
  /** The machine's 1-minute load average when it ended. */
  load1?: number;
  handIns?: HandInFigures;
}
const summarise = (lat: number[], seconds: number, errors: number): Lat => {
  lat.sort((a, b) => a - b);
  return {
    n: lat.length,
    rps: lat.length / seconds,
    p50: pct(lat, 50),
    p95: pct(lat, 95),
    p99: pct(lat, 99),
    errors,
    load1: os.loadavg()[0]!,
  };
};

/** CLIENTS loops, each sending the next request when the previous answered, for SECONDS. */
async function load(c: Student, token: string, urls: () => string, profile: string): Promise<Lat> {
  const port = c.ready.port;
  for (let i = 0; i < CLIENTS; i++) await request(port, 'GET', urls(), token); // warm-up
  if (cpuProfiling) await c.ask('prof-start', 'prof-started');
  const cpu0 = await c.ask('cpu', 'cpu');
  const lat: number[] = [];
  let errors = 0;
  const t0 = performance.now();
  const end = t0 + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const r = await request(port, 'GET', urls(), token, undefined, { parse: false });
        if (!ok(r)) errors++;
        lat.push(r.ms);
      }
    }),
  );
  const result = summarise(lat, (performance.now() - t0) / 1000, errors);
  const cpu1 = await c.ask('cpu', 'cpu');
  type Cpu = Parameters<typeof cpuPerRequest>[0];
  Object.assign(result, cpuPerRequest(cpu0 as unknown as Cpu, cpu1 as unknown as Cpu, lat.length));
  if (cpuProfiling) await c.ask('prof-stop', 'prof-stopped', { file: path.join(cpuProfileDir, profile) });
  return result;
}

/** Every child submits the topic once per round, all children at once. */
async function submissions(c: Student): Promise<Lat> {
  const { homeworkId, topicId, children: students } = c.ready.submit;
  const lat: number[] = [];
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    students.map(async (student) => {
      for (const sids of student.sids) {
        const r = await request(c.ready.port, 'POST', '/api/v2/student/submit-topic', student.token, {
          homework_id: homeworkId,
          topic_id: topicId,
          answers: sids.map((sid, i) => ({ question_id: i, sid })),
        });
        if (!ok(r)) {
          errors++;
          if (errors <= 3) process.stderr.write(`  submit failed: ${r.status} ${JSON.stringify(r.json)}\n`);
        }
        lat.push(r.ms);
      }
    }),
  );
  return summarise(lat, (performance.now() - t0) / 1000, errors);
}

interface ExportFigure {
  ms: number;
  bytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  status: string;
}
async function exportTask(c: Student): Promise<ExportFigure> {
  const { port, exportToken, exportHomework } = c.ready;
  await new Promise((r) => setTimeout(r, 500));
  const rssBefore = (await c.ask('rss', 'rss')).rss as number;
  let peak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, (await c.ask('rss', 'rss')).rss as number);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const t0 = performance.now();
  const created = await request(port, 'POST', '/api/v2/download-task/create', exportToken, {
    kind: 'topic-student-score',
    homework_id: exportHomework,
  });
  if (!ok(created)) throw new Error(`create task: ${JSON.stringify(created.json)}`);
  const taskId = (created.json!.data as { task: { task_id: number } }).task.task_id as number;
  let row: { status: string; size_bytes: number | null } | undefined;
  for (;;) {
    const list = await request(port, 'GET', '/api/v2/download-task/page-list?page=1&limit=10', exportToken);
    row = (list.json!.data as { rows: { task_id: number; status: string; size_bytes: number | null }[] }).rows.find(
      (r) => r.task_id === taskId,
    );
    if (row && row.status !== 'processing') break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - t0;
  sampling = false;
  await sampler;
  return { ms, bytes: row.size_bytes ?? 0, rssBeforeMb: rssBefore / 1e6, rssPeakMb: peak / 1e6, status: row.status };
}

interface DbFigures {
  label: string;
  ready: Ready;
  submit: Lat | null;
  /** Each call, and the SELECT 1 reference (bench/api-server.ts --reference) loaded right before it. */
  calls: [string, Lat, Lat][];
  /** The first export of the process (exceljs loaded and compiled on first use), then a second. */
  export: ExportFigure | null;
  exportWarm: ExportFigure | null;
}

async function benchDatabase(label: string, url?: string): Promise<DbFigures> {
  process.stderr.write(`[${label}] building the data set…\n`);
  const c = await startStudent([
    ...(url ? ['--url', url] : []),
    '--children',
    values.children!,
    '--rounds',
    values.rounds!,
    '--teachers',
    values.teachers!,
    '--exportRows',
    values.exportRows!,
  ]);
  const ref = await startStudent(['--reference', '--url', c.ready.dbUrl], 'api-server.ts');
  try {
    const { teacherToken, matrixHomework, regionHomework } = c.ready;
    process.stderr.write(`[${label}] ${JSON.stringify(c.ready.counts)}\n`);
    let submit: Lat | null = null;
    if (wanted('submit-topic')) {
      process.stderr.write(`[${label}] submissions\n`);
      submit = await submissions(c);
    }
    let n = 0;
    const m = () => matrixHomework[n++ % matrixHomework.length]!;
    const r = () => regionHomework[n++ % regionHomework.length]!;
    const calls: [string, () => string][] = [
      // The cheapest authenticated call of the same server.
      ['teacher/info', () => '/api/v2/teacher/info'],
      ['topic-score-overview-x (30 topics)', () => `/api/v2/homework/topic-score-overview-x?homework_id=${m()}`],
      [
        'topic-score-overview-y (40 × 30)',
        () => `/api/v2/homework/topic-score-overview-y?homework_id=${m()}&page=1&limit=40`,
      ],
      ['all-topic-overview (40 × 30)', () => `/api/v2/homework/all-topic-overview?homework_id=${m()}`],
      ['all-topic-overview (region, 30 × 5)', () => `/api/v2/homework/all-topic-overview?homework_id=${r()}`],
      // Learning statistics of the matrix class (40 children, 24,000 submissions; docs/learning-statistics.md).
      [
        'statistics/progress-graph (12 weeks)',
        () => `/api/v2/statistics/progress-graph?team_id=${c.ready.matrixClass}`,
      ],
      [
        'statistics/progress-graph (a child, by month)',
        () =>
          `/api/v2/statistics/progress-graph?team_id=${c.ready.matrixClass}&unit=month&student_id=${c.ready.matrixStudent}`,
      ],
      ['statistics/usage-amount (by day)', () => `/api/v2/statistics/usage-amount?team_id=${c.ready.matrixClass}`],
      [
        'statistics/word-progress (school year)',
        () => `/api/v2/statistics/word-progress?team_id=${c.ready.matrixClass}&book_code=bench-wb&part=1`,
      ],
      [
        'statistics/sound-insights (3 months)',
        () => `/api/v2/statistics/sound-insights?team_id=${c.ready.matrixClass}`,
      ],
      // The same reads never answered from the read cache: another period every time (2,000 of
      // them: about 12 weeks, or a school year, ending up to 20 days ago), so each request reads
      // the database.
      ...(
        [
          ['progress-graph', 84],
          ['usage-amount', 84],
          ['word-progress', 240],
          ['sound-insights', 84],
        ] as const
      ).map(
        ([call, days]) =>
          [
            `statistics/${call} (uncached)`,
            () => {
              const k = n++;
              const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
              const book = call === 'word-progress' ? '&book_code=bench-wb&part=1' : '';
              return `/api/v2/statistics/${call}?team_id=${c.ready.matrixClass}&start_date=${day(days + (k % 100))}&end_date=${day(Math.floor(k / 100) % 20)}${book}`;
            },
          ] as [string, () => string],
      ),
    ];
    // The reference runs right before each call, so that each ratio compares figures taken under
    // the same load of the machine.
    const results: [string, Lat, Lat][] = [];
    for (const [name, urls] of calls.filter(([n]) => wanted(n)))
      for (const mode of MODES) {
        // A call never answered from the cache has no hit to show.
        if (mode === 'hit' && name.includes('uncached')) continue;
        const row = `${name} [${mode}]`;
        process.stderr.write(`[${label}] ${row} (load ${loadAvg()})\n`);
        const before = await load(ref, '', () => '/ref', profileName(`${label}-reference`, row));
        await c.ask('cache', 'cache-set', { bypass: mode === 'miss' });
        const stop = mode === 'hand-ins' ? handIn(c.ready.port, c.ready.handIns, GAP) : null;
        const l = await load(c, teacherToken, urls, profileName(label, row));
        if (stop) l.handIns = await stop();
        await c.ask('cache', 'cache-set', { bypass: false });
        results.push([row, l, before]);
      }
    let ex: ExportFigure | null = null;
    let exWarm: ExportFigure | null = null;
    if (wanted('export')) {
      process.stderr.write(`[${label}] export\n`);
      ex = await exportTask(c);
      if (cpuProfiling) await c.ask('prof-start', 'prof-started');
      exWarm = await exportTask(c);
      if (cpuProfiling)
        await c.ask('prof-stop', 'prof-stopped', { file: path.join(cpuProfileDir, profileName(label, 'export-warm')) });
    }
    return { label, ready: c.ready, submit, calls: results, export: ex, exportWarm: exWarm };
  } finally {
    await ref.ask('close', 'closed');
    await c.ask('close', 'closed');
    await new Promise((res) => (c.proc.exitCode !== null ? res(null) : c.proc.once('exit', res)));
  }
}

const figures: DbFigures[] = await onEachDatabase(external, benchDatabase);
agent.destroy();

// ── Report ──
const f1 = (x: number) => x.toFixed(1);
const lat = (l: Lat) => `${f1(l.p50)}/${f1(l.p95)}/${f1(l.p99)}`;
const head = [
  '',
  ...figures.flatMap((f) => [`${f.label} p50/p95/p99 ms`, 'req/s', '× ref', 'ref req/s', 'CPU ms/req node+pg', 'load']),
];
const blank = ['', '', '', '', ''];
const cpu = (l: Lat) => `${l.nodeMs!.toFixed(2)}+${l.pgMs!.toFixed(2)}`;
const rows: string[][] = [];
const misses: string[] = [];
if (figures[0]!.submit)
  rows.push([
    `submit-topic, ${values.children} children at once`,
    ...figures.flatMap((f) => {
      if (f.submit!.errors) misses.push(`${f.label} submit-topic: ${f.submit!.errors} errors`);
      if (f.submit!.p95 > 200) misses.push(`${f.label} submit-topic: p95 ${f1(f.submit!.p95)} ms > 200`);
      return [lat(f.submit!), f1(f.submit!.rps), '', '', '', f.submit!.load1!.toFixed(2)];
    }),
  ]);
const refs = figures.map((f) => f.calls.map(([, , r]) => r));
if (refs[0]!.length)
  rows.push([
    'reference (SELECT 1), mean',
    ...refs.flatMap((list) => {
      const mean = (k: Exclude<keyof Lat, 'handIns'>) => list.reduce((a, r) => a + (r[k] ?? 0), 0) / list.length;
      return [
        `${f1(mean('p50'))}/${f1(mean('p95'))}/${f1(mean('p99'))}`,
        f1(mean('rps')),
        '1.00',
        '',
        `${mean('nodeMs').toFixed(2)}+${mean('pgMs').toFixed(2)}`,
        '',
      ];
    }),
  ]);
for (let i = 0; i < figures[0]!.calls.length; i++) {
  const name = figures[0]!.calls[i]![0];
  rows.push([
    `${name}, ${CLIENTS} clients`,
    ...figures.flatMap((f) => {
      const [, l, r] = f.calls[i]!;
      const ratio = l.rps / r.rps;
      // Targets (docs/benchmarks.md, "Hit, miss and hand-ins"): a hit p95 ≤ 30 ms and ≥ 0.8 × the
      // reference; a miss, or a read between hand-ins, p95 ≤ 50 ms and ≥ 0.4 ×.
      const hit = name.endsWith('[hit]');
      if (l.p95 > (hit ? 30 : 50)) misses.push(`${f.label} ${name}: p95 ${f1(l.p95)} ms > ${hit ? 30 : 50}`);
      if (ratio < (hit ? 0.8 : 0.4)) misses.push(`${f.label} ${name}: ${ratio.toFixed(2)} × < ${hit ? 0.8 : 0.4}`);
      if (l.errors) misses.push(`${f.label} ${name}: ${l.errors} errors`);
      const h = l.handIns;
      if (h?.errors) misses.push(`${f.label} ${name}: ${h.errors} hand-ins failed`);
      if (h?.exhausted) misses.push(`${f.label} ${name}: ${h.exhausted} children ran out of results`);
      if (h && h.p95 > 200) misses.push(`${f.label} ${name}: hand-in p95 ${f1(h.p95)} ms > 200`);
      return [lat(l), f1(l.rps), ratio.toFixed(2), f1(r.rps), cpu(l), l.load1!.toFixed(2)];
    }),
  ]);
  if (figures.some((f) => f.calls[i]![1].handIns))
    rows.push([
      `  hand-ins meanwhile (${values.children} children, ${GAP} ms apart)`,
      ...figures.flatMap((f) => {
        const h = f.calls[i]![1].handIns;
        return h ? [`${f1(h.p50)}/${f1(h.p95)} (p50/p95)`, `n=${h.n}`, '', '', '', ''] : ['', ...blank];
      }),
    ]);
}
for (const [which, pick] of [
  ['first', (f: DbFigures) => f.export],
  ['second', (f: DbFigures) => f.exportWarm],
] as const)
  if (figures[0]!.export)
    rows.push([
      `export 生徒別の得点, ${values.exportRows} rows (task, ${which})`,
      ...figures.flatMap((f) => {
        const e = pick(f);
        if (!e) return ['', ...blank];
        const grew = e.rssPeakMb - e.rssBeforeMb;
        if (e.status !== 'finished') misses.push(`${f.label} export (${which}): ${e.status}`);
        if (e.ms > 1000) misses.push(`${f.label} export (${which}): ${f1(e.ms)} ms > 1000`);
        if (grew > 200) misses.push(`${f.label} export (${which}): +${grew.toFixed(0)} MB > 200`);
        return [`${e.ms.toFixed(0)} ms, ${(e.bytes / 1024).toFixed(0)} KB`, `RSS +${grew.toFixed(0)} MB`, '', '', '', ''];
      }),
    ]);
rows.push([
  'data set (students/homework/answers)',
  ...figures.flatMap((f) => [
    `${f.ready.counts.students}/${f.ready.counts.homework}/${f.ready.counts.answers}`,
    `${(Object.values(f.ready.ms).reduce((a, b) => a + b, 0) / 1000).toFixed(0)} s`,
    '',
    '',
    '',
    '',
  ]),
]);
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(
  `\nresults and submissions at region size; ${os.availableParallelism()} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${SECONDS} s per call; loopback`,
);
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
for (const f of figures)
  console.log(
    `${f.label}: build ${Object.entries(f.ready.ms)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
      .join('; ')}`,
  );
console.log(
  misses.length
    ? `\nmisses:\n  ${misses.join('\n  ')}`
    : '\nall targets met (hit p95 ≤ 30 ms and ≥ 0.8 ×; miss and hand-ins p95 ≤ 50 ms and ≥ 0.4 ×; hand-in p95 ≤ 200 ms; export ≤ 1 s and ≤ 200 MB; no errors)',
);
