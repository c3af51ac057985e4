import type { AddressInfo } from 'node:net';
import { EvaluationCode, getStudentEvaluationService } from '@ondoku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSpeechService } from '../modules/evaluation/speech-service.js';
import { rawFrames, synthesizedPcm } from '../test/evaluation-audio.js';
import { buildClass, buildStudents, teacherWithToken } from '../test/factories.js';
import { signInStudent } from '../test/learn-factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * A few child accounts cannot shut evaluation off (docs/speech-service.md, "Silence is not a
 * reading"): ten children of one class each hold two sockets and stream zeros in real time; a
 * child of another teacher's class reads meanwhile and gets a result, and the zero streams never
 * take a place in a speech worker.
 */
const TEXT = 'I like to read English books.';
let t: TestApp;
let host: string;
let pcm: Int16Array;
// One worker with load shedding on, as the server runs it: the smallest capacity to take.
const speech = createSpeechService({ workers: 1 });

beforeAll(async () => {
  t = await buildTestApp({ speech });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  pcm = await synthesizedPcm(TEXT);
  await speech.warmUp();
}, 120_000);
afterAll(async () => {
  await t.close();
  await speech.close();
});

async function socketOf(token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: getStudentEvaluationService.path,
    headers: { authorization: `Bearer ${token}`, host },
  });
  return res.json().data.evaluation_server_url as string;
}

const start = { cmd: 'ssb', category: 'read_chapter', aue: 'raw', language: 'en_us', text: TEXT.repeat(30) };

/** A socket that sends 100 ms of zeros every 100 ms until stopped; resolves with its reply. */
function zeros(url: string) {
  const ws = new WebSocket(url);
  let timer: NodeJS.Timeout | undefined;
  const reply = new Promise<{ code: number } | null>((resolve) => {
    let last: { code: number } | null = null;
    ws.on('open', () => {
      ws.send(JSON.stringify(start));
      const chunk = Buffer.alloc(3200).toString('base64');
      timer = setInterval(() => ws.send(JSON.stringify({ cmd: 'auw', status: 1, audio: chunk })), 100);
    });
    ws.on('message', (d) => (last = JSON.parse(d.toString())));
    ws.on('close', () => {
      clearInterval(timer);
      resolve(last);
    });
    ws.on('error', () => resolve(last));
  });
  return { reply, stop: () => (clearInterval(timer), ws.terminate()) };
}

function read(url: string) {
  return new Promise<{ code: number; result?: { total_score: number } } | null>((resolve, reject) => {
    const ws = new WebSocket(url);
    let reply: { code: number } | null = null;
    ws.on('open', () => {
      ws.send(JSON.stringify({ ...start, category: 'read_sentence', text: TEXT }));
      for (const f of rawFrames(pcm)) ws.send(JSON.stringify(f));
    });
    ws.on('message', (d) => (reply = JSON.parse(d.toString())));
    ws.on('close', () => resolve(reply));
    ws.on('error', reject);
  });
}

describe('silence cannot take the speech workers', () => {
  it("20 zero streams of one class: another class's child is scored, the zero streams end with NO_VOICE", async () => {
    const attacker = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: attacker.teacher });
    const kids = await buildStudents(t, 10, { teacher: attacker.teacher, classIds: [c.id], prefix: 'z' });
    const streams = [];
    for (const kid of kids) {
      const s = await signInStudent(t, kid);
      streams.push(zeros(await socketOf(s.token)), zeros(await socketOf(s.token)));
    }
    // Let the zeros run for a while, then a child of another school reads.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(speech.load()?.workers.reduce((n, w) => n + w.openStreams, 0) ?? 0).toBe(0);

    const other = await teacherWithToken(t);
    const oc = await buildClass(t, { teacher: other.teacher });
    const [reader] = await buildStudents(t, 1, { teacher: other.teacher, classIds: [oc.id], prefix: 'legit' });
    const reply = await read(await socketOf((await signInStudent(t, reader!)).token));
    expect(reply?.code).toBe(0);
    expect(reply?.result?.total_score).toBeGreaterThan(50);

    // The zero streams are closed by themselves once their time for a voice is up.
    const replies = await Promise.all(streams.map((s) => s.reply));
    expect(replies.map((r) => r?.code)).toEqual(streams.map(() => EvaluationCode.NO_VOICE));
  }, 120_000);
});
