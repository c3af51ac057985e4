/**
 * The server side of bench/api-load.ts, run as a child process (so the load client never shares
 * its event loop): opens the database (embedded in a temporary DATA_DIR, or the URL given),
 * migrates, seeds a region-size data set through the services (one teacher, 100 classes × 60
 * students, 3,000 homework with their children and topics), builds the app and listens on loopback. `--reference` instead serves
 * only GET /ref answering SELECT 1 through pg on the same database (the ratio's denominator).
 * Talks to the parent over IPC: `ready` (port, token, ids, seed timings), then answers `rss`,
 * `eld-start`/`eld-stop` (event-loop delay), `close`.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { openDatabase, openPostgres, type Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { sql } from 'drizzle-orm';
import { homework } from '../src/db/schema/index.js';
import { createMailer } from '../src/lib/mailer.js';
import { loadPasswordCipher } from '../src/lib/rsa-keys.js';
import { secretBoxFromKey } from '../src/lib/secret-box.js';
import { createTeacher } from '../src/modules/auth/service.js';
import { issueToken } from '../src/modules/auth/token-repository.js';
import { createClasses } from '../src/modules/classes/index.js';
import { createStudents, type NewStudent } from '../src/modules/students/index.js';
import { SpeechWorkerPool } from '@ondoku/speech';
import { createLocalStorage } from '../src/lib/storage.js';
import { headquartersSource, installLibrary } from '../src/modules/library/index.js';
import { testSynthesisCacheDir } from '../src/test/library-files.js';
import { bypassReplyCache, replyCacheCounts, type ReplyCacheCounts } from '../src/lib/reply-cache.js';
import { cpuSpent, referenceApplicationName, serveCpuProfiles } from './cpu-profile.js';
import { prepareHandIns } from './hand-ins.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    reference: { type: 'boolean', default: false },
    classes: { type: 'string', default: '100' },
    size: { type: 'string', default: '60' },
    /** Stored results per child for the hand-ins while the calls are loaded (bench/hand-ins.ts). */
    handInRounds: { type: 'string', default: '300' },
    /** Every hand-in a child's first of its homework (bench/hand-ins.ts `firsts`): 20 homework. */
    handInFirsts: { type: 'boolean', default: false },
  },
});
const send = (m: unknown) => process.send!(m);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-bench-api-'));
const openMain = async (): Promise<Database> =>
  values.url ? openPostgres(values.url) : openDatabase({ dataDir, share: false, log: () => {} });

const eld = monitorEventLoopDelay({ resolution: 5 });
/**
 * The longest stretch of CPU the process spent between two turns of the event loop (a chain of
 * setImmediate): unlike the delay above, it hardly grows when other work on the machine takes the
 * cores, so it shows what the server itself blocks. process.cpuUsage counts every thread of the
 * process (zlib's pool too), so it is an upper bound of the main thread's block.
 */
const turnCpu = (() => {
  let on = false;
  let max = 0;
  let last = process.cpuUsage();
  const tick = () => {
    if (!on) return;
    const now = process.cpuUsage();
    max = Math.max(max, (now.user - last.user + now.system - last.system) / 1000);
    last = now;
    setImmediate(tick);
  };
  return {
    start() {
      on = true;
      max = 0;
      last = process.cpuUsage();
      setImmediate(tick);
    },
    stop() {
      on = false;
      return max;
    },
  };
})();
let close: () => Promise<void>;
/** Pass the reply cache by, or not (IPC `cache`). */
let setBypass = (_on: boolean) => {};
/** How the reply cache answered so far (IPC `counts`; zeros on the reference). */
let cacheCounts = (): ReplyCacheCounts => ({ kept: 0, shared: 0, read: 0 });
/** The pool whose PostgreSQL backends count in the CPU figures (bench/cpu-profile.ts). */
let cpuPool: pg.Pool;

if (values.reference) {
  // The smallest server that still goes through Fastify, pg's pool and PostgreSQL.
  const pool = new pg.Pool({ connectionString: values.url, max: 10, application_name: referenceApplicationName });
  cpuPool = pool;
  const app = Fastify();
  app.get('/ref', async () => {
    const { rows } = await pool.query('select 1 as one');
    return { errcode: 0, data: rows[0] };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  close = async () => {
    await app.close();
    await pool.end();
  };
  send({ type: 'ready', port: (app.server.address() as AddressInfo).port });
} else {
  const database = await openMain();
  await runMigrations(database.pool);
  const db = database.db;
  const box = secretBoxFromKey(randomBytes(32));
  const t0 = performance.now();
  const teacher = await createTeacher(db, {
    loginId: 'benchteacher',
    email: 'bench@example.com',
    nickname: 'ベンチ 先生',
    school: 'ベンチ小学校',
    password: 'pass1234',
  });
  const nClasses = Number(values.classes);
  const size = Number(values.size);
  const names = Array.from({ length: nClasses }, (_, i) => `${Math.floor(i / 10) + 1}年${(i % 10) + 1}組`);
  const classIds = await createClasses(db, teacher.id, names);
  const surnames = [
    'さとう',
    'すずき',
    'たかはし',
    'たなか',
    'いとう',
    'わたなべ',
    'やまもと',
    'なかむら',
    'こばやし',
    'かとう',
  ];
  const kanji = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤'];
  const given = ['はると', 'れん', 'みなと', 'あおい', 'いつき', 'ゆいな', 'ひまり', 'りん', 'さくら', 'めい'];
  const givenKanji = ['陽翔', '蓮', '湊', '蒼', '樹', '結菜', '陽葵', '凛', '咲良', '芽依'];
  const list: NewStudent[] = [];
  names.forEach((name, c) => {
    for (let i = 0; i < size; i++) {
      const a = (c * 7 + i) % 10;
      const b = (c * 3 + i * 7) % 10;
      list.push({
        loginId: `r${String(c + 1).padStart(3, '0')}-${String(i + 1).padStart(2, '0')}`,
        name: `${kanji[a]} ${givenKanji[b]}`,
        furigana: `${surnames[a]} ${given[b]}`,
        gradeName: `${Math.floor(c / 10) + 1}年`,
        kumi: `${(c % 10) + 1}組`,
        number: String(i + 1),
        classIds: [classIds.get(name)!],
      });
    }
  });
  const tClasses = performance.now();
  // In slices of one class-year (600), as an import of that size would be.
  for (let s = 0; s < list.length; s += 600) await createStudents(db, box, teacher.id, list.slice(s, s + 600));
  const tStudents = performance.now();
  // 3,000 homework for the one teacher (docs/homework.md, "Bench": the list at that size), each to
  // one class (60 children, 4 in 5 submitted), two topics each; delivered every 3 hours back from
  // now.
  const now = Date.now();
  const ids = [...classIds.values()];
  const HOMEWORK = 3000;
  await db.insert(homework).values(
    Array.from({ length: HOMEWORK }, (_, i) => ({
      teacherId: teacher.id,
      title: `宿題 ${i + 1}`,
      type: (['routine', 'periodic', 'wordtest'] as const)[i % 3],
      classId: ids[i % ids.length]!,
      requiredTimes: i % 4 === 0 ? 3 : null,
      startTime: new Date(now - i * 3 * 3_600_000 + 86_400_000),
      endTime: new Date(now - i * 3 * 3_600_000 + 8 * 86_400_000),
    })),
  );
  await db.execute(sql`insert into homework_topics (homework_id, position, title, type, item_count)
    select h.id, p, '教材 ' || h.id || '-' || p, 'sentence_reading', 5
    from homework h cross join generate_series(1, 2) p where h.teacher_id = ${teacher.id}`);
  await db.execute(sql`insert into homework_recipients (homework_id, student_id, class_id, submitted_at)
    select h.id, cs.student_id, h.class_id,
      case when (cs.student_id + h.id) % 5 <> 0 then h.start_time + interval '1 day' end
    from homework h join class_students cs on cs.class_id = h.class_id where h.teacher_id = ${teacher.id}`);
  // Attempts for the rankings (docs/rankings.md): each hand-in is one or two tries of each topic
  // a few minutes before it, scores 40–100, 3–12 s of recording.
  await db.execute(sql`insert into attempts (student_id, teacher_id, homework_id, topic_id, type, score,
      question_count, duration_ms, created_at)
    select r.student_id, ${teacher.id}, r.homework_id, ht.id, 'sentence_reading',
      40 + (r.student_id * 7 + ht.id * 13 + t) % 61, 5, 3000 + ((r.student_id + ht.id + t) % 10) * 1000,
      r.submitted_at - (t * 7 + ht.position) * interval '1 minute'
    from homework_recipients r
    join homework_topics ht on ht.homework_id = r.homework_id
    cross join generate_series(1, 2) t
    where r.submitted_at is not null and (t = 1 or (r.student_id + ht.id) % 3 = 0)`);
  await db.execute(sql`analyze`);
  const token = await issueToken(db, teacher.id, { clientName: 'bench' });
  const privateKeyPem = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  const cipher = await loadPasswordCipher({ dataDir, privateKeyPem });
  const mailer = createMailer({ from: 'Bench <bench@ondoku.invalid>', dataDir });
  // The content library (the synthesis cache of the tests, so a second run synthesises nothing),
  // then a region's classroom material: 2,000 resources of 40 other teachers and 50 of this one,
  // which every search must filter out or in.
  const storage = createLocalStorage(path.join(dataDir, 'files'));
  const speech = new SpeechWorkerPool({ size: 2 });
  const tLibrary = performance.now();
  try {
    await installLibrary(db, { storage, synth: speech, cacheDir: testSynthesisCacheDir }, headquartersSource());
  } finally {
    await speech.close();
  }
  const libraryMs = performance.now() - tLibrary;
  const others = [];
  for (let i = 0; i < 40; i++) {
    const o = await createTeacher(db, {
      loginId: `benchother${i}`,
      email: `other${i}@example.com`,
      nickname: `他 先生${i}`,
      school: 'ほか小学校',
      password: 'pass1234',
    });
    others.push(o.id);
  }
  const copyClassroom = (teacherId: number, n: number) =>
    db.execute(sql`insert into library_resources
      (key, origin_type, teacher_id, type, title, grade, item_count, content, search_key)
      select 'classroom:' || ${teacherId} || ':' || g || ':' || r.id, 'classroom', ${teacherId}, r.type,
        '教室の教材 ' || g || ' ' || r.title, r.grade, r.item_count, r.content, 'classroom ' || g || ' ' || r.search_key
      from generate_series(1, ${n}) g
      cross join lateral (select * from library_resources where origin_type = 'headquarters' and deleted_at is null
        order by id offset (g % (select count(*) from library_resources where origin_type = 'headquarters')) limit 1) r`);
  for (const id of others) await copyClassroom(id, 50);
  await copyClassroom(teacher.id, 50);
  const resourceIds = (
    await db.execute<{ id: number }>(sql`select id from library_resources
      where deleted_at is null and (origin_type = 'headquarters' or teacher_id = ${teacher.id}) order by id`)
  ).rows.map((r) => Number(r.id));
  // 50 children of the first class, handing in a homework of the teacher while the calls are loaded.
  const handIns = await prepareHandIns(db, teacher.id, classIds.get(names[0]!)!, {
    students: 50,
    rounds: values.handInFirsts ? 20 : Number(values.handInRounds),
    firsts: values.handInFirsts,
  });
  await db.execute(sql`analyze`);
  const app = await buildApp({ database, cipher, mailer, secretBox: box, storage, liveLessonUrl: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  setBypass = (on) => bypassReplyCache(app, on);
  cacheCounts = () => ({ ...replyCacheCounts(app) });
  cpuPool = database.pool;
  close = async () => {
    await app.close();
    mailer.close();
    await database.close();
  };
  send({
    type: 'ready',
    port: (app.server.address() as AddressInfo).port,
    token,
    dbUrl: (database.pool as unknown as { options: { connectionString: string } }).options.connectionString,
    classIds: [...classIds.values()],
    resourceIds,
    libraryMs,
    handIns,
    seed: { students: list.length, classesMs: tClasses - t0, studentsMs: tStudents - tClasses },
  });
}

const profiles = serveCpuProfiles(send);
process.on('message', async (m: { type: string; file?: string }) => {
  if (await profiles(m)) return;
  if (m.type === 'cpu')
    send({ type: 'cpu', ...(await cpuSpent((q, p) => cpuPool.query<{ pid: number }>(q, p), values.reference)) });
  else if (m.type === 'cache') {
    setBypass((m as { bypass?: boolean }).bypass === true);
    send({ type: 'cache-set' });
  } else if (m.type === 'rss') send({ type: 'rss', rss: process.memoryUsage.rss() });
  else if (m.type === 'counts') send({ type: 'counts', ...cacheCounts() });
  else if (m.type === 'eld-start') {
    eld.reset();
    eld.enable();
    turnCpu.start();
    send({ type: 'eld-started' });
  } else if (m.type === 'eld-stop') {
    eld.disable();
    send({ type: 'eld', maxMs: eld.max / 1e6, p99Ms: eld.percentile(99) / 1e6, turnCpuMaxMs: turnCpu.stop() });
  } else if (m.type === 'close') {
    await close();
    await fs.rm(dataDir, { recursive: true, force: true });
    send({ type: 'closed' });
    process.exit(0);
  }
});
