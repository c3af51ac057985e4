/**
 * Children handing in the teacher's homework while the teacher's calls are loaded (bench:api,
 * bench:results; docs/benchmarks.md, "Hit, miss and hand-ins"). Server side: `prepareHandIns`
 * publishes a homework of three sentences to the first `children` children of a class of the
 * teacher, signs them in and stores `rounds` × 3 evaluation results per child in one INSERT … SELECT
 * (rows shaped as the evaluation socket stores them; the evaluator is not what is measured here),
 * so each child can submit the topic `rounds` times. Client side: `handIn` runs one loop per child,
 * each submitting through POST /api/v2/student/submit-topic and waiting `gapMs` between its
 * hand-ins, until stopped; every hand-in clears what it changes from the teacher's reply cache.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { PublishInput } from '@ondoku/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { libraryResources } from '../src/db/schema/index.js';
import { publishHomework } from '../src/modules/homework/service.js';
import { issueStudentToken } from '../src/modules/learn/index.js';

export interface HandIns {
  homeworkId: number;
  topicId: number;
  /**
   * With `firsts`: the homework of each round. A child's hand-in of round r goes to homework r, so
   * every hand-in is the child's first of its homework (she becomes submitted: the homework's
   * counts change, as while a class hands in a homework once each).
   */
  targets?: { homeworkId: number; topicId: number }[];
  students: { token: string; sids: string[][] }[];
}

const TEXTS = ['I like apples.', 'She plays the piano.', 'We go to school.'];

/** A headquarters sentence set of `texts` for the benches, without model audio. */
export async function insertBenchResource(db: Db, texts: string[], title: string) {
  const [row] = await db
    .insert(libraryResources)
    .values({
      key: `bench-${randomUUID()}`,
      originType: 'headquarters',
      teacherId: null,
      type: 'sentence_reading',
      title,
      grade: 5,
      itemCount: texts.length,
      content: {
        full_text: null,
        items: texts.map((text, index) => ({
          index,
          screen_text: text,
          screen_text_translation: '訳',
          screen_pic: null,
          audio_file: null,
          note_homework: null,
        })),
      },
      searchKey: title,
    })
    .returning();
  return row!;
}

export async function prepareHandIns(
  db: Db,
  teacherId: number,
  classId: number,
  opts: { students: number; rounds: number; title?: string; firsts?: boolean },
): Promise<HandIns> {
  const resource = await insertBenchResource(db, TEXTS, 'ベンチ 提出中の教材');
  const now = new Date();
  const publish = (title: string) =>
    db.transaction((tx) =>
      publishHomework(
        tx,
        { id: teacherId },
        {
          homework_type: 'routine',
          request_key: randomUUID(),
          title,
          team_ids: [classId],
          student_ids: [],
          publish_type: 'now',
          publish_time: null,
          end_time: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
          required_times: null,
          resource_ids: [resource.id],
        } as PublishInput,
        now,
      ),
    );
  const topicOf = async (homeworkId: number) =>
    Number(
      (await db.execute<{ id: number }>(sql`select id from homework_topics where homework_id = ${homeworkId}`)).rows[0]!
        .id,
    );
  const homeworkId = (await publish(opts.title ?? '提出中の宿題')).homework_ids[0]!;
  const topicId = await topicOf(homeworkId);
  const targets: HandIns['targets'] = [];
  if (opts.firsts)
    for (let r = 0; r < opts.rounds; r++) {
      const id = (await publish(`${opts.title ?? '提出中の宿題'} ${r + 1}`)).homework_ids[0]!;
      targets.push({ homeworkId: id, topicId: await topicOf(id) });
    }
  const studentIds = (
    await db.execute<{ id: number }>(sql`select student_id as id from homework_recipients
      where homework_id = ${homeworkId} order by student_id limit ${opts.students}`)
  ).rows.map((r) => Number(r.id));
  const words = (text: string) =>
    text.split(' ').map((word, i) => ({ word, score: 80, type: 'normal', start_ms: i * 400, end_ms: i * 400 + 350 }));
  const results = TEXTS.map((text) => ({
    total_score: 80,
    accuracy_score: 80,
    fluency_score: 80,
    integrity_score: 80,
    words: words(text),
    evaluate_html: text,
    evaluate_text: text,
  }));
  const students: HandIns['students'] = [];
  for (const studentId of studentIds) {
    const rows = await db.execute<{ sid: string; text: string }>(sql`
      insert into evaluation_results (sid, student_id, teacher_id, category, text, total_score, accuracy_score,
        fluency_score, integrity_score, result, duration_ms)
      select 'ev' || substr(md5(random()::text || clock_timestamp()::text || r || '-' || i), 1, 16),
        ${studentId}, ${teacherId}, 'read_sentence', (${sql.param(TEXTS)}::text[])[i + 1], 80, 80, 80, 80,
        (${JSON.stringify(results)}::jsonb) -> i, 2000
      from generate_series(0, ${opts.rounds - 1}) r cross join generate_series(0, ${TEXTS.length - 1}) i
      returning sid, text`);
    const byItem = TEXTS.map((t) => rows.rows.filter((x) => x.text === t).map((x) => x.sid));
    const rounds = Array.from({ length: opts.rounds }, (_, r) => byItem.map((sids) => sids[r]!));
    students.push({ token: await issueStudentToken(db, studentId), sids: rounds });
  }
  return { homeworkId, topicId, ...(opts.firsts ? { targets } : {}), students };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });

function post(port: number, token: string, body: unknown): Promise<{ ok: boolean; ms: number; text: string }> {
  const payload = JSON.stringify(body);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v2/student/submit-topic',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ ok: res.statusCode === 200 && /"errcode":0[,}]/.test(text), ms: performance.now() - t0, text });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export interface HandInFigures {
  n: number;
  p50: number;
  p95: number;
  errors: number;
  /** Students who ran out of stored results before the stop. */
  exhausted: number;
}

/**
 * One loop per child: hand in, wait `gapMs`, again, until `stop()`, which resolves with the
 * hand-ins' figures. Each child's next unused round is remembered across calls of handIn.
 */
export function handIn(port: number, h: HandIns, gapMs: number) {
  let on = true;
  const lat: number[] = [];
  let errors = 0;
  let exhausted = 0;
  const loops = h.students.map(async (student) => {
    while (on) {
      const round = (h.targets?.length ?? 0) - student.sids.length;
      const sids = student.sids.shift();
      if (!sids) {
        exhausted++;
        return;
      }
      const target = h.targets?.[round] ?? h;
      const r = await post(port, student.token, {
        homework_id: target.homeworkId,
        topic_id: target.topicId,
        answers: sids.map((sid, i) => ({ question_id: i, sid })),
      }).catch((e: Error) => ({ ok: false, ms: NaN, text: e.message }));
      if (!r.ok && ++errors <= 3) process.stderr.write(`  hand-in failed: ${r.text.slice(0, 200)}\n`);
      lat.push(r.ms);
      if (on && gapMs) await new Promise((res) => setTimeout(res, gapMs * (0.5 + Math.random())));
    }
  });
  return async (): Promise<HandInFigures> => {
    on = false;
    await Promise.all(loops);
    lat.sort((a, b) => a - b);
    const pct = (p: number) => lat[Math.min(lat.length - 1, Math.ceil((lat.length * p) / 100) - 1)] ?? NaN;
    return { n: lat.length, p50: pct(50), p95: pct(95), errors, exhausted };
  };
}
