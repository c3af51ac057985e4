import { correctAnswerWord } from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkTopics } from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { submitAttempt, wordsOf } from '../../test/attempt-factories.js';
import { teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildHomework } from '../../test/homework-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { correctionLines, type CorrectionLine } from './corrections-export.js';

/** The calibration export reads the teachers' corrections back, word by word, and names no child. */
let t: TestApp;
let owner: SignedInTeacher;
let reviewed: number;

const collect = async (since?: Date) => {
  const out: CorrectionLine[] = [];
  for await (const line of correctionLines(t.db, { since })) out.push(line);
  return out;
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await teacherWithToken(t);
  const hw = await buildHomework(t, { teacher: owner.teacher, students: 2 });
  const [topic] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, hw.homeworkId));
  const answer = (scores: number[]) => ({
    question_id: 0,
    total: 70,
    accuracy: 70,
    fluency: 80,
    integrity: 100,
    text: 'I like red apples',
    words: [
      ...wordsOf('I like red apples', scores),
      { word: 'very', score: 0, type: 'inserted' as const, start_ms: 0, end_ms: 0 },
    ],
  });
  const at = new Date('2026-05-11T01:00:00Z');
  reviewed = (
    await submitAttempt(t, {
      homeworkId: hw.homeworkId,
      topicId: topic!.id,
      student: hw.loginIds[0]!,
      answers: [answer([90, 55, 70, 40])],
      at,
    })
  ).id;
  // The other child's answer: nobody reviews it.
  await submitAttempt(t, {
    homeworkId: hw.homeworkId,
    topicId: topic!.id,
    student: hw.loginIds[1]!,
    answers: [answer([90, 50, 90, 90])],
    at,
  });
});
afterAll(() => t.close());

describe('correctionLines (admin export-corrections)', () => {
  it('is empty until a teacher corrects a word; answers nobody reviewed stay out', async () => {
    expect(await collect()).toEqual([]);
  });

  it('every read word of a reviewed answer with the evaluator’s and the teacher’s judgement', async () => {
    // "like" 55 was marked mispronounced; the teacher hears it right. "red" 70 they hear wrong.
    for (const [word_index, type] of [
      [1, 'normal'],
      [2, 'mispronounced'],
    ] as const)
      expect(
        (await call(t, correctAnswerWord, { attempt_id: reviewed, question_id: 0, word_index, type }, { as: owner }))
          .status,
      ).toBe(200);
    const lines = await collect();
    expect(lines.map((l) => [l.word_index, l.word, l.score, l.evaluator, l.teacher, l.corrected])).toEqual([
      [0, 'I', 90, 'normal', 'normal', false],
      [1, 'like', 55, 'mispronounced', 'normal', true],
      [2, 'red', 70, 'normal', 'mispronounced', true],
      [3, 'apples', 40, 'mispronounced', 'mispronounced', false],
    ]);
    expect(lines[0]).toEqual({
      text: 'I like red apples',
      category: 'read_sentence',
      word_index: 0,
      word: 'I',
      score: 90,
      evaluator: 'normal',
      teacher: 'normal',
      corrected: false,
      date: '2026-05-11',
    });
    // No child, teacher, class or recording in a line.
    expect(Object.keys(lines[0]!).sort()).toEqual(
      ['category', 'corrected', 'date', 'evaluator', 'score', 'teacher', 'text', 'word', 'word_index'].sort(),
    );
  });

  it('a correction taken back leaves the answer out again; --since filters by submission day', async () => {
    expect(await collect(new Date('2026-05-12T00:00:00Z'))).toEqual([]);
    expect((await collect(new Date('2026-05-11T00:00:00Z'))).length).toBe(4);
    for (const [word_index, type] of [
      [1, 'mispronounced'],
      [2, 'normal'],
    ] as const)
      await call(t, correctAnswerWord, { attempt_id: reviewed, question_id: 0, word_index, type }, { as: owner });
    expect(await collect()).toEqual([]);
  });
});
