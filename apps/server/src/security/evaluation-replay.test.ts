import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { EvaluationCode, evaluationMessages, getStudentEvaluationService } from '@ondoku/contract';
// eslint-disable-next-line no-restricted-syntax -- the speech package's name for a child's reading
import { synthesize, synthesizeChildReading } from '@ondoku/speech';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { evaluationResults, libraryResources } from '../db/schema/index.js';
import { rawFrames } from '../test/evaluation-audio.js';
import { buildClass, buildStudents, teacherWithToken } from '../test/factories.js';
import { signInStudent } from '../test/learn-factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * The topic's model audio streamed as the child's reading (docs/speech-service.md, "The model
 * audio is not a reading"): before, it scored about 90 and was accepted; now the child is told
 * 40007 and nothing is scored or stored. A reading of the same text in another voice is scored.
 */
const TEXT = 'My sister likes to play the piano after school.';
let t: TestApp;
let host: string;
let model: Int16Array;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The model audio as the library makes it (modules/library/audio.ts MODEL_VOICE: tone type 5).
  const made = await synthesize({ text: TEXT, toneType: 5 });
  model = Int16Array.from(made.samples, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767));
  const stored = await t.storage.put(made.wav, 'audio/wav');
  const teacher = await teacherWithToken(t);
  // A classroom sentence resource of this teacher whose line has that model audio.
  const title = `お手本${randomUUID().slice(0, 8)}`;
  await t.db.insert(libraryResources).values({
    key: `replay-test-${randomUUID()}`,
    originType: 'classroom',
    teacherId: teacher.teacher.id,
    type: 'sentence_reading',
    title,
    grade: 5,
    itemCount: 1,
    content: {
      full_text: null,
      items: [{ index: 0, screen_text: TEXT, screen_text_translation: '訳', screen_pic: null, audio_file: stored.key }],
    },
    searchKey: `${title}\u001f${TEXT}`.normalize('NFKC').toLowerCase(),
  });
  const c = await buildClass(t, { teacher: teacher.teacher });
  const [kid] = await buildStudents(t, 1, { teacher: teacher.teacher, classIds: [c.id], prefix: 'rp' });
  token = (await signInStudent(t, kid!)).token;
}, 120_000);
afterAll(() => t.close());

async function read(pcm: Int16Array) {
  const res = await t.app.inject({
    method: 'GET',
    url: getStudentEvaluationService.path,
    headers: { authorization: `Bearer ${token}`, host },
  });
  const url = res.json().data.evaluation_server_url as string;
  return new Promise<{ code: number; message: string; sid?: string; result?: { total_score: number } } | null>(
    (resolve, reject) => {
      const ws = new WebSocket(url);
      let reply: { code: number; message: string } | null = null;
      ws.on('open', () => {
        ws.send(JSON.stringify({ cmd: 'ssb', category: 'read_sentence', aue: 'raw', language: 'en_us', text: TEXT }));
        for (const f of rawFrames(pcm)) ws.send(JSON.stringify(f));
      });
      ws.on('message', (d) => (reply = JSON.parse(d.toString())));
      ws.on('close', () => resolve(reply));
      ws.on('error', reject);
    },
  );
}

describe('the model audio is not a reading', () => {
  it('the topic’s model audio streamed as the reading: 40007, no score, nothing stored', async () => {
    // Played a little later and quieter, as a child holding a phone to the microphone would.
    const played = new Int16Array(model.length + 5_000);
    for (let i = 0; i < model.length; i++) played[5_000 + i] = Math.round(model[i]! * 0.6);
    const reply = await read(played);
    expect(reply).toMatchObject({ code: EvaluationCode.MODEL_AUDIO, message: evaluationMessages.modelAudio });
    expect(reply?.result).toBeUndefined();
    expect(await t.db.select().from(evaluationResults).where(eq(evaluationResults.sid, reply!.sid!))).toHaveLength(0);
  }, 120_000);

  it('the same text read by a child (another voice, its own pace) is scored and stored', async () => {
    // eslint-disable-next-line no-restricted-syntax -- the speech package's name for a child's reading
    const reading = await synthesizeChildReading(TEXT, {
      voice: 'en-us+f4',
      speed: 0.9,
      snrDb: 30,
      slip: 'none',
      seed: 1,
    });
    const reply = await read(reading.pcm);
    expect(reply?.code).toBe(0);
    expect(reply?.result?.total_score).toBeGreaterThan(0);
    expect(await t.db.select().from(evaluationResults).where(eq(evaluationResults.sid, reply!.sid!))).toHaveLength(1);
  }, 120_000);
});
