// Stored results (docs/speech-service.md, "Stored results"): the socket stores every result with its recording; children's tickets; signed
// recording URLs; the purge of results never submitted.
import type { AddressInfo } from 'node:net';
import { EvaluationCode, evaluationLimits, learnLimits } from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import { OpusDecoder } from 'opus-decoder';
import OpusScript from 'opusscript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { attemptAnswers, attempts, evaluationResults, students, studentTokens } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';
import { buildStudent, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { rawFrames, synthesizedPcm } from '../../test/evaluation-audio.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createSpeechService } from './speech-service.js';
import { issueStudentEvaluationUrl, recordingUrl } from './index.js';
import { lockRecordingShared } from './result-repository.js';

const TEXT = 'I like to read English books.';
const clock = manualClock(new Date());
let t: TestApp;
let host: string;
let teacher: SignedInTeacher;
let sentence: Int16Array;

// Load shedding off: several children's sockets are open at once here, on a machine whose load
// varies (load-shedding.test.ts tests the shedding).
const speech = createSpeechService({ capacity: false });

beforeAll(async () => {
  t = await buildTestApp({ clock, speech });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  teacher = await teacherWithToken(t);
  sentence = await synthesizedPcm(TEXT);
}, 120_000);
afterAll(async () => {
  await t.close();
  await speech.close();
});

/** A child of the teacher, signed in: a student_tokens row as the learn module makes it (SHA-256 of the token). */
async function signedInStudent(opts: { expiresInMs?: number } = {}) {
  const loginId = await buildStudent(t, { teacher: teacher.teacher });
  const [student] = await t.db.select().from(students).where(eq(students.loginId, loginId));
  const [token] = await t.db
    .insert(studentTokens)
    .values({
      tokenHash: hashSecret(newSecret()),
      studentId: student!.id,
      expiresAt: new Date(Date.now() + (opts.expiresInMs ?? 86_400_000)),
    })
    .returning();
  return { id: student!.id, tokenId: token!.id };
}

const studentUrl = (studentRow: { id: number; tokenId: number }) =>
  issueStudentEvaluationUrl({ secure: false, host }, studentRow, t.app).evaluation_server_url;

async function teacherUrl() {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v2/new-evaluation-service',
    headers: { ...teacher.auth, host },
  });
  return res.json().data.evaluation_server_url as string;
}

interface Reply {
  code: number;
  sid?: string;
  result?: {
    total_score: number;
    accuracy_score: number;
    fluency_score: number;
    integrity_score: number;
    words: { word: string; score: number; type: string }[];
  };
}

function exchange(url: string, frames: object[], opts: { beforeLast?: () => Promise<void> } = {}) {
  return new Promise<Reply | null>((resolve, reject) => {
    const ws = new WebSocket(url);
    let reply: Reply | null = null;
    ws.on('open', async () => {
      for (const [i, f] of frames.entries()) {
        if (i === frames.length - 1 && opts.beforeLast) await opts.beforeLast();
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(f));
      }
    });
    ws.on('message', (d) => (reply = JSON.parse(d.toString()) as Reply));
    ws.on('close', () => resolve(reply));
    ws.on('error', reject);
  });
}

const start = (over: object = {}) => ({
  cmd: 'ssb',
  category: 'read_sentence',
  aue: 'raw',
  language: 'en_us',
  text: TEXT,
  audio: '',
  ...over,
});

function opusPackets(pcm: Int16Array): Buffer[] {
  const encoder = new OpusScript(16000, 1, OpusScript.Application.VOIP);
  const packets: Buffer[] = [];
  for (let i = 0; i + 320 <= pcm.length; i += 320) {
    const c = pcm.subarray(i, i + 320);
    packets.push(Buffer.from(encoder.encode(Buffer.from(c.buffer, c.byteOffset, c.byteLength), 320)));
  }
  encoder.delete();
  return packets;
}

const rowOf = async (sid: string) =>
  (await t.db.select().from(evaluationResults).where(eq(evaluationResults.sid, sid)))[0];

/** Demuxes a stored WebM recording: its Opus packets, and their length decoded at 16 kHz. */
async function decodeRecording(bytes: Uint8Array) {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const track = await input.getPrimaryAudioTrack();
  expect(track?.codec).toBe('opus');
  const decoder = new OpusDecoder({ sampleRate: 16000, channels: 1 });
  await decoder.ready;
  const packets: Uint8Array[] = [];
  let samples = 0;
  for await (const p of new EncodedPacketSink(track!).packets()) {
    packets.push(p.data);
    samples += decoder.decodeFrame(p.data).samplesDecoded;
  }
  decoder.free();
  return { mimeType: await input.getMimeType(), durationS: await input.computeDuration(), packets, samples };
}

async function play(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return t.app.inject({ method, url, headers });
}

describe('stored results', () => {
  it("a child's ticket stores the row with the reply's scores and words, and the recording plays back", async () => {
    const student = await signedInStudent();
    const reply = await exchange(studentUrl(student), [start({ text: `  ${TEXT}  ` }), ...rawFrames(sentence)]);
    expect(reply?.code).toBe(0);
    const row = await rowOf(reply!.sid!);
    expect(row).toMatchObject({
      studentId: student.id,
      teacherId: null,
      category: 'read_sentence',
      text: TEXT,
      totalScore: reply!.result!.total_score,
      accuracyScore: reply!.result!.accuracy_score,
      fluencyScore: reply!.result!.fluency_score,
      integrityScore: reply!.result!.integrity_score,
      audioType: 'audio/webm',
      usedAt: null,
    });
    expect(row!.result).toEqual(reply!.result);
    expect(row!.durationMs).toBe(Math.round((sentence.length * 1000) / 16000));
    expect(row!.createdAt.getTime()).toBe(clock.now().getTime());
    expect(row!.audioKey).toMatch(/^[0-9a-f]{64}\.webm$/);

    const res = await play(recordingUrl(row!.audioKey!, 60, teacher, t.app));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/webm');
    const played = await decodeRecording(res.rawPayload);
    expect(played.mimeType).toContain('audio/webm');
    // Encoded in 20 ms frames, the last one completed with silence.
    expect(played.samples).toBe(Math.ceil(sentence.length / 320) * 320);
    expect(Math.abs(played.durationS - sentence.length / 16000)).toBeLessThan(0.03);
    // Compressed: 24 kbit/s is 3 kB a second plus the container.
    expect(res.rawPayload.length).toBeLessThan((sentence.length / 16000) * 3600 + 1000);
  });

  it("a teacher's ticket stores the row with teacher_id", async () => {
    const reply = await exchange(await teacherUrl(), [start(), ...rawFrames(sentence)]);
    expect(reply?.code).toBe(0);
    expect(await rowOf(reply!.sid!)).toMatchObject({
      teacherId: teacher.teacher.id,
      studentId: null,
      totalScore: reply!.result!.total_score,
    });
  });

  it('keeps Opus packets as the client sent them (muxed, not re-encoded)', async () => {
    const packets = opusPackets(sentence);
    const frames = [
      start({ aue: 'opus' }),
      ...packets.map((p) => ({ cmd: 'auw', status: 1, audio: p.toString('base64') })),
      { cmd: 'auw', status: 2, audio: '' },
    ];
    const reply = await exchange(studentUrl(await signedInStudent()), frames);
    expect(reply?.code).toBe(0);
    const row = await rowOf(reply!.sid!);
    expect(row!.durationMs).toBe(packets.length * 20);
    const played = await decodeRecording(await t.storage.readAll(row!.audioKey!));
    expect(played.packets.map((p) => Buffer.from(p).toString('base64'))).toEqual(
      packets.map((p) => p.toString('base64')),
    );
    expect(played.samples).toBe(packets.length * 320);
  });

  it('answers 50001 when the result cannot be stored (the child was deleted meanwhile), and stores nothing', async () => {
    const student = await signedInStudent();
    const before = (await t.db.select().from(evaluationResults)).length;
    const reply = await exchange(studentUrl(student), [start(), ...rawFrames(sentence)], {
      beforeLast: async () => {
        // The ticket is used by now (the frames flowed): remove the child before the result is stored.
        for (let i = 0; i < 100 && ![...t.app.evaluationSessions].some((s) => s.owner.id === student.id); i++)
          await new Promise((r) => setTimeout(r, 20));
        await t.db.delete(students).where(eq(students.id, student.id));
      },
    });
    expect(reply?.code).toBe(EvaluationCode.EVALUATION_FAILED);
    expect((await t.db.select().from(evaluationResults)).length).toBe(before);
  });
});

describe("children's tickets", () => {
  const nothingRecorded = [start(), { cmd: 'auw', status: 2, audio: '' }];

  it('open a socket while the sign-in is live', async () => {
    expect((await exchange(studentUrl(await signedInStudent()), nothingRecorded))?.code).toBe(EvaluationCode.NO_AUDIO);
  });

  it('are refused once the token is revoked or expired, or the child archived', async () => {
    const revoked = await signedInStudent();
    const url = studentUrl(revoked);
    await t.db.update(studentTokens).set({ revokedAt: new Date() }).where(eq(studentTokens.id, revoked.tokenId));
    expect((await exchange(url, nothingRecorded))?.code).toBe(EvaluationCode.TICKET_INVALID);

    const expired = await signedInStudent({ expiresInMs: -1000 });
    expect((await exchange(studentUrl(expired), nothingRecorded))?.code).toBe(EvaluationCode.TICKET_INVALID);

    const archived = await signedInStudent();
    await t.db.update(students).set({ archivedAt: new Date() }).where(eq(students.id, archived.id));
    expect((await exchange(studentUrl(archived), nothingRecorded))?.code).toBe(EvaluationCode.TICKET_INVALID);
  });

  it("cannot borrow another child's token", async () => {
    const a = await signedInStudent();
    const b = await signedInStudent();
    expect((await exchange(studentUrl({ id: a.id, tokenId: b.tokenId }), nothingRecorded))?.code).toBe(
      EvaluationCode.TICKET_INVALID,
    );
  });

  it(`allow ${evaluationLimits.maxSocketsPerStudent} sockets per child at once`, async () => {
    const student = await signedInStudent();
    const open: WebSocket[] = [];
    for (let i = 0; i < evaluationLimits.maxSocketsPerStudent; i++) {
      const ws = new WebSocket(studentUrl(student));
      await new Promise((r) => ws.once('open', r));
      ws.send(JSON.stringify(start()));
      open.push(ws);
    }
    const mine = () =>
      [...t.app.evaluationSessions].filter((s) => s.owner.kind === 'student' && s.owner.id === student.id);
    for (let i = 0; i < 100 && mine().length < open.length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(mine()).toHaveLength(open.length);
    expect((await exchange(studentUrl(student), nothingRecorded))?.code).toBe(EvaluationCode.TOO_MANY_SOCKETS);
    // Another child, and the teacher, are not affected.
    expect((await exchange(studentUrl(await signedInStudent()), nothingRecorded))?.code).toBe(EvaluationCode.NO_AUDIO);
    expect((await exchange(await teacherUrl(), nothingRecorded))?.code).toBe(EvaluationCode.NO_AUDIO);
    for (const ws of open) ws.close();
    for (let i = 0; i < 100 && mine().length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await exchange(studentUrl(student), nothingRecorded))?.code).toBe(EvaluationCode.NO_AUDIO);
  });
});

describe('signed recording URLs', () => {
  let key: string;
  let size: number;
  beforeAll(async () => {
    const stored = await t.storage.put(
      new Uint8Array(Buffer.from(`recording ${Date.now()} `.repeat(100))),
      'audio/webm',
    );
    key = stored.key;
    size = stored.size;
  });

  it('serve the whole file, privately, with ranges', async () => {
    const url = recordingUrl(key, 600, teacher, t.app);
    expect(url).toMatch(new RegExp(`^/api/v2/recording/${key}\\?exp=\\d+&tid=\\d+&sig=[\\w-]+$`));
    const whole = await play(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/webm');
    expect(whole.headers['cache-control']).toMatch(/^private, max-age=(59\d|600)$/);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(await t.storage.readAll(key))).toBe(true);

    const part = await play(url, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 20))).toBe(true);
    const tail = await play(url, { range: 'bytes=-5' });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 5))).toBe(true);
    expect((await play(url, { range: `bytes=${size}-` })).statusCode).toBe(416);
    const head = await play(url, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(size));
  });

  it('answer 403 once expired or when altered, and are not under /media', async () => {
    const now = Date.now();
    const expired = t.app.evaluationLinks.recordingUrl(key, 10, teacher.tokenId, now - 11_000);
    expect((await play(expired)).statusCode).toBe(403);
    const url = recordingUrl(key, 600, teacher, t.app);
    const exp = /exp=(\d+)/.exec(url)![1]!;
    expect((await play(url.replace(`exp=${exp}`, `exp=${Number(exp) + 1000}`))).statusCode).toBe(403);
    expect((await play(url.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A')))).statusCode).toBe(403);
    expect((await play(url.replace(/&sig=.*/, ''))).statusCode).toBe(403);
    const other = (await t.storage.put(new Uint8Array(Buffer.from(`other ${now}`)), 'audio/webm')).key;
    expect((await play(url.replace(key, other))).statusCode).toBe(403);
    expect((await play(`/media/${key}`)).statusCode).toBe(404);
    const forbidden = await play(expired);
    expect(forbidden.headers['cache-control']).toBe('no-store');
  });
});

describe('purge of results never submitted', () => {
  async function result(opts: { studentId: number; createdAt: Date; usedAt?: Date; bytes?: string }) {
    const sid = `ev${newSecret(8)}`;
    const stored = await t.storage.put(new Uint8Array(Buffer.from(opts.bytes ?? `${sid} audio`)), 'audio/webm');
    await t.db.insert(evaluationResults).values({
      sid,
      studentId: opts.studentId,
      category: 'read_word',
      text: 'apple',
      totalScore: 90,
      accuracyScore: 90,
      fluencyScore: 90,
      integrityScore: 90,
      result: {
        total_score: 90,
        accuracy_score: 90,
        fluency_score: 90,
        integrity_score: 90,
        words: [],
        evaluate_html: '',
        evaluate_text: '',
      },
      durationMs: 1000,
      audioKey: stored.key,
      audioType: 'audio/webm',
      createdAt: opts.createdAt,
      usedAt: opts.usedAt ?? null,
    });
    return { sid, key: stored.key };
  }

  it(`deletes unsubmitted results older than ${learnLimits.sidTtlHours} h with their files, in two processes at once`, async () => {
    // Only this test's rows (the results of the tests above were made at the same clock time).
    await t.db.delete(evaluationResults);
    const student = await signedInStudent();
    const made = clock.now();
    const hour = 3_600_000;
    const old = await result({ studentId: student.id, createdAt: new Date(made.getTime() - 2 * hour) });
    const fresh = await result({ studentId: student.id, createdAt: new Date(made.getTime() + 2 * hour) });
    const submitted = await result({ studentId: student.id, createdAt: made, usedAt: made });
    // An answer copied the key of a result that was never marked used (a recording outlives its result).
    const copied = await result({ studentId: student.id, createdAt: made });
    const [attempt] = await t.db
      .insert(attempts)
      .values({ studentId: student.id, teacherId: teacher.teacher.id, type: 'read_word', score: 90, questionCount: 1 })
      .returning();
    await t.db
      .insert(attemptAnswers)
      .values({ attemptId: attempt!.id, questionId: 0, score: 90, audioKey: copied.key });
    // Two results with the same bytes share a file: it stays while the younger one is kept.
    const sharedOld = await result({ studentId: student.id, createdAt: made, bytes: `shared ${made.getTime()}` });
    const sharedYoung = await result({
      studentId: student.id,
      createdAt: new Date(made.getTime() + 2 * hour),
      bytes: `shared ${made.getTime()}`,
    });
    expect(sharedOld.key).toBe(sharedYoung.key);

    // Nothing is due yet.
    expect((await t.app.evaluationPurge.tick()).results).toBe(0);

    clock.set(new Date(made.getTime() + (learnLimits.sidTtlHours + 1) * hour));
    const second = await buildTestApp({ sameDatabaseAs: t, clock });
    try {
      const reports = await Promise.all([t.app.evaluationPurge.tick(), second.app.evaluationPurge.tick()]);
      const rest = await Promise.all([t.app.evaluationPurge.tick(), second.app.evaluationPurge.tick()]);
      const total = [...reports, ...rest].reduce((n, r) => n + r.results, 0);
      expect(total).toBe(3); // old, copied, sharedOld
      expect([...reports, ...rest].reduce((n, r) => n + r.files, 0)).toBe(1); // only old's file
    } finally {
      await second.close();
    }
    expect(await rowOf(old.sid)).toBeUndefined();
    expect(await t.storage.exists(old.key)).toBe(false);
    expect(await rowOf(copied.sid)).toBeUndefined();
    expect(await t.storage.exists(copied.key)).toBe(true);
    expect(await rowOf(sharedOld.sid)).toBeUndefined();
    expect(await t.storage.exists(sharedOld.key)).toBe(true);
    for (const kept of [fresh, submitted, sharedYoung]) {
      expect(await rowOf(kept.sid)).toBeDefined();
      expect(await t.storage.exists(kept.key)).toBe(true);
    }
    clock.set(made);
  });
  it('keeps a file that a session is storing again while the purge runs (the key lock)', async () => {
    await t.db.delete(evaluationResults);
    const student = await signedInStudent();
    const made = clock.now();
    const old = await result({ studentId: student.id, createdAt: new Date(made.getTime() - 25 * 3_600_000) });
    let commit!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // A session storing the same bytes: key lock taken, file written, row not yet committed.
    const session = t.db.transaction(async (tx) => {
      await lockRecordingShared(tx, old.key);
      await tx
        .insert(evaluationResults)
        .values({ ...(await rowOf(old.sid))!, sid: `ev${newSecret(8)}`, createdAt: made });
      locked();
      await new Promise<void>((r) => (commit = r));
    });
    await isLocked;
    const purge = t.app.evaluationPurge.tick();
    await new Promise((r) => setTimeout(r, 300));
    commit();
    await session;
    expect(await purge).toEqual({ results: 1, files: 0 });
    expect(await rowOf(old.sid)).toBeUndefined();
    expect(await t.storage.exists(old.key)).toBe(true);
  });
});
