// The two halves of the students' side together: a child asks student/new-evaluation-service,
// reads a sentence into the real socket (stored under its sid), and submits that sid; the
// attempt's score is exactly what the evaluator gave, and the sid cannot be submitted again.
import type { AddressInfo } from 'node:net';
import { ErrorCode, getStudentEvaluationService, learnMessages, studentLogin, submitTopic } from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { attemptAnswers, homeworkTopics, students } from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { buildLearnHomework, buildSentenceResource } from '../../test/learn-factories.js';
import { synthesizedPcm } from '../../test/evaluation-audio.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

const TEXT = 'I like to read English books.';
let t: TestApp;
let host: string;
let pcm: Int16Array;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  pcm = await synthesizedPcm(TEXT);
}, 120_000);
afterAll(() => t.close());

interface Reply {
  code: number;
  sid?: string;
  result?: { total_score: number; words: { word: string }[] };
}

function evaluate(url: string): Promise<Reply | null> {
  const frames: object[] = [{ cmd: 'ssb', category: 'read_sentence', aue: 'raw', language: 'en_us', text: TEXT }];
  for (let i = 0; i < pcm.length; i += 3200) {
    const c = pcm.subarray(i, i + 3200);
    frames.push({ cmd: 'auw', status: 1, audio: Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString('base64') });
  }
  frames.push({ cmd: 'auw', status: 2, audio: '' });
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    let reply: Reply | null = null;
    ws.on('open', () => frames.forEach((f) => ws.send(JSON.stringify(f))));
    ws.on('message', (d) => (reply = JSON.parse(d.toString()) as Reply));
    ws.on('close', () => resolve(reply));
    ws.on('error', reject);
  });
}

describe('student/new-evaluation-service → the socket → submit-topic', () => {
  it("scores the attempt with exactly the evaluator's result, once", async () => {
    const resource = await buildSentenceResource(t, { texts: [TEXT] });
    const hw = await buildLearnHomework(t, { resourceIds: [resource.id], students: 1 });
    const [row] = await t.db.select().from(students).where(eq(students.loginId, hw.loginIds[0]!));
    const signIn = await call(t, studentLogin, {
      student_id: row!.loginId,
      password: t.encrypt(t.secretBox.open(row!.initialPasswordEnc!)),
    });
    const student = signIn.data.token;
    const service = await t.app.inject({
      method: 'GET',
      url: getStudentEvaluationService.path,
      headers: { authorization: `Bearer ${student}`, host },
    });
    const url = service.json().data.evaluation_server_url as string;
    expect(url).toMatch(new RegExp(`^ws://${host}/api/v2/evaluation/ws\\?ticket=`));

    const reply = await evaluate(url);
    expect(reply?.code).toBe(0);
    const [topic] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, hw.homeworkId));
    const input = { homework_id: hw.homeworkId, topic_id: topic!.id, answers: [{ question_id: 0, sid: reply!.sid! }] };
    const r = await call(t, submitTopic, input, { as: student });
    expect(r.errcode).toBe(0);
    expect(r.data.score).toBeCloseTo(reply!.result!.total_score, 1);
    expect(r.data.items[0]!.words!.map((w) => w.word)).toEqual(reply!.result!.words.map((w) => w.word));
    const [answer] = await t.db.select().from(attemptAnswers).where(eq(attemptAnswers.sid, reply!.sid!));
    expect(answer!.audioKey).toBeTruthy();
    expect(answer!.durationMs).toBeGreaterThan(1000);

    const again = await call(t, submitTopic, input, { as: student });
    expect([again.errcode, again.errmsg]).toEqual([ErrorCode.SID_USED, learnMessages.sidUsed]);
  }, 120_000);
});
