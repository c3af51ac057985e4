// The check of docs/deployment.md, "Try it on one machine": through the load balancer at
// TRY_URL, a new child signs in and reads a sentence into the evaluation socket, then their
// teacher opens the answer paper and plays the recording (a range, then the whole file). The
// teacher, class, child, a sentence to read and the homework are made in DATABASE_URL's database
// through the services the calls use; STUDENT_PASSWORD_KEY and RSA_PRIVATE_KEY are the servers'.
//
//   TRY_URL=http://127.0.0.1:8080 DATABASE_URL=… RSA_PRIVATE_KEY=… STUDENT_PASSWORD_KEY=… \
//     npx tsx apps/server/scripts/try-read-and-listen.ts
import { constants, createPublicKey, publicEncrypt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { openPostgres } from '../src/db/client.js';
import type { PublishInput } from '@ondoku/contract';
import { homeworkTopics, libraryResources, students } from '../src/db/schema/index.js';
import { secretBoxFromKey } from '../src/lib/secret-box.js';
import { createTeacher } from '../src/modules/auth/service.js';
import { createClass } from '../src/modules/classes/index.js';
import { publishHomework } from '../src/modules/homework/index.js';
import { createStudents } from '../src/modules/students/index.js';
import { rawFrames, synthesizedPcm } from '../src/test/evaluation-audio.js';

const base = process.env.TRY_URL ?? 'http://127.0.0.1:8080';
const TEXT = 'I like to read English books.';
const publicKey = createPublicKey(process.env.RSA_PRIVATE_KEY!);
const encrypt = (p: string) =>
  publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(p),
  ).toString('base64');
const secretBox = secretBoxFromKey(Buffer.from(process.env.STUDENT_PASSWORD_KEY!, 'base64'));

async function post(path: string, body: object, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { errcode: number; errmsg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
async function get(path: string, token: string) {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as { errcode: number; errmsg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const database = await openPostgres(process.env.DATABASE_URL!);
const db = database.db;
const n = Date.now().toString(36);
const password = 'pass1234';
const teacher = await createTeacher(db, {
  loginId: `try${n}`,
  email: `try${n}@example.com`,
  nickname: '山田 花子',
  school: 'ためし小学校',
  password,
});
const klass = await createClass(db, teacher.id, { name: '5年1組' });
const loginId = `kid${n}`;
await db.transaction((tx) =>
  createStudents(tx, secretBox, teacher.id, [
    {
      loginId,
      name: '音読 花子',
      furigana: 'おんどく はなこ',
      gradeName: '5年',
      kumi: '1組',
      number: '1',
      classIds: [klass.id],
    },
  ]),
);
const title = `ためしの文 ${n}`;
const [resource] = await db
  .insert(libraryResources)
  .values({
    key: `try-${randomUUID()}`,
    originType: 'classroom',
    teacherId: teacher.id,
    type: 'sentence_reading',
    title,
    grade: 5,
    itemCount: 1,
    content: {
      full_text: null,
      items: [
        {
          index: 0,
          screen_text: TEXT,
          screen_text_translation: '訳',
          screen_pic: null,
          audio_file: null,
          note_homework: '',
        },
      ],
    },
    searchKey: title,
  })
  .returning();
const now = new Date();
const published = await db.transaction((tx) =>
  publishHomework(
    tx,
    teacher,
    {
      homework_type: 'routine',
      request_key: randomUUID(),
      title: 'ためしの宿題',
      team_ids: [klass.id],
      student_ids: [],
      publish_type: 'now',
      publish_time: null,
      end_time: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
      required_times: null,
      resource_ids: [resource!.id],
    } as PublishInput,
    now,
  ),
);
const hw = { homeworkId: published.homework_ids[0]! };
const [topic] = await db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, hw.homeworkId));
const [row] = await db.select().from(students).where(eq(students.loginId, loginId));
await database.close();
console.log(`made teacher ${teacher.loginId}, child ${row!.loginId}, homework ${hw.homeworkId}`);

const signIn = await post('/api/v2/student/login', {
  student_id: row!.loginId,
  password: encrypt(secretBox.open(row!.initialPasswordEnc!)),
});
console.log('child signed in:', signIn.errcode === 0 ? 'ok' : signIn.errmsg);
const service = await get('/api/v2/student/new-evaluation-service', signIn.data.token);
const url = service.data.evaluation_server_url as string;
console.log('evaluation socket:', url.replace(/ticket=.*/, 'ticket=…'));
const frames = [
  { cmd: 'ssb', category: 'read_sentence', aue: 'raw', language: 'en_us', text: TEXT },
  ...rawFrames(await synthesizedPcm(TEXT)),
];
const reply = await new Promise<{ code: number; sid?: string; result?: { total_score: number } } | null>(
  (resolve, reject) => {
    const ws = new WebSocket(url);
    let last: { code: number; sid?: string } | null = null;
    ws.on('open', () => frames.forEach((f) => ws.send(JSON.stringify(f))));
    ws.on('message', (d) => (last = JSON.parse(d.toString())));
    ws.on('close', () => resolve(last));
    ws.on('error', reject);
  },
);
console.log('child read: code', reply?.code, 'score', reply?.result?.total_score, 'sid', reply?.sid);
const submitted = await post(
  '/api/v2/student/submit-topic',
  { homework_id: hw.homeworkId, topic_id: topic!.id, answers: [{ question_id: 0, sid: reply!.sid }] },
  signIn.data.token,
);
console.log('child submitted:', submitted.errcode === 0 ? 'ok' : submitted.errmsg);

const teacherIn = await post('/api/v2/teacher/login-safe', {
  username: teacher.loginId,
  password: encrypt(password),
  app_name: 'try',
  client_name: 'try',
});
console.log('teacher signed in:', teacherIn.errcode === 0 ? 'ok' : teacherIn.errmsg);
const paper = await get(
  `/api/v2/team/student-homework-topic-details?homework_id=${hw.homeworkId}&topic_id=${topic!.id}&student_id=${row!.loginId}`,
  teacherIn.data.token,
);
const recording = /\/api\/v2\/recording\/[^"]+/.exec(JSON.stringify(paper.data))?.[0];
console.log('answer paper:', paper.errcode === 0 ? 'ok' : paper.errmsg, 'recording', recording?.replace(/\?.*/, '?…'));
const ranged = await fetch(`${base}${recording}`, { headers: { range: 'bytes=0-1023' } });
console.log(
  'play (range 0-1023):',
  ranged.status,
  ranged.headers.get('content-range'),
  (await ranged.arrayBuffer()).byteLength,
  'bytes',
);
const whole = await fetch(`${base}${recording}`);
console.log(
  'play (whole):',
  whole.status,
  whole.headers.get('content-type'),
  (await whole.arrayBuffer()).byteLength,
  'bytes',
);
