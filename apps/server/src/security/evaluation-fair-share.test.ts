import type { AddressInfo } from 'node:net';
import { EvaluationCode, getStudentEvaluationService } from '@ondoku/contract';
import { SpeechBusyError, type SpeechStream } from '@ondoku/speech';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fairShareVictim, type SharedStream } from '../modules/evaluation/fair-share.js';
import type { SpeechService } from '../modules/evaluation/speech-service.js';
import { buildClass, buildStudents, teacherWithToken } from '../test/factories.js';
import { signInStudent } from '../test/learn-factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * A fair share of the speech workers (docs/speech-service.md, "A fair share"): when they are full,
 * a reader of a class holding fewer streams takes the place of the newest stream of the class
 * holding most. The workers here are a stand-in with room for exactly three streams, so the rule
 * is seen through real sockets without depending on the machine's speed.
 */
describe('fairShareVictim', () => {
  const s = (group: number, hasStream = true): SharedStream => ({ group, hasStream });

  it("takes the newest stream of the group holding most, two or more above the reader's", () => {
    const open = [s(1), s(1), s(2), s(1), s(1, false)];
    expect(fairShareVictim(open, 3)).toBe(open[3]);
    expect(fairShareVictim(open, 2)).toBe(open[3]);
  });

  it('takes none when the shares are fair already, or for the group holding most', () => {
    expect(fairShareVictim([s(1), s(2)], 3)).toBeNull();
    expect(fairShareVictim([s(1), s(1), s(2)], 2)).toBeNull();
    expect(fairShareVictim([s(1), s(1), s(1)], 1)).toBeNull();
    expect(fairShareVictim([s(1, false), s(1, false), s(1, false)], 2)).toBeNull();
  });
});

const ROOM = 3;
let open = 0;
const result = {
  total_score: 88,
  accuracy_score: 90,
  fluency_score: 85,
  integrity_score: 100,
  words: [{ word: 'apples', score: 88, type: 'normal', start_ms: 0, end_ms: 500 }],
  evaluate_html: '<span>apples</span>',
  evaluate_text: 'apples',
  duration_ms: 500,
};
/** Speech workers with room for three streams; a stream's result comes as soon as it is finished. */
const speech = {
  startStream() {
    if (open >= ROOM) throw new SpeechBusyError();
    open++;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      open--;
    };
    return {
      push() {},
      finish: async () => (close(), { ...result, recording: null }),
      abort: close,
    } as unknown as SpeechStream;
  },
  load: () => null,
  close: async () => {},
} as unknown as SpeechService;

let t: TestApp;
let host: string;
beforeAll(async () => {
  t = await buildTestApp({ speech });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

async function socketOf(loginId: string) {
  const { token } = await signInStudent(t, loginId);
  const res = await t.app.inject({
    method: 'GET',
    url: getStudentEvaluationService.path,
    headers: { authorization: `Bearer ${token}`, host },
  });
  return res.json().data.evaluation_server_url as string;
}

const tone = Buffer.from(
  new Int16Array(3200).map((_, i) => Math.round(3000 * Math.sin((2 * Math.PI * 200 * i) / 16_000))).buffer,
).toString('base64');
const start = { cmd: 'ssb', category: 'read_sentence', aue: 'raw', language: 'en_us', text: 'I like apples.' };

/** A reader: sends a voice, and the last frame when `finish` is called; resolves with the reply. */
function reader(url: string) {
  const ws = new WebSocket(url);
  const opened = new Promise<void>((resolve) => ws.on('open', () => resolve()));
  const reply = new Promise<{ code: number } | null>((resolve) => {
    let last: { code: number } | null = null;
    ws.on('message', (d) => (last = JSON.parse(d.toString())));
    ws.on('close', () => resolve(last));
    ws.on('error', () => resolve(last));
  });
  return {
    reply,
    async speak() {
      await opened;
      ws.send(JSON.stringify(start));
      ws.send(JSON.stringify({ cmd: 'auw', status: 1, audio: tone }));
    },
    finish: () => ws.send(JSON.stringify({ cmd: 'auw', status: 2, audio: '' })),
  };
}

describe('a class cannot keep another class out', () => {
  it("a reader of another class takes the place of the crowding class's newest stream", async () => {
    const a = await teacherWithToken(t);
    const ca = await buildClass(t, { teacher: a.teacher });
    const crowd = await buildStudents(t, 3, { teacher: a.teacher, classIds: [ca.id], prefix: 'crowd' });
    const readers = [];
    for (const id of crowd) {
      const r = reader(await socketOf(id));
      await r.speak();
      readers.push(r);
    }
    await expect.poll(() => open).toBe(ROOM);

    const b = await teacherWithToken(t);
    const cb = await buildClass(t, { teacher: b.teacher });
    const [other] = await buildStudents(t, 1, { teacher: b.teacher, classIds: [cb.id], prefix: 'fair' });
    const newcomer = reader(await socketOf(other!));
    await newcomer.speak();
    // The crowding class's newest stream gave its place and was told so; the others read on.
    expect((await readers[2]!.reply)?.code).toBe(EvaluationCode.BUSY);
    newcomer.finish();
    expect((await newcomer.reply)?.code).toBe(0);
    readers[0]!.finish();
    readers[1]!.finish();
    expect((await readers[0]!.reply)?.code).toBe(0);
    expect((await readers[1]!.reply)?.code).toBe(0);
  });

  it('within one class, a reader past capacity is told the workers are busy', async () => {
    const a = await teacherWithToken(t);
    const ca = await buildClass(t, { teacher: a.teacher });
    const ids = await buildStudents(t, ROOM + 1, { teacher: a.teacher, classIds: [ca.id], prefix: 'same' });
    const readers = [];
    for (const id of ids.slice(0, ROOM)) {
      const r = reader(await socketOf(id));
      await r.speak();
      readers.push(r);
    }
    await expect.poll(() => open).toBe(ROOM);
    const late = reader(await socketOf(ids[ROOM]!));
    await late.speak();
    expect((await late.reply)?.code).toBe(EvaluationCode.BUSY);
    for (const r of readers) r.finish();
    for (const r of readers) expect((await r.reply)?.code).toBe(0);
  });
});
