import { spawn, type ChildProcess } from 'node:child_process';
import { constants, generateKeyPairSync, publicEncrypt, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  createDownloadTask,
  downloadLimits,
  downloadTaskFile,
  ErrorCode,
  EvaluationCode,
  evaluationLimits,
  getMyClassRows,
  getMyHomeworkPageList,
  getStudentEvaluationService,
  getStudentHomeworkTopicDetails,
  studentLogin,
  submitTopic,
  updateClass,
  type CallDef,
} from '@ondoku/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { openPostgres, type Database } from '../db/client.js';
import { downloadTasks, homeworkTopics, students } from '../db/schema/index.js';
import { createS3Storage } from '../lib/s3-storage.js';
import { secretBoxFromKey } from '../lib/secret-box.js';
import { rawFrames, synthesizedPcm } from '../test/evaluation-audio.js';
import { buildTeacher } from '../test/factories.js';
import {
  buildEvaluationResult,
  buildLearnHomework,
  buildSentenceResource,
  signInStudent,
} from '../test/learn-factories.js';
import { startS3Server } from '../test/s3-server.js';

/**
 * Two processes of the built server (`node apps/server/dist/server.js`, made by `npm run build`
 * before vitest) on one PostgreSQL database and one S3-compatible bucket (docs/deployment.md):
 * what one process stores, counts or starts, the other sees, and an export whose process is
 * killed is finished by the other. The database is made on the test project's PostgreSQL server
 * (the embedded one, or TEST_DATABASE_URL's when set: then only the api-postgres project runs
 * this file, not both).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');
const built = existsSync(serverEntry);
const mine = process.env.TEST_DATABASE_URL ? process.env.TEST_DB === 'postgres' : true;
if (!built) console.warn(`two-processes.test.ts skipped: ${serverEntry} is missing (npm run build)`);

const TEXT = 'I like to read English books.';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Proc {
  url: string;
  host: string;
  proc: ChildProcess;
  log: () => string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

let s3: Awaited<ReturnType<typeof startS3Server>>;
let database: Database;
let databaseName: string;
let a: Proc;
let b: Proc;
const dataDirs: string[] = [];
/** Every server started, so none outlives the file (a start that failed leaves the other running). */
const spawned: ChildProcess[] = [];
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const studentKey = randomBytes(32);
const secretBox = secretBoxFromKey(studentKey);
const encrypt = (password: string) =>
  publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: inject('testAdminUrl') });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function startServer(databaseUrl: string): Promise<Proc> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-2p-'));
  dataDirs.push(dataDir);
  let out = '';
  const proc = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      RSA_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      STUDENT_PASSWORD_KEY: studentKey.toString('base64'),
      SEED_DEMO: 'false',
      LIBRARY_INSTALL: 'false',
      SPEECH_WORKERS: '1',
      SPEECH_WARM_UP: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      ...s3.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned.push(proc);
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // Slow on a busy machine: two Node processes load the bundle and open their pools at once.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited ${proc.exitCode}: ${out}`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, host: `127.0.0.1:${port}`, proc, log: () => out };
}

async function stopServer(p: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!p || p.proc.exitCode !== null || p.proc.signalCode !== null) return;
  const exited = new Promise((r) => p.proc.once('exit', r));
  p.proc.kill(signal);
  await exited;
}

/** A call as the web apps make it, on one process. */
async function api<C extends CallDef>(on: Proc, c: C, input: Record<string, unknown>, token?: string) {
  const get = c.method === 'GET';
  const query = get ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
  const res = await fetch(`${on.url}${c.path}${query}`, {
    method: c.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(get ? {} : { 'content-type': 'application/json' }),
    },
    body: get ? undefined : JSON.stringify(input),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the reply's shape is the call's
  return (await res.json()) as { errcode: number; errmsg: string; data: any };
}

async function teacherSignIn(on: Proc, loginId: string, password: string) {
  const res = await fetch(`${on.url}/api/v2/teacher/login-safe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: loginId, password: encrypt(password), app_name: 'test', client_name: 'test' }),
  });
  return (await res.json()) as { errcode: number; errmsg: string; data: { token: string } };
}

interface Reply {
  code: number;
  sid?: string;
}

/** A ticket of the child's for the evaluation socket, asked of one process (its host in the URL). */
async function socketUrl(on: Proc, token: string) {
  const res = await fetch(`${on.url}${getStudentEvaluationService.path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { evaluation_server_url: string } }).data.evaluation_server_url;
}

function read(url: string, frames: object[]): Promise<Reply | null> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    let reply: Reply | null = null;
    ws.on('open', () => frames.forEach((f) => ws.send(JSON.stringify(f))));
    ws.on('message', (d) => (reply = JSON.parse(d.toString()) as Reply));
    ws.on('close', () => resolve(reply));
    ws.on('error', reject);
  });
}

const startFrame = { cmd: 'ssb', category: 'read_sentence', aue: 'raw', language: 'en_us', text: TEXT };

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let teacher: Awaited<ReturnType<typeof buildTeacher>>['teacher'];
let hw: Awaited<ReturnType<typeof buildLearnHomework>>;
let topicId: number;

describe.runIf(built && mine)('two server processes on one PostgreSQL and one object store', () => {
  beforeAll(async () => {
    s3 = await startS3Server();
    databaseName = `ondoku_two_${randomBytes(6).toString('hex')}`;
    // A copy of the test project's migrated template (its migrations are not run again); the
    // servers still take the migrations' lock and find nothing to do. Retried while the template
    // is briefly busy with another file's copy.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin(`create database ${databaseName} template ${inject('testTemplate')}`);
        break;
      } catch (e) {
        if (attempt >= 20 || !/being accessed by other users/.test((e as Error).message)) throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const url = new URL(inject('testAdminUrl'));
    url.pathname = `/${databaseName}`;
    // Both start at once, as after a deployment.
    const started = performance.now();
    [a, b] = await Promise.all([startServer(url.toString()), startServer(url.toString())]);
    console.log(`two-processes: both servers answered in ${Math.round(performance.now() - started)} ms`);
    database = await openPostgres(url.toString());
    const t = { db: database.db, secretBox };
    teacher = (await buildTeacher(database.db)).teacher;
    const resource = await buildSentenceResource(t, { texts: [TEXT] });
    hw = await buildLearnHomework(t, { teacher, resourceIds: [resource.id], students: 1 });
    const [topic] = await database.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, hw.homeworkId));
    topicId = topic!.id;
  }, 120_000);

  afterAll(async () => {
    s3?.dropHeld();
    await Promise.all([stopServer(a), stopServer(b)]);
    for (const proc of spawned) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await database?.close();
    if (databaseName) await admin(`drop database if exists ${databaseName} with (force)`).catch(() => {});
    await s3?.close();
    for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
  }, 30_000);

  let studentToken: string;
  let teacherTokenB: string;

  it('a child signs in on A and reads; the teacher sees and plays the recording on B (ranges from the bucket)', async () => {
    const [row] = await database.db.select().from(students).where(eq(students.loginId, hw.loginIds[0]!));
    const signIn = await api(a, studentLogin, {
      student_id: row!.loginId,
      password: encrypt(secretBox.open(row!.initialPasswordEnc!)),
    });
    expect(signIn.errcode).toBe(0);
    studentToken = signIn.data.token;
    const url = await socketUrl(a, studentToken);
    expect(url).toContain(`ws://${a.host}/`);
    const reply = await read(url, [startFrame, ...rawFrames(await synthesizedPcm(TEXT))]);
    expect(reply?.code).toBe(0);
    const submitted = await api(
      a,
      submitTopic,
      { homework_id: hw.homeworkId, topic_id: topicId, answers: [{ question_id: 0, sid: reply!.sid! }] },
      studentToken,
    );
    expect(submitted.errcode).toBe(0);

    const teacherSignedIn = await teacherSignIn(b, teacher.loginId, 'pass1234');
    expect(teacherSignedIn.errcode).toBe(0);
    teacherTokenB = teacherSignedIn.data.token;
    const paper = await api(
      b,
      getStudentHomeworkTopicDetails,
      { homework_id: hw.homeworkId, topic_id: topicId, student_id: row!.loginId },
      teacherTokenB,
    );
    expect(paper.errcode).toBe(0);
    const recordingPath = /\/api\/v2\/recording\/[^"]+/.exec(JSON.stringify(paper.data))?.[0];
    expect(recordingPath).toBeTruthy();
    const key = /recording\/([0-9a-f]{64}\.\w+)/.exec(recordingPath!)![1]!;
    // The file is in the bucket, and on neither process's disk.
    const stored = await createS3Storage(s3.settings).readAll(key);
    expect(stored.byteLength).toBeGreaterThan(1000);
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'files'))).toBe(false);

    const ranged = await fetch(`${b.url}${recordingPath}`, { headers: { range: 'bytes=100-1099' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-1099/${stored.byteLength}`);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(stored.subarray(100, 1100));
    const whole = await fetch(`${b.url}${recordingPath}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(stored)).toBe(true);
  }, 60_000);

  it("a child's socket limit counts the sockets open on both processes", async () => {
    const open: WebSocket[] = [];
    for (let i = 0; i < evaluationLimits.maxSocketsPerStudent; i++) {
      const ws = new WebSocket(await socketUrl(a, studentToken));
      await new Promise((r) => ws.once('open', r));
      ws.send(JSON.stringify(startFrame));
      open.push(ws);
    }
    await until('both sockets counted', async () => {
      const r = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from evaluation_sockets where reader_kind = 'student'`,
      );
      return r.rows[0]!.n === open.length;
    });
    const refused = await read(await socketUrl(b, studentToken), [startFrame]);
    expect(refused?.code).toBe(EvaluationCode.TOO_MANY_SOCKETS);
    for (const ws of open) ws.close();
  }, 30_000);

  it('a change made on A is seen on B at once (the read caches hear every process)', async () => {
    const [row] = await api(b, getMyClassRows, {}, teacherTokenB).then((r) => r.data.rows as { team_id: number }[]);
    const tokenA = (await teacherSignIn(a, teacher.loginId, 'pass1234')).data.token;
    const renamed = await api(a, updateClass, { id: row!.team_id, name: '5年2組', allow_join: 1 }, tokenA);
    expect(renamed.errcode).toBe(0);
    await until(
      'B lists the new name',
      async () => {
        const rows = (await api(b, getMyClassRows, {}, teacherTokenB)).data.rows as { team_id: number; name: string }[];
        return rows.find((r) => r.team_id === row!.team_id)?.name === '5年2組';
      },
      2_000,
    );
  });

  it("a child's hand-in on A is seen by the teacher's kept homework list on B at once (a topic crosses processes)", async () => {
    const resource = await buildSentenceResource({ db: database.db }, { texts: [TEXT] });
    const other = await buildLearnHomework(
      { db: database.db, secretBox },
      { teacher, resourceIds: [resource.id], students: 1 },
    );
    const [topic] = await database.db
      .select()
      .from(homeworkTopics)
      .where(eq(homeworkTopics.homeworkId, other.homeworkId));
    const submittedOnB = async () => {
      const rows = (await api(b, getMyHomeworkPageList, {}, teacherTokenB)).data.rows as {
        homework_id: number;
        submitted_count: number;
      }[];
      return rows.find((r) => r.homework_id === other.homeworkId)?.submitted_count;
    };
    await until('B lists the new homework', async () => (await submittedOnB()) === 0, 2_000);
    expect(await submittedOnB()).toBe(0); // kept on B
    const kid = await signInStudent({ db: database.db }, other.loginIds[0]!);
    const sid = await buildEvaluationResult(
      { db: database.db },
      { studentId: kid.id, text: TEXT, category: 'read_sentence' },
    );
    const submitted = await api(
      a,
      submitTopic,
      { homework_id: other.homeworkId, topic_id: topic!.id, answers: [{ question_id: 0, sid }] },
      kid.token,
    );
    expect(submitted.errcode).toBe(0);
    await until('B counts the hand-in', async () => (await submittedOnB()) === 1, 2_000);
  });

  it('a sign-in throttle counted on A holds on B', async () => {
    const { teacher: other } = await buildTeacher(database.db);
    for (let i = 0; i < 5; i++)
      expect((await teacherSignIn(a, other.loginId, 'wrong-password')).errcode).toBe(ErrorCode.LOGIN_FAILED);
    const onB = await teacherSignIn(b, other.loginId, 'pass1234');
    expect(onB.errcode).toBe(ErrorCode.LOGIN_RATE_LIMITED);
  });

  it('a download task made on B is finished exactly once, and its file is served by A', async () => {
    const created = await api(
      b,
      createDownloadTask,
      { kind: 'topic-score-overview', homework_id: hw.homeworkId },
      teacherTokenB,
    );
    expect(created.errcode).toBe(0);
    const id = created.data.task.task_id as number;
    const row = await until('the task finished', async () => {
      const [r] = await database.db.select().from(downloadTasks).where(eq(downloadTasks.id, id));
      return r?.status === 'finished' && r;
    });
    expect(row.runs).toBe(1);
    const file = await fetch(`${a.url}${downloadTaskFile.path}?task_id=${id}`, {
      headers: { authorization: `Bearer ${teacherTokenB}` },
    });
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  }, 30_000);

  it('killing A in the middle of an export leaves B to finish it within the lease', async () => {
    // B is paused, so A's own runner takes the task; A is caught storing the file, and killed.
    b.proc.kill('SIGSTOP');
    const held = s3.holdPuts(XLSX);
    let id: number;
    try {
      const tokenA = (await teacherSignIn(a, teacher.loginId, 'pass1234')).data.token;
      const created = await api(
        a,
        createDownloadTask,
        { kind: 'topic-student-score', homework_id: hw.homeworkId },
        tokenA,
      );
      expect(created.errcode).toBe(0);
      id = created.data.task.task_id as number;
      await held;
      const [claimed] = await database.db.select().from(downloadTasks).where(eq(downloadTasks.id, id));
      expect(claimed).toMatchObject({ status: 'processing', runs: 1 });
      await stopServer(a, 'SIGKILL');
    } finally {
      s3.dropHeld();
      b.proc.kill('SIGCONT');
    }
    const killedAt = Date.now();
    const row = await until(
      'B finished the task',
      async () => {
        const [r] = await database.db.select().from(downloadTasks).where(eq(downloadTasks.id, id));
        return r?.status === 'finished' && r;
      },
      (downloadLimits.leaseSeconds + 10) * 1000,
    );
    const tookMs = Date.now() - killedAt;
    console.log(`two-processes: the export of the killed process was finished by the other in ${tookMs} ms`);
    expect(row.runs).toBe(2);
    expect(tookMs).toBeLessThan((downloadLimits.leaseSeconds + 5) * 1000);
    const file = await fetch(`${b.url}${downloadTaskFile.path}?task_id=${id}`, {
      headers: { authorization: `Bearer ${teacherTokenB}` },
    });
    expect(file.status).toBe(200);
  }, 60_000);
});
