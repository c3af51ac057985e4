import type { AddressInfo } from 'node:net';
import {
  EvaluationCode,
  evaluationLimits,
  evaluationMessages,
  evaluationResult,
  evaluationWord,
  logout,
} from '@ondoku/contract';
import OpusScript from 'opusscript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { authTokens, evaluationTicketsUsed } from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { teacherWithToken } from '../../test/factories.js';
import { rawFrames, synthesizedPcm } from '../../test/evaluation-audio.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createTicketSigner } from './ticket.js';
import { createSpeechService } from './speech-service.js';
import { useTicket } from './ticket-repository.js';

let t: TestApp;
let base: string;
let auth: Record<string, string>;
let sentence: Int16Array; // "I like to read English books." spoken by the TTS at 16 kHz

const TEXT = 'I like to read English books.';

// Load shedding off: these tests open several sockets at once on a machine whose load varies, and
// the measured cost would decide how many are taken (load-shedding.test.ts tests that).
const speech = createSpeechService({ capacity: false });

beforeAll(async () => {
  t = await buildTestApp({ speech });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ({ auth } = await teacherWithToken(t));
  sentence = await synthesizedPcm(TEXT);
}, 120_000);
afterAll(async () => {
  await t.close();
  await speech.close();
});

async function socketUrl(as: Record<string, string> = auth): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v2/new-evaluation-service',
    headers: { ...as, host: base },
  });
  return res.json().data.evaluation_server_url as string;
}

interface Reply {
  code: number;
  message?: string;
  sid?: string;
  result?: {
    total_score: number;
    accuracy_score: number;
    integrity_score: number;
    words: { word: string; type: string }[];
    evaluate_html: string;
  };
}

/** Open a socket, send the frames, and collect the one reply and the close. */
function exchange(url: string, frames: (string | object)[], opts: { closeAfter?: number } = {}) {
  return new Promise<{ reply: Reply | null; closeCode: number }>((resolve, reject) => {
    const ws = new WebSocket(url);
    let reply: Reply | null = null;
    ws.on('open', () => {
      frames.forEach((f, i) => {
        if (opts.closeAfter !== undefined && i === opts.closeAfter) ws.terminate();
        else if (ws.readyState === WebSocket.OPEN) ws.send(typeof f === 'string' ? f : JSON.stringify(f));
      });
    });
    ws.on('message', (d) => (reply = JSON.parse(d.toString()) as Reply));
    ws.on('close', (code) => resolve({ reply, closeCode: code }));
    ws.on('error', reject);
  });
}

const start = (over: object = {}) => ({
  cmd: 'ssb',
  category: 'read_sentence',
  aue: 'raw',
  language: 'en_us',
  text: TEXT,
  res_id: 'r1',
  auto_tracking: 1,
  track_type: 2,
  audio: '',
  ...over,
});

const waitForNoSessions = async () => {
  for (let i = 0; i < 50 && t.app.evaluationSessions.size > 0; i++) await new Promise((r) => setTimeout(r, 20));
  return t.app.evaluationSessions.size;
};

describe('new-evaluation-service', () => {
  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/new-evaluation-service' });
    expect(res.statusCode).toBe(401);
  });

  it('gives a websocket URL with a signed ticket', async () => {
    expect(await socketUrl()).toMatch(new RegExp(`^ws://${base}/api/v2/evaluation/ws\\?ticket=t\\.\\d+\\.\\d+\\.`));
  });
});

describe('tickets', () => {
  const signer = createTicketSigner(Buffer.from('secret'));
  it('are valid for 60 seconds and cannot be altered', () => {
    const now = Date.now();
    const ticket = signer.issue({ kind: 'teacher', id: 42, tokenId: 7 }, now);
    expect(signer.verify(ticket, now)).toMatchObject({ kind: 'teacher', id: 42, tokenId: 7 });
    expect(signer.verify(ticket, now + (evaluationLimits.ticketTtlSeconds + 1) * 1000)).toBeNull();
    expect(signer.verify(ticket.replace(/^t\.42\./, 't.43.'), now)).toBeNull();
    expect(signer.verify(ticket.replace(/^t\.42\.7\./, 't.42.8.'), now)).toBeNull();
    // a teacher's ticket cannot be turned into a child's (the kind is signed)
    expect(signer.verify(ticket.replace(/^t\./, 's.'), now)).toBeNull();
    const student = signer.issue({ kind: 'student', id: 42, tokenId: 7 }, now);
    expect(signer.verify(student, now)).toMatchObject({ kind: 'student', id: 42, tokenId: 7 });
    expect(createTicketSigner(Buffer.from('other')).verify(ticket, now)).toBeNull();
    expect(signer.verify('garbage', now)).toBeNull();
  });
});

describe('streaming evaluation', () => {
  it('evaluates a correctly read sentence sent as raw PCM', async () => {
    const { reply, closeCode } = await exchange(await socketUrl(), [start(), ...rawFrames(sentence)]);
    expect(reply?.code).toBe(0);
    expect(reply?.sid).toMatch(/^ev[0-9a-f]{16}$/);
    expect(reply?.result?.words.map((w) => w.word.toLowerCase())).toEqual([
      'i',
      'like',
      'to',
      'read',
      'english',
      'books',
    ]);
    expect(reply?.result?.integrity_score).toBeGreaterThanOrEqual(80);
    expect(reply?.result?.accuracy_score).toBeGreaterThanOrEqual(60);
    expect(reply?.result?.evaluate_html).toContain('books');
    // Exactly the contract's shape: no evaluator internals (phones, duration_ms) leave the server.
    expect(() => evaluationResult.strict().parse(reply!.result)).not.toThrow();
    for (const w of reply!.result!.words) expect(() => evaluationWord.strict().parse(w)).not.toThrow();
    expect(closeCode).toBe(1000);
    expect(await waitForNoSessions()).toBe(0);
  });

  it('scores a different text low', async () => {
    const { reply } = await exchange(await socketUrl(), [
      start({ text: 'The weather is cold and rainy today.' }),
      ...rawFrames(sentence),
    ]);
    expect(reply?.code).toBe(0);
    expect(reply!.result!.total_score).toBeLessThan(60);
  });

  it('accepts Opus packets (aue opus)', async () => {
    const encoder = new OpusScript(16000, 1, OpusScript.Application.VOIP);
    const frames: object[] = [];
    for (let i = 0; i + 320 <= sentence.length; i += 320) {
      const chunk = sentence.subarray(i, i + 320);
      const packet = encoder.encode(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength), 320);
      frames.push({ cmd: 'auw', status: 1, audio: Buffer.from(packet).toString('base64') });
    }
    encoder.delete();
    frames.push({ cmd: 'auw', status: 2, audio: '' });
    const { reply } = await exchange(await socketUrl(), [start({ aue: 'opus' }), ...frames]);
    expect(reply?.code).toBe(0);
    expect(reply?.result?.integrity_score).toBeGreaterThanOrEqual(80);
  });

  it.each([
    ['a frame that is not JSON', ['{not json'], EvaluationCode.BAD_FRAME],
    ['audio before the start frame', [{ cmd: 'auw', status: 1, audio: 'AAAA' }], EvaluationCode.WRONG_ORDER],
    ['a start frame without text', [start({ text: '   ' })], EvaluationCode.TEXT_INVALID],
    ['a start frame with a wrong category', [start({ category: 'read_poem' })], EvaluationCode.BAD_FRAME],
    ['speex-wb audio', [start({ aue: 'speex-wb' })], EvaluationCode.UNSUPPORTED_ENCODING],
    ['a second start frame', [start(), start()], EvaluationCode.WRONG_ORDER],
    ['an audio frame with a bad status', [start(), { cmd: 'auw', status: 7, audio: '' }], EvaluationCode.BAD_FRAME],
    ['the last frame without any audio', [start(), { cmd: 'auw', status: 2, audio: '' }], EvaluationCode.NO_AUDIO],
  ])('answers %s with an error code and closes', async (_name, frames, code) => {
    const { reply, closeCode } = await exchange(await socketUrl(), frames as object[]);
    expect(reply?.code).toBe(code);
    expect(reply?.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    expect(closeCode).toBe(1000);
    expect(await waitForNoSessions()).toBe(0);
  });

  it('says 録音データがありません。 when nothing was recorded', async () => {
    const { reply } = await exchange(await socketUrl(), [start(), { cmd: 'auw', status: 2, audio: '' }]);
    expect(reply?.message).toBe('録音データがありません。');
  });

  it('refuses audio longer than the category allows', async () => {
    // One second of a voice-loud tone (zeros would be closed first as no voice).
    const tone = new Int16Array(16_000).map((_, i) => Math.round(3000 * Math.sin((2 * Math.PI * 200 * i) / 16_000)));
    const second = Buffer.from(tone.buffer).toString('base64');
    const frames = Array.from({ length: evaluationLimits.maxSeconds.read_word + 1 }, () => ({
      cmd: 'auw',
      status: 1,
      audio: second,
    }));
    const { reply } = await exchange(await socketUrl(), [start({ category: 'read_word', text: 'apple' }), ...frames]);
    expect(reply?.code).toBe(EvaluationCode.AUDIO_TOO_LONG);
  });

  it('refuses an expired or forged ticket', async () => {
    const url = new URL(await socketUrl());
    url.searchParams.set('ticket', `1.${Math.floor(Date.now() / 1000) - 5}.abc.def`);
    const { reply } = await exchange(url.toString(), [start()]);
    expect(reply?.code).toBe(EvaluationCode.TICKET_INVALID);
    url.searchParams.delete('ticket');
    expect((await exchange(url.toString(), [])).reply?.code).toBe(EvaluationCode.TICKET_INVALID);
  });

  it('releases the session when the client disconnects mid-stream', async () => {
    const frames = [start(), ...rawFrames(sentence)];
    const { reply } = await exchange(await socketUrl(), frames, { closeAfter: 5 });
    expect(reply).toBeNull();
    expect(await waitForNoSessions()).toBe(0);
  });
});

describe('ticket use', () => {
  const nothingRecorded = [start(), { cmd: 'auw', status: 2, audio: '' }];

  it('opens one socket: a reused ticket is refused', async () => {
    const url = await socketUrl();
    expect((await exchange(url, nothingRecorded)).reply?.code).toBe(EvaluationCode.NO_AUDIO);
    const again = await exchange(url, nothingRecorded);
    expect(again.reply?.code).toBe(EvaluationCode.TICKET_INVALID);
    expect(again.reply?.message).toBe(evaluationMessages.ticketInvalid);
  });

  it('is used once even by two sockets at the same moment', async () => {
    const signer = createTicketSigner(Buffer.from('secret'));
    const other = await teacherWithToken(t);
    const [row] = await t.db.select().from(authTokens).where(eq(authTokens.teacherId, other.teacher.id));
    const claim = signer.verify(signer.issue({ kind: 'teacher', id: other.teacher.id, tokenId: row!.id }))!;
    await t.db.insert(evaluationTicketsUsed).values({ nonce: 'old', expiresAt: new Date(Date.now() - 600_000) });
    const uses = await Promise.all([useTicket(t.db, claim), useTicket(t.db, claim), useTicket(t.db, claim)]);
    expect(uses.filter((u) => u !== null)).toEqual([other.teacher.id]);
    // nonces of tickets expired long ago are purged on the way
    expect(await t.db.select().from(evaluationTicketsUsed).where(eq(evaluationTicketsUsed.nonce, 'old'))).toEqual([]);
    // another teacher's token id in a ticket does not pass
    const forged = signer.verify(signer.issue({ kind: 'teacher', id: other.teacher.id + 1, tokenId: row!.id }))!;
    expect(await useTicket(t.db, forged)).toBeNull();
  });

  it('is void once its sign-in token is signed out', async () => {
    const other = await teacherWithToken(t);
    const url = await socketUrl(other.auth);
    expect((await call(t, logout, {}, { as: other.token })).errcode).toBe(0);
    expect((await exchange(url, nothingRecorded)).reply?.code).toBe(EvaluationCode.TICKET_INVALID);
  });
});

describe('sockets per teacher', () => {
  /** Opens a socket that has started an evaluation and stays open. */
  const openSocket = (url: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.on('open', () => {
        ws.send(JSON.stringify(start()));
        resolve(ws);
      });
      ws.on('error', reject);
    });

  it(`allows ${evaluationLimits.maxSocketsPerTeacher} at once and refuses the next with a clear message`, async () => {
    const teacher = await teacherWithToken(t);
    const open: WebSocket[] = [];
    for (let i = 0; i < evaluationLimits.maxSocketsPerTeacher; i++)
      open.push(await openSocket(await socketUrl(teacher.auth)));
    for (let i = 0; i < 100 && t.app.evaluationSessions.size < open.length; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(t.app.evaluationSessions.size).toBe(open.length);
    const next = await exchange(await socketUrl(teacher.auth), [start()]);
    expect(next.reply?.code).toBe(EvaluationCode.TOO_MANY_SOCKETS);
    expect(next.reply?.message).toBe(
      '同時に開ける録音の数を超えています。前の録音を終えてからもう一度お試しください。',
    );
    // Another teacher is not affected.
    const other = await exchange(await socketUrl(), nothingRecordedFrames());
    expect(other.reply?.code).toBe(EvaluationCode.NO_AUDIO);
    for (const ws of open) ws.close();
    expect(await waitForNoSessions()).toBe(0);
    // Once one is closed the teacher may open another.
    const after = await exchange(await socketUrl(teacher.auth), nothingRecordedFrames());
    expect(after.reply?.code).toBe(EvaluationCode.NO_AUDIO);
  });
});

function nothingRecordedFrames() {
  return [start(), { cmd: 'auw', status: 2, audio: '' }];
}
