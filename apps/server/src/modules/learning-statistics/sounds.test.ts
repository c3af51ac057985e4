import { getSoundInsights } from '@ondoku/contract';
import { synthesize } from '@ondoku/speech';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationResults, soundJudgements, students } from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildSentenceResource } from '../../test/learn-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import {
  createSpeechService,
  newEvaluationSid,
  phoneJudgementsOf,
  presentEvaluationResult,
  storeEvaluation,
} from '../evaluation/index.js';
import { tallySounds } from './sounds.js';

/**
 * The sound statistics come from the evaluator's phone judgements of real readings: eSpeak says
 * "light" where the text is "right", the real evaluator scores it on a speech worker, and the
 * result is stored the way the evaluation socket stores it (storeEvaluation). The child who said
 * "light" is weak on /r/; the child who said "right" is not.
 */
const speech = createSpeechService({ workers: 1 });
let t: TestApp;
let me: SignedInTeacher;
let classId: number;
let ids: string[];
let redResource: { id: number };

async function read(loginId: string, said: string, text: string, at: Date) {
  const [row] = await t.db.select({ id: students.id }).from(students).where(eq(students.loginId, loginId));
  const { samples } = await synthesize({ text: said, voice: 'en-us+m1' });
  const result = await speech.evaluate(samples, text, 'read_word');
  // Three readings of the same result: enough judgements for a weakness to count.
  for (let i = 0; i < 3; i++)
    await storeEvaluation(
      { db: t.db, storage: t.storage },
      {
        sid: newEvaluationSid(),
        owner: { kind: 'student', id: row!.id },
        category: 'read_word',
        text,
        result: presentEvaluationResult(result),
        phones: phoneJudgementsOf(result.words),
        durationMs: result.duration_ms,
        recording: null,
      },
      at,
    );
  return result;
}

beforeAll(async () => {
  t = await buildTestApp();
  me = await teacherWithToken(t);
  classId = (await buildClass(t, { teacher: me.teacher })).id;
  ids = await buildStudents(t, 2, { teacher: me.teacher, classIds: [classId] });
  await buildSentenceResource(t, { texts: ['We go to school.'] });
  redResource = await buildSentenceResource(t, { texts: ['The red rabbit runs.', 'I like rice.'] });
}, 60_000);

afterAll(async () => {
  await speech.close();
  await t?.close();
});

describe('sounds from stored phone judgements', () => {
  it('counts a reading that says "light" for "right" against /r/, and finds material that trains it', async () => {
    const light = await read(ids[0]!, 'light', 'right', new Date('2026-11-10T01:00:00Z'));
    const right = await read(ids[1]!, 'right', 'right', new Date('2026-11-10T01:00:00Z'));
    const rOf = (r: typeof light) => r.words[0]!.phones!.find((p) => p.phone === 'R')!.score;
    expect(rOf(light)).toBeLessThan(60);
    expect(rOf(right)).toBeGreaterThanOrEqual(80);

    // Kept with the result, and summed per child, month (Japan) and sound.
    const [stored] = await t.db.select().from(evaluationResults).limit(1);
    expect(stored!.phones!.map((p) => p.phone)).toEqual(['R', 'AY', 'T']);
    const rows = await t.db.select().from(soundJudgements);
    expect(
      rows
        .filter((r) => r.sound === 'R')
        .map((r) => [r.month, r.judged, r.weak])
        .sort(),
    ).toEqual([
      ['2026-11-01', 3, 0],
      ['2026-11-01', 3, 3],
    ]);

    const r = await call(
      t,
      getSoundInsights,
      { team_id: classId, start_date: '2026-11-01', end_date: '2026-11-30' },
      { as: me },
    );
    expect(r.errcode, r.errmsg).toBe(0);
    const d = r.data!;
    const [lightReader, rightReader] = d.students;
    expect(lightReader!.weak).toContain('R');
    expect(lightReader!.cells.find((c) => c.sound === 'R')).toMatchObject({ judged: 3, weak_rate: 100 });
    expect(lightReader!.cells.find((c) => c.sound === 'L')).toBeUndefined(); // only the text's sounds are judged
    expect(rightReader!.weak).not.toContain('R');
    expect(rightReader!.strengths).toContain('R');
    expect(d.sounds[0]).toMatchObject({ sound: 'R', judged: 6, weak_rate: 50, label: '/r/（right の r）' });
    expect(d.practice.sounds[0]).toBe('R');
    expect(d.practice.resources[0]).toMatchObject({ resource_id: redResource.id });
    expect(d.practice.resources[0]!.words).toEqual(expect.arrayContaining(['red', 'rabbit', 'runs', 'rice']));

    // Another month: nothing.
    const october = await call(
      t,
      getSoundInsights,
      { team_id: classId, start_date: '2026-10-01', end_date: '2026-10-31' },
      { as: me },
    );
    expect(october.data!.sounds).toEqual([]);
  }, 120_000);

  it('counts a consonant ending a word also as FINAL, never a one-phone word', () => {
    const tally = tallySounds([
      { word: 0, phone: 'G', score: 90 },
      { word: 0, phone: 'UH', score: 90 },
      { word: 0, phone: 'D', score: 40 },
      { word: 1, phone: 'AY', score: 90 },
    ]);
    expect(tally.get('FINAL')).toEqual({ judged: 1, weak: 1, scoreSum: 40 });
    expect(tally.get('D')).toEqual({ judged: 1, weak: 1, scoreSum: 40 });
    expect(tally.get('AY')).toEqual({ judged: 1, weak: 0, scoreSum: 90 });
  });
});
