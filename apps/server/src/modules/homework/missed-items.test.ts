import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationWordData } from '@ondoku/contract';
import {
  attemptAnswers,
  attempts,
  evaluationResults,
  homeworkTopics,
  students,
  topicProgress,
} from '../../db/schema/index.js';
import type { WordCorrection } from '../../db/schema/learn.js';
import { eq, inArray } from 'drizzle-orm';
import { buildHomework } from '../../test/homework-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { missedItemsFromAttempts, REVIEW_MAX_WORDS, type ReviewItem } from './missed-items.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const word = (w: string, score: number, type: EvaluationWordData['type'] = 'normal'): EvaluationWordData => ({
  word: w,
  score,
  type,
  start_ms: 0,
  end_ms: 100,
});

/** The students' database ids, in the order of their login ids. */
async function idsOf(loginIds: string[]) {
  const rows = await t.db.select().from(students).where(inArray(students.loginId, loginIds));
  return loginIds.map((l) => rows.find((r) => r.loginId === l)!.id);
}

let sidSeq = 0;
/** An attempt as a submission writes it: the stored result, the attempt, its answer, the progress. */
async function submitted(
  hw: Awaited<ReturnType<typeof buildHomework>>,
  studentId: number,
  text: string,
  words: EvaluationWordData[],
  opts: { score?: number; corrections?: WordCorrection[]; at?: Date; best?: boolean } = {},
) {
  const [topic] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, hw.homeworkId));
  const score = opts.score ?? Math.round(words.reduce((s, w) => s + w.score, 0) / words.length);
  const at = opts.at ?? new Date();
  const sid = `evtest${++sidSeq}`;
  const scores = { totalScore: score, accuracyScore: score, fluencyScore: 90, integrityScore: 100 };
  await t.db.insert(evaluationResults).values({
    sid,
    studentId,
    category: 'read_sentence',
    text,
    ...scores,
    result: {
      total_score: score,
      accuracy_score: score,
      fluency_score: 90,
      integrity_score: 100,
      words,
      evaluate_html: '',
      evaluate_text: text,
    },
    durationMs: 2000,
    usedAt: at,
  });
  const [a] = await t.db
    .insert(attempts)
    .values({
      studentId,
      teacherId: hw.teacher.id,
      homeworkId: hw.homeworkId,
      topicId: topic!.id,
      resourceId: hw.resource.id,
      type: 'sentence_reading',
      score,
      questionCount: 1,
      createdAt: at,
    })
    .returning();
  await t.db.insert(attemptAnswers).values({
    attemptId: a!.id,
    questionId: 0,
    sid,
    score,
    words,
    corrections: opts.corrections ?? null,
  });
  if (opts.best !== false)
    await t.db
      .insert(topicProgress)
      .values({
        topicId: topic!.id,
        studentId,
        homeworkId: hw.homeworkId,
        practiceCount: 1,
        bestScore: score,
        lastScore: score,
        bestAttemptId: a!.id,
        firstAt: at,
        lastAt: at,
      })
      .onConflictDoUpdate({
        target: [topicProgress.topicId, topicProgress.studentId],
        set: { bestAttemptId: a!.id, bestScore: score, lastAt: at },
      });
  return a!;
}

describe('missed items from attempts', () => {
  it("brings back the child's mispronounced and omitted words and low sentences, from the best attempt only", async () => {
    const hw = await buildHomework(t, { students: 2 });
    const [ann, ben] = await idsOf(hw.loginIds);
    // A worse attempt that is not the best: its misses are not brought back.
    await submitted(
      hw,
      ann!,
      'I like apples.',
      [word('I', 20, 'mispronounced'), word('like', 90), word('apples', 90)],
      {
        best: false,
      },
    );
    await submitted(
      hw,
      ann!,
      'I go to school every day.',
      [
        word('I', 95),
        word('go', 90),
        word('to', 88),
        word('school', 35, 'mispronounced'),
        word('every', 0, 'omitted'),
        word('day', 70),
      ],
      { score: 55 },
    );
    const since = new Date(Date.now() - 7 * 86_400_000);
    const found = await missedItemsFromAttempts(t.db, { teacherId: hw.teacher.id, studentIds: [ann!, ben!], since });
    const items = found.get(ann!) as ReviewItem[];
    expect(items.map((i) => [i.kind, i.text])).toEqual([
      ['word', 'every'],
      ['word', 'school'],
      ['sentence', 'I go to school every day.'],
    ]);
    expect(items[0]).toMatchObject({ homework_id: hw.homeworkId, question_id: 0, score: 0 });
    // Ben submitted nothing: no review for him.
    expect(found.has(ben!)).toBe(false);
  });

  it("follows the teacher's corrections, keeps other teachers' attempts and old ones out, and caps the list", async () => {
    const hw = await buildHomework(t, { students: 1 });
    const [kai] = await idsOf(hw.loginIds);
    const many = Array.from({ length: REVIEW_MAX_WORDS + 3 }, (_, i) =>
      word(`word${String.fromCharCode(97 + i)}`, 10 + i, 'mispronounced'),
    );
    await submitted(hw, kai!, many.map((w) => w.word).join(' '), [...many, word('fine', 40, 'mispronounced')], {
      score: 80,
      corrections: [{ index: many.length, type: 'normal', teacher_id: hw.teacher.id, at: new Date().toISOString() }],
    });
    const since = new Date(Date.now() - 86_400_000);
    const found = await missedItemsFromAttempts(t.db, { teacherId: hw.teacher.id, studentIds: [kai!], since });
    const items = found.get(kai!) as ReviewItem[];
    expect(items).toHaveLength(REVIEW_MAX_WORDS); // the sentence scored 80: not a sentence to review
    expect(items.map((i) => i.text)).not.toContain('fine'); // corrected to normal by the teacher
    expect(items[0]!.text).toBe('worda'); // worst first

    const other = await missedItemsFromAttempts(t.db, {
      teacherId: hw.teacher.id + 100_000,
      studentIds: [kai!],
      since,
    });
    expect(other.size).toBe(0);
    const later = await missedItemsFromAttempts(t.db, {
      teacherId: hw.teacher.id,
      studentIds: [kai!],
      since: new Date(Date.now() + 60_000),
    });
    expect(later.size).toBe(0);
  });
});
