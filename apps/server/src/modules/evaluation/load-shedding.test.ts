// Past capacity a child is told at once to try again a little later (docs/speech-service.md, "Load shedding"), and a
// stream already accepted is still answered. The speech workers are made busy artificially: one
// worker whose cost per audio second starts at 0.6 of its time, so one open stream fills it.
import type { AddressInfo } from 'node:net';
import { EvaluationCode, evaluationMessages } from '@ondoku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { teacherWithToken } from '../../test/factories.js';
import { rawFrames, synthesizedPcm } from '../../test/evaluation-audio.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createSpeechService, type SpeechService } from './speech-service.js';

const TEXT = 'I like to read English books.';
let t: TestApp;
let speech: SpeechService;
let base: string;
let auth: Record<string, string>;
let sentence: Int16Array;

beforeAll(async () => {
  speech = createSpeechService({ workers: 1, capacity: { costPerAudioSecond: 0.6, maxLoad: 1 } });
  t = await buildTestApp({ speech });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ({ auth } = await teacherWithToken(t));
  sentence = await synthesizedPcm(TEXT);
  await speech.warmUp();
}, 120_000);
afterAll(async () => {
  await t.close();
  await speech.close();
});

async function socketUrl(): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v2/new-evaluation-service',
    headers: { ...auth, host: base },
  });
  return res.json().data.evaluation_server_url as string;
}

const start = {
  cmd: 'ssb',
  category: 'read_sentence',
  aue: 'raw',
  language: 'en_us',
  text: TEXT,
  audio: '',
};

interface Reply {
  code: number;
  message: string;
  result?: { words: unknown[] };
}

/** An open socket: send frames, then wait for its one reply and its close. */
async function openSocket() {
  const ws = new WebSocket(await socketUrl());
  const done = new Promise<{ reply: Reply | null; closeCode: number; ms: number }>((resolve, reject) => {
    let reply: Reply | null = null;
    const began = Date.now();
    ws.on('message', (d) => (reply = JSON.parse(d.toString()) as Reply));
    ws.on('close', (code) => resolve({ reply, closeCode: code, ms: Date.now() - began }));
    ws.on('error', reject);
  });
  await new Promise((resolve) => ws.once('open', resolve));
  return { send: (frames: object[]) => frames.forEach((f) => ws.send(JSON.stringify(f))), done };
}

const sessionsOpen = async (n: number) => {
  for (let i = 0; i < 100 && t.app.evaluationSessions.size !== n; i++) await new Promise((r) => setTimeout(r, 20));
  return t.app.evaluationSessions.size;
};

describe('load shedding', () => {
  it('refuses a stream past capacity at once with 混み合っています, and still answers the accepted one', async () => {
    const first = await openSocket();
    first.send([start, ...rawFrames(sentence.subarray(0, 3200), { end: false })]);
    await new Promise((r) => setTimeout(r, 300)); // the first stream is open in the worker

    const second = await openSocket();
    second.send([start, ...rawFrames(sentence, { end: false })]);
    const refused = await second.done;
    expect(refused.reply).toEqual({
      code: EvaluationCode.BUSY,
      message: evaluationMessages.busy,
      sid: expect.any(String),
    });
    expect(evaluationMessages.busy).toBe('混み合っています。少し待ってからもう一度録音してください。');
    expect(refused.closeCode).toBe(1000);
    expect(refused.ms).toBeLessThan(2_000);

    // The accepted stream is not dropped: it reads on and gets its result.
    first.send(rawFrames(sentence.subarray(3200)));
    const answered = await first.done;
    expect(answered.reply?.code).toBe(0);
    expect(answered.reply?.result?.words).toHaveLength(6);
    expect(await sessionsOpen(0)).toBe(0);

    // Capacity is free again: the next child is accepted.
    const third = await openSocket();
    third.send([start, ...rawFrames(sentence)]);
    expect((await third.done).reply?.code).toBe(0);
  }, 60_000);
});
