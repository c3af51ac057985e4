/**
 * The server side of bench/results-load.ts (docs/benchmarks.md, "Submissions and results at region
 * size"), run as a child process so the load client never shares the server's event loop. Opens the
 * database (embedded in a temporary DATA_DIR, or `--url`), migrates and builds:
 *
 * 1. **Real evaluations.** Three sentences read by a child's voice (the seed's recorder: text to
 *    speech with a reader profile, scored by the real evaluator on the speech workers; cached in
 *    the tests' synthesis cache, so a second run evaluates nothing).
 * 2. **The submission bench**: a class of `--children` children of region01 signed in
 *    (student tokens), a homework of the three sentences published through `publishHomework`,
 *    and for every child `--rounds` × 3 results stored through `storeEvaluation` (the socket's
 *    own store: the recording behind the storage, the row under a new sid), so each child can
 *    submit the topic `--rounds` times over HTTP without running the evaluator again.
 * 3. **Region-size results**: 20 teachers × 10 classes × 30 children (6,000, through
 *    `createStudents`), 15 weekly homework per class (3,000) of 5 two-sentence topics; 4 in 5
 *    children hand each homework in with two tries of every topic. Attempts, answers,
 *    evaluation results, topic progress, hand-in times and the homework counters are written by
 *    bulk `INSERT … SELECT` shaped exactly like the rows a submission writes (words, markup and
 *    recording key copied from the real evaluations of step 1; scores varied per child) —
 *    making 1.5 M answers through the submit path would take hours on this machine. Plus the
 *    matrix homework (a class of 40 children, 10 homework of 30 topics, every child with two
 *    tries of every topic) and the export homework (a teacher with 10,000 children in 100
 *    groups, one homework to all of them).
 *
 * Then builds the app (download runner started) and listens on loopback. IPC: `ready` (port,
 * tokens, ids, counts and timings), `rss`, `close`.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PublishInput } from '@ondoku/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { openDatabase, openPostgres, type Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { createMailer } from '../src/lib/mailer.js';
import { loadPasswordCipher } from '../src/lib/rsa-keys.js';
import { secretBoxFromKey } from '../src/lib/secret-box.js';
import { createLocalStorage } from '../src/lib/storage.js';
import { createTeacher } from '../src/modules/auth/service.js';
import { issueToken } from '../src/modules/auth/token-repository.js';
import { createClasses } from '../src/modules/classes/index.js';
import { newEvaluationSid, presentEvaluationResult, storeEvaluation } from '../src/modules/evaluation/index.js';
import { createSpeechService } from '../src/modules/evaluation/speech-service.js';
import { publishHomework } from '../src/modules/homework/service.js';
import { issueStudentToken } from '../src/modules/learn/index.js';
import { createStudents, type NewStudent } from '../src/modules/students/index.js';
import { readerPool } from '../src/seed/student-traits.js';
import { createStudentRecorder, evaluatorFingerprint } from '../src/seed/recordings.js';
import { testSynthesisCacheDir } from '../src/test/library-files.js';
import { bypassReplyCache } from '../src/lib/reply-cache.js';
import { cpuSpent, serveCpuProfiles } from './cpu-profile.js';
import { insertBenchResource, prepareHandIns } from './hand-ins.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    children: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '6' },
    /** Region teachers (10 classes of 30 each). */
    teachers: { type: 'string', default: '20' },
    exportRows: { type: 'string', default: '10000' },
    /** Stored results per child for the hand-ins while the calls are loaded (bench/hand-ins.ts). */
    handInRounds: { type: 'string', default: '300' },
  },
});
const send = (m: unknown) => process.send!(m);
const log = (line: string) => process.stderr.write(`  [server] ${line}\n`);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-bench-results-'));
const database: Database = values.url
  ? await openPostgres(values.url)
  : await openDatabase({ dataDir, share: false, log: () => {} });
await runMigrations(database.pool);
const db = database.db;
const box = secretBoxFromKey(randomBytes(32));
const storage = createLocalStorage(path.join(dataDir, 'files'));
const speech = createSpeechService({ workers: 2 });
const ms: Record<string, number> = {};
let t0 = performance.now();
const lap = (name: string) => {
  const t = performance.now();
  ms[name] = Math.round(t - t0);
  t0 = t;
  log(`${name}: ${(ms[name]! / 1000).toFixed(1)} s`);
};

const TEXTS = ['I like apples.', 'She plays the piano.', 'We go to school.'];
/** The evaluator's phones and FINAL (docs/learning-statistics.md, "Sounds"). */
const BENCH_SOUNDS =
  'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH FINAL'.split(
    ' ',
  );
const resource = (texts: string[], title: string) => insertBenchResource(db, texts, title);

// ── 1. Real evaluations of the three sentences (a child's voice, the real evaluator) ──
const recorder = createStudentRecorder({
  speech,
  cacheDir: testSynthesisCacheDir,
  evaluator: await evaluatorFingerprint(),
});
const reader = { ...readerPool(2)[1]!, slip: 'none' as const };
const readings = await Promise.all(TEXTS.map((text) => recorder.record(text, 'read_sentence', reader)));
lap('evaluations (real evaluator)');

// ── Teachers, classes, children (services) ──
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const surnames = ['さとう', 'すずき', 'たかはし', 'たなか', 'いとう', 'わたなべ', 'やまもと', 'なかむら'];
const kanji = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村'];
const given = ['はると', 'れん', 'みなと', 'あおい', 'ゆいな', 'ひまり', 'りん', 'さくら', 'めい'];
const givenKanji = ['陽翔', '蓮', '湊', '蒼', '結菜', '陽葵', '凛', '咲良', '芽依'];
async function makeClasses(teacherId: number, prefix: string, names: string[], size: number) {
  const ids = await createClasses(db, teacherId, names);
  const list: NewStudent[] = [];
  names.forEach((name, c) => {
    for (let i = 0; i < size; i++) {
      const a = (c * 7 + i) % kanji.length;
      const b = (c * 3 + i * 5) % given.length;
      list.push({
        loginId: `${prefix}-${pad(c + 1, 3)}-${pad(i + 1)}`,
        name: `${kanji[a]} ${givenKanji[b]}`,
        furigana: `${surnames[a]} ${given[b]}`,
        gradeName: `${3 + (c % 4)}年`,
        kumi: `${1 + (c % 10)}組`,
        number: String(i + 1),
        classIds: [ids.get(name)!],
      });
    }
  });
  for (let s = 0; s < list.length; s += 600) await createStudents(db, box, teacherId, list.slice(s, s + 600));
  return names.map((n) => ids.get(n)!);
}
const newTeacher = (loginId: string, school: string) =>
  createTeacher(db, {
    loginId,
    email: `${loginId}@example.com`,
    nickname: `${loginId} 先生`,
    school,
    password: 'pass1234',
  });

const region: { id: number; classIds: number[] }[] = [];
for (let t = 1; t <= Number(values.teachers); t++) {
  const teacher = await newTeacher(`region${pad(t)}`, `第${t}小学校`);
  const names = Array.from({ length: 10 }, (_, c) => `${3 + (c % 4)}年${c + 1}組`);
  region.push({ id: teacher.id, classIds: await makeClasses(teacher.id, `region${pad(t)}`, names, 30) });
}
const main = region[0]!;
const [matrixClass] = await makeClasses(main.id, 'matrix', ['5年マトリクス組'], 40);
const [submitClass] = await makeClasses(main.id, 'submit', ['5年提出組'], Number(values.children));
const exporter = await newTeacher('benchexport', '大規模小学校');
// A teacher has at most 100 classes (classLimits): 10,000 children as 100 groups of 100.
const exportClassCount = Math.min(100, Math.ceil(Number(values.exportRows) / 40));
const exportClasses = await makeClasses(
  exporter.id,
  'export',
  Array.from({ length: exportClassCount }, (_, c) => `${3 + (c % 4)}年${c + 1}組`),
  Math.ceil(Number(values.exportRows) / exportClassCount),
);
lap('teachers, classes and children (createStudents)');

// ── 2. The submission bench: a real homework, children signed in, results stored by the store ──
const submitResource = await resource(TEXTS, 'ベンチ 提出の教材');
const now = new Date();
const published = await db.transaction((tx) =>
  publishHomework(
    tx,
    { id: main.id },
    {
      homework_type: 'routine',
      request_key: randomUUID(),
      title: '提出ベンチの宿題',
      team_ids: [submitClass!],
      student_ids: [],
      publish_type: 'now',
      publish_time: null,
      end_time: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
      required_times: null,
      resource_ids: [submitResource.id],
    } as PublishInput,
    now,
  ),
);
const submitHomework = published.homework_ids[0]!;
const submitTopic = Number(
  (await db.execute<{ id: number }>(sql`select id from homework_topics where homework_id = ${submitHomework}`)).rows[0]!
    .id,
);
const studentRows = (
  await db.execute<{ id: number }>(
    sql`select student_id as id from class_students where class_id = ${submitClass!} order by student_id`,
  )
).rows.map((r) => Number(r.id));
const rounds = Number(values.rounds);
const submitters: { token: string; sids: string[][] }[] = [];
for (const student of studentRows) {
  const sids: string[][] = [];
  for (let r = 0; r < rounds; r++) {
    const round: string[] = [];
    for (const [i, rec] of readings.entries()) {
      const sid = newEvaluationSid();
      await storeEvaluation(
        { db, storage },
        {
          sid,
          owner: { kind: 'student', id: student },
          category: 'read_sentence',
          text: TEXTS[i]!,
          result: presentEvaluationResult(rec.result),
          durationMs: rec.durationMs,
          recording: rec.file,
        },
        new Date(),
      );
      round.push(sid);
    }
    sids.push(round);
  }
  submitters.push({ token: await issueStudentToken(db, student), sids });
}
lap(`submission bench: ${studentRows.length * rounds * TEXTS.length} results stored (storeEvaluation)`);

// ── 3. Region-size results in bulk, shaped like the submission's rows ──
const regionResource = await resource(TEXTS.slice(0, 2), 'ベンチ 地域の教材');
const ids = (xs: number[]) => sql`${sql.param(xs)}::int[]`;

/** Homework for classes (one per class and week), `topics` topics of the two-sentence resource. */
async function makeHomework(classIds: number[], weeks: number, topics: number, title: string) {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into homework (teacher_id, title, type, class_id, required_times, start_time, end_time, opened_at, closed_at)
    select c.teacher_id, ${title}::text || w || '週', 'routine', c.id, 2,
      ${now}::timestamptz - (${weeks} - w + 1) * interval '7 days',
      ${now}::timestamptz - (${weeks} - w + 1) * interval '7 days' + interval '8 days',
      ${now}::timestamptz - (${weeks} - w + 1) * interval '7 days',
      case when w < ${weeks} then ${now}::timestamptz - (${weeks} - w + 1) * interval '7 days' + interval '8 days' end
    from classes c cross join generate_series(1, ${weeks}) w
    where c.id = any(${ids(classIds)})
    returning id`);
  const hw = rows.map((r) => Number(r.id));
  await db.execute(sql`insert into homework_topics (homework_id, position, resource_id, title, type, item_count)
    select h.id, p, ${regionResource.id}, ${regionResource.title}::text || ' ' || p, 'sentence_reading', 2
    from homework h cross join generate_series(1, ${topics}) p where h.id = any(${ids(hw)})`);
  await db.execute(sql`insert into homework_recipients (homework_id, student_id, class_id, submitted_at)
    select h.id, cs.student_id, h.class_id,
      case when (cs.student_id * 31 + h.id) % 5 <> 0 or ${topics} > 5 then h.start_time + interval '2 days' end
    from homework h join class_students cs on cs.class_id = h.class_id where h.id = any(${ids(hw)})`);
  return hw;
}

/**
 * Two tries of every topic by every child who handed the homework in: attempts, their two
 * answers (each with its evaluation result, used at the hand-in), topic progress (best = the
 * higher score, the earlier on a tie) and the homework counters, as the submission keeps them.
 */
async function fillAttempts(hw: number[]) {
  const attemptMs = readings[0]!.durationMs + readings[1]!.durationMs;
  return db.transaction(async (tx) => {
    await tx.execute(sql`create temp table att on commit drop as
      select nextval(pg_get_serial_sequence('attempts', 'id'))::int as id, r.student_id, h.teacher_id,
        h.id as homework_id, t.id as topic_id, t.resource_id, k as try,
        r.submitted_at - interval '1 day' + k * interval '1 hour' + t.position * interval '1 minute' as created_at,
        (35 + (r.student_id * 7 + t.id * 13 + k * 29) % 66)::real as s0,
        (35 + (r.student_id * 11 + t.id * 17 + k * 23) % 66)::real as s1
      from homework_recipients r join homework h on h.id = r.homework_id
      join homework_topics t on t.homework_id = h.id cross join generate_series(1, 2) k
      where r.homework_id = any(${ids(hw)}) and r.submitted_at is not null`);
    // The real evaluations of the two sentences (question 0 and 1), as the first child stored them.
    const tpl = sql`(select distinct on (text) text, accuracy_score, fluency_score, integrity_score, result,
        duration_ms, audio_key, audio_type, array_position(${sql.param(TEXTS.slice(0, 2))}::text[], text) - 1 as q
      from evaluation_results where text = any(${sql.param(TEXTS.slice(0, 2))}::text[])
      and student_id = ${studentRows[0]!} order by text, created_at)`;
    await tx.execute(sql`create temp table ans on commit drop as
      select a.id as attempt_id, e.q::int as question_id,
        'ev' || substr(md5(a.id || ':' || e.q), 1, 16) as sid,
        case when e.q = 0 then a.s0 else a.s1 end as score,
        e.accuracy_score, e.fluency_score, e.integrity_score, e.result, e.duration_ms, e.audio_key, e.audio_type,
        e.text, a.student_id, a.created_at
      from att a cross join ${tpl} e`);
    await tx.execute(sql`insert into attempts (id, student_id, teacher_id, homework_id, topic_id, resource_id, type,
        score, accuracy_score, fluency_score, integrity_score, correct_count, choice_count, question_count,
        duration_ms, created_at)
      select a.id, a.student_id, a.teacher_id, a.homework_id, a.topic_id, a.resource_id, 'sentence_reading',
        (a.s0 + a.s1) / 2, x.acc, x.flu, x.itg, null, null, 2, x.dur, a.created_at
      from att a join (select attempt_id, avg(accuracy_score)::real as acc, avg(fluency_score)::real as flu,
        avg(integrity_score)::real as itg, sum(duration_ms)::int as dur from ans group by attempt_id) x
        on x.attempt_id = a.id`);
    await tx.execute(sql`insert into evaluation_results (sid, student_id, category, text, total_score,
        accuracy_score, fluency_score, integrity_score, result, duration_ms, audio_key, audio_type, created_at, used_at)
      select sid, student_id, 'read_sentence', text, score, accuracy_score, fluency_score, integrity_score,
        jsonb_set(result, '{total_score}', to_jsonb(score)), duration_ms, audio_key, audio_type,
        created_at - interval '1 minute', created_at
      from ans`);
    const answers = await tx.execute(sql`insert into attempt_answers (attempt_id, question_id, sid, answer, correct,
        score, accuracy_score, fluency_score, integrity_score, evaluate_html, words, duration_ms, audio_key, audio_type)
      select attempt_id, question_id, sid, null, null, score, accuracy_score, fluency_score, integrity_score,
        result->>'evaluate_html', result->'words', duration_ms, audio_key, audio_type
      from ans`);
    await tx.execute(sql`insert into topic_progress (topic_id, student_id, homework_id, practice_count, best_score,
        last_score, best_attempt_id, duration_ms, first_at, last_at)
      select distinct on (topic_id, student_id) topic_id, student_id, homework_id,
        count(*) over w, (s0 + s1) / 2,
        (array_agg((s0 + s1) / 2) over (w order by created_at desc))[1],
        id, (count(*) over w)::int * ${attemptMs}, min(created_at) over w, max(created_at) over w
      from att a
      window w as (partition by topic_id, student_id)
      order by topic_id, student_id, (s0 + s1) / 2 desc, created_at, id`);
    await tx.execute(sql`update homework h set assigned_count = x.n, submitted_count = x.s
      from (select homework_id, count(*)::int as n, count(submitted_at)::int as s from homework_recipients
        where homework_id = any(${ids(hw)}) group by homework_id) x
      where h.id = x.homework_id`);
    return answers.rowCount ?? 0;
  });
}

let answers = 0;
const regionHomework: number[] = [];
for (const t of region) {
  const hw = await makeHomework(t.classIds, 15, 5, '第');
  regionHomework.push(...hw);
  answers += await fillAttempts(hw);
}
lap(`region: ${regionHomework.length} homework, ${answers} answers (bulk SQL)`);
const matrixHomework = await makeHomework([matrixClass!], 10, 30, 'マトリクス 第');
answers += await fillAttempts(matrixHomework);
// The export homework: one homework to every child of the export teacher (10,000), 5 topics.
const { rows: exportRows } = await db.execute<{ id: number }>(sql`
  insert into homework (teacher_id, title, type, class_id, required_times, start_time, end_time, opened_at)
  values (${exporter.id}, '学年末の音読テスト', 'routine', null, 2, ${now}::timestamptz - interval '3 days',
    ${now}::timestamptz + interval '4 days', ${now}::timestamptz - interval '3 days') returning id`);
const exportHomework = Number(exportRows[0]!.id);
await db.execute(sql`insert into homework_topics (homework_id, position, resource_id, title, type, item_count)
  select ${exportHomework}, p, ${regionResource.id}, ${regionResource.title}::text || ' ' || p, 'sentence_reading', 2
  from generate_series(1, 5) p`);
await db.execute(sql`insert into homework_recipients (homework_id, student_id, class_id, submitted_at)
  select ${exportHomework}, cs.student_id, cs.class_id,
    case when cs.student_id % 5 <> 0 then ${now}::timestamptz - interval '1 day' end
  from class_students cs where cs.class_id = any(${ids(exportClasses)})`);
answers += await fillAttempts([exportHomework]);
lap(`matrix and export homework (bulk SQL; ${answers} answers in all)`);
// Learning statistics (docs/learning-statistics.md): every region child's sound statistics of the
// last 6 months (41 sounds each, as the evaluation store sums them), and a word book whose part 1
// holds the words of the two sentences the answers read.
await db.execute(sql`insert into sound_judgements (student_id, month, sound, judged, weak, score_sum)
  select cs.student_id, (date_trunc('month', ${now}::timestamptz at time zone 'Asia/Tokyo') - m * interval '1 month')::date,
    s, 20 + (cs.student_id + m) % 30, (cs.student_id * 7 + length(s) * 13 + m) % 12,
    (20 + (cs.student_id + m) % 30) * (45 + (cs.student_id * 3 + length(s) * 11) % 50)
  from class_students cs join classes c on c.id = cs.class_id
  cross join generate_series(0, 5) m
  cross join unnest(${sql.param(BENCH_SOUNDS)}::text[]) s
  where c.teacher_id = any(${sql.param(region.map((t) => t.id))}::int[])
  on conflict do nothing`);
await db.execute(
  sql`insert into word_books (code, title, grade, max_part) values ('bench-wb', 'ベンチの単語帳', 5, 1)`,
);
const benchWords = [...new Set(TEXTS.slice(0, 2).flatMap((t) => t.toLowerCase().match(/[a-z']+/g) ?? []))];
await db.execute(sql`insert into word_book_words (book_code, part, position, word, meaning, ipa, example, example_translation)
  select 'bench-wb', 1, o, w, '意味', '', '', '' from unnest(${sql.param(benchWords)}::text[]) with ordinality as u(w, o)`);
lap('learning statistics: sound statistics and a word book (bulk SQL)');
// The same children handing in another homework of the teacher while the calls are loaded.
const handIns = await prepareHandIns(db, main.id, submitClass!, {
  students: Number(values.children),
  rounds: Number(values.handInRounds),
  title: '提出中の宿題（読み取りと同時）',
});
lap('hand-ins while loading: results stored (bulk SQL)');
await db.execute(sql`analyze`);
lap('analyze');

const counts = (
  await db.execute<{ students: number; homework: number; attempts: number; answers: number; results: number }>(sql`
    select (select count(*)::int from students) as students, (select count(*)::int from homework) as homework,
      (select count(*)::int from attempts) as attempts, (select count(*)::int from attempt_answers) as answers,
      (select count(*)::int from evaluation_results) as results`)
).rows[0]!;

const privateKeyPem = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const cipher = await loadPasswordCipher({ dataDir, privateKeyPem });
const mailer = createMailer({ from: 'Bench <bench@ondoku.invalid>', dataDir });
const app = await buildApp({ database, cipher, mailer, secretBox: box, storage, speech, liveLessonUrl: null });
await app.listen({ port: 0, host: '127.0.0.1' });
app.downloads.start(60_000);

const profiles = serveCpuProfiles(send);
process.on('message', async (m: { type: string; file?: string }) => {
  if (await profiles(m)) return;
  if (m.type === 'cpu')
    send({ type: 'cpu', ...(await cpuSpent((q, p) => database.pool.query<{ pid: number }>(q, p), false)) });
  else if (m.type === 'rss') send({ type: 'rss', rss: process.memoryUsage.rss() });
  else if (m.type === 'cache') {
    bypassReplyCache(app, (m as { bypass?: boolean }).bypass === true);
    send({ type: 'cache-set' });
  } else if (m.type === 'close') {
    await app.downloads.stop();
    await app.close();
    await speech.close();
    mailer.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    send({ type: 'closed' });
    process.exit(0);
  }
});

send({
  type: 'ready',
  port: (app.server.address() as AddressInfo).port,
  teacherToken: await issueToken(db, main.id, { clientName: 'bench' }),
  exportToken: await issueToken(db, exporter.id, { clientName: 'bench' }),
  submit: { homeworkId: submitHomework, topicId: submitTopic, children: submitters },
  handIns,
  matrixHomework,
  matrixClass: matrixClass!,
  matrixStudent: (
    await db.execute<{ login_id: string }>(sql`select s.login_id from class_students cs
      join students s on s.id = cs.student_id where cs.class_id = ${matrixClass!} order by s.id limit 1`)
  ).rows[0]!.login_id,
  regionHomework: regionHomework.filter((_, i) => i % 15 === 14).slice(0, 10),
  exportHomework,
  counts,
  ms,
  dbUrl: (database.pool as unknown as { options: { connectionString: string } }).options.connectionString,
});
