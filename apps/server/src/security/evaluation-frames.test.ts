import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { EvaluationCode, evaluationLimits, evaluationMessages } from '@ondoku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSpeechService } from '../modules/evaluation/speech-service.js';
import { teacherWithToken } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * What a client can send on the evaluation socket is answered as the client's mistake: a start
 * frame whose text holds NUL, control characters or a lone surrogate is a 4xxxx reply, not a
 * server failure; a frame over the size limit closes the socket with one info line in the log,
 * not an error with a stack (docs/security.md, "Logs").
 */
let t: TestApp;
let base: string;
let auth: Record<string, string>;
const lines: { level: number; msg: string; code?: string }[] = [];
const speech = createSpeechService({ capacity: false });

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await buildTestApp({ speech, logger: { level: 'info', stream } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ({ auth } = await teacherWithToken(t));
});
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

function exchange(url: string, frames: string[]) {
  return new Promise<{ reply: { code: number; message?: string } | null; closeCode: number }>((resolve, reject) => {
    const ws = new WebSocket(url);
    let reply: { code: number; message?: string } | null = null;
    ws.on('open', () => frames.forEach((f) => ws.send(f)));
    ws.on('message', (d) => (reply = JSON.parse(d.toString())));
    ws.on('close', (closeCode) => resolve({ reply, closeCode }));
    ws.on('error', reject);
  });
}

const start = (text: string) =>
  JSON.stringify({ cmd: 'ssb', category: 'read_sentence', aue: 'raw', language: 'en_us', text });

describe('the evaluation socket and what a client sends', () => {
  it.each([
    ['NUL', 'I like\u0000 apples.'],
    ['an escape character', 'I like \u001b[31mapples.'],
    ['a lone surrogate', 'I like \ud800 apples.'],
  ])('a start text with %s is refused as an invalid text', async (_what, text) => {
    const { reply } = await exchange(await socketUrl(), [start(text)]);
    expect(reply).toEqual({
      code: EvaluationCode.TEXT_INVALID,
      message: evaluationMessages.textInvalid,
      sid: expect.any(String),
    });
  });

  it('a frame over the limit closes the socket and logs one info line without a stack', async () => {
    const before = lines.length;
    const big = JSON.stringify({ cmd: 'auw', status: 1, audio: 'A'.repeat(evaluationLimits.maxFrameBytes + 10) });
    const { closeCode } = await exchange(await socketUrl(), [start('I like apples.'), big]);
    expect(closeCode).toBe(1009);
    await expect.poll(() => lines.slice(before).some((l) => l.msg === 'websocket closed on a client error')).toBe(true);
    const logged = lines.slice(before);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    expect(JSON.stringify(logged)).not.toContain('"stack"');
  });
});
