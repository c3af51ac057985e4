/**
 * The server side of bench/evaluation-streams.ts, run as a child process so the load client
 * (hundreds of websockets sending base64 audio) never shares the server's event loop: opens an
 * embedded PostgreSQL in a temporary DATA_DIR, migrates, creates one teacher with a class of
 * `--children` children, each signed in (a student_tokens row, as the learn module's sign-in
 * makes it), builds the app (the speech worker pool of a real server: SPEECH_WORKERS or 2) and
 * listens on loopback. Talks to the parent over IPC: `ready` (port), then answers `tickets`
 * (n evaluation socket URLs of n different children), `eld-start`/`eld-stop` (event-loop delay
 * and CPU of this process), `stats` (rows stored, recording files and bytes), `close`.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { students, studentTokens } from '../src/db/schema/index.js';
import { createMailer } from '../src/lib/mailer.js';
import { loadPasswordCipher } from '../src/lib/rsa-keys.js';
import { secretBoxFromKey } from '../src/lib/secret-box.js';
import { hashSecret, newSecret } from '../src/lib/secrets.js';
import { createLocalStorage } from '../src/lib/storage.js';
import { createTeacher } from '../src/modules/auth/service.js';
import { createClasses } from '../src/modules/classes/index.js';
import { issueStudentEvaluationUrl } from '../src/modules/evaluation/index.js';
import { createSpeechService, warmSpeechWorkers } from '../src/modules/evaluation/speech-service.js';
import { cpuProfileDir, cpuProfiling } from './cpu-profile.js';
import { createStudents } from '../src/modules/students/index.js';

const { values } = parseArgs({
  options: {
    children: { type: 'string', default: '200' },
    /** `on`: the workers warmed as server.ts warms them (warmSpeechWorkers); `off`: the model loaded only. */
    warm: { type: 'string', default: 'on' },
  },
});
const send = (m: unknown) => process.send!(m);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-bench-streams-'));
const database = await openDatabase({ dataDir, share: false, log: () => {} });
await runMigrations(database.pool);
const db = database.db;
const box = secretBoxFromKey(randomBytes(32));
const teacher = await createTeacher(db, {
  loginId: 'benchteacher',
  email: 'bench@example.com',
  nickname: 'ベンチ 先生',
  school: 'ベンチ小学校',
  password: 'pass1234',
});
const classIds = await createClasses(db, teacher.id, ['1年1組']);
const n = Number(values.children);
await createStudents(
  db,
  box,
  teacher.id,
  Array.from({ length: n }, (_, i) => ({
    loginId: `bench-${String(i + 1).padStart(3, '0')}`,
    name: `児童 ${i + 1}`,
    furigana: `じどう ${i + 1}`,
    gradeName: '5年',
    kumi: '1組',
    number: String(i + 1),
    classIds: [classIds.get('1年1組')!],
  })),
);
const studentRows = await db.select({ id: students.id }).from(students);
const signedIn = await db
  .insert(studentTokens)
  .values(
    studentRows.map((c) => ({
      tokenHash: hashSecret(newSecret()),
      studentId: c.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  )
  .returning({ id: studentTokens.id, studentId: studentTokens.studentId });

const privateKeyPem = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const cipher = await loadPasswordCipher({ dataDir, privateKeyPem });
const mailer = createMailer({ from: 'Bench <bench@ondoku.invalid>', dataDir });
const storage = createLocalStorage(path.join(dataDir, 'files'));
// SPEECH_LOAD_SHEDDING=off: no load shedding, to see how the latency grows past capacity.
const speech = createSpeechService({
  workers: process.env.SPEECH_WORKERS ? Number(process.env.SPEECH_WORKERS) : 2,
  capacity: process.env.SPEECH_LOAD_SHEDDING === 'off' ? false : undefined,
});
if (values.warm === 'off') await speech.warmUp();
else await warmSpeechWorkers(speech);
const app = await buildApp({ database, cipher, mailer, secretBox: box, storage, speech, liveLessonUrl: null });
await app.listen({ port: 0, host: '127.0.0.1' });
const host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const eld = monitorEventLoopDelay({ resolution: 5 });
let cpu0 = process.cpuUsage();
let wall0 = performance.now();
let next = 0;
/** CPU ticks (1/100 s) of the main thread alone (Linux; null elsewhere): the rest is the workers'. */
async function mainThreadTicks(): Promise<number | null> {
  try {
    const stat = await fs.readFile(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return null;
  }
}
let main0: number | null = null;
let windowFromUs = 0;

process.on('message', async (m: { type: string; n?: number }) => {
  if (m.type === 'tickets') {
    const urls = Array.from({ length: m.n ?? 1 }, () => {
      const student = signedIn[next++ % signedIn.length]!;
      return issueStudentEvaluationUrl({ secure: false, host }, { id: student.studentId, tokenId: student.id }, app)
        .evaluation_server_url;
    });
    send({ type: 'tickets', urls });
  } else if (m.type === 'eld-start') {
    eld.reset();
    eld.enable();
    cpu0 = process.cpuUsage();
    main0 = await mainThreadTicks();
    wall0 = performance.now();
    windowFromUs = Number(process.hrtime.bigint() / 1000n);
    send({ type: 'eld-started' });
  } else if (m.type === 'eld-stop') {
    eld.disable();
    // With BENCH_CPU_PROF (--cpu-prof): each step's window on the profiles' clock (µs, monotonic),
    // so that the setup (migrations, seeding, model loading) can be left out of the breakdown.
    if (cpuProfiling) {
      await fs.mkdir(path.join(cpuProfileDir, 'streams'), { recursive: true });
      await fs.appendFile(
        path.join(cpuProfileDir, 'streams', 'windows.jsonl'),
        `${JSON.stringify({ fromUs: windowFromUs, toUs: Number(process.hrtime.bigint() / 1000n) })}\n`,
      );
    }
    const cpu = process.cpuUsage(cpu0);
    const main1 = await mainThreadTicks();
    send({
      type: 'eld',
      p99Ms: eld.percentile(99) / 1e6,
      maxMs: eld.max / 1e6,
      // Main thread and worker threads together (process.cpuUsage counts the whole process).
      cpuCores: (cpu.user + cpu.system) / 1000 / (performance.now() - wall0),
      // The main thread's share of that (websocket frames, decoding, sessions, storing).
      mainCpuS: main0 === null || main1 === null ? null : (main1 - main0) / 100,
      rss: process.memoryUsage().rss,
      // The speech pool's own measure of its cost (what load shedding judges by).
      costPerAudioS: speech.load()?.costPerAudioSecond ?? null,
      // The same from the workers' thread CPU alone, and the last finishes' wall and CPU ms.
      cpuCostPerAudioS: speech.load()?.cpuCostPerAudioSecond ?? null,
      finishMs: speech.load()?.finishMs ?? null,
      finishCpuMs: speech.load()?.finishCpuMs ?? null,
    });
  } else if (m.type === 'stats') {
    // Every child reads the same audio, so the content-addressed files are shared: count each once.
    const r = await db.execute<{ rows: number; files: number; audio_ms: string }>(sql`
      select (select count(*)::int from evaluation_results) as rows, count(*)::int as files,
        coalesce(sum(duration_ms), 0)::text as audio_ms
      from (select distinct on (audio_key) duration_ms from evaluation_results where audio_key is not null) d`);
    let bytes = 0;
    for (const dir of await fs.readdir(path.join(dataDir, 'files')).catch(() => [] as string[]))
      for (const f of await fs.readdir(path.join(dataDir, 'files', dir)))
        bytes += (await fs.stat(path.join(dataDir, 'files', dir, f))).size;
    const row = r.rows[0]!;
    send({ type: 'stats', rows: row.rows, files: row.files, audioMs: Number(row.audio_ms), bytes });
  } else if (m.type === 'close') {
    await app.close();
    await speech.close();
    mailer.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    send({ type: 'closed' });
    process.exit(0);
  }
});
send({ type: 'ready', children: signedIn.length });
