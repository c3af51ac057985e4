import { encourageStudents, getClassReport, getStudentReport, messages, rankingMessages } from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkTopics } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { submitAttempt, wordsOf } from '../../test/attempt-factories.js';
import { call } from '../../test/call.js';
import { buildClass, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildHomework } from '../../test/homework-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/** A child's and a class's 2学期 (September–December 2026), seen on 15 October. */
const clock = manualClock('2026-10-15T03:00:00Z');
const text = 'I like apples very much';
let t: TestApp;
let me: SignedInTeacher;
let other: SignedInTeacher;
let classId: number;
let emptyClassId: number;
let ids: string[];

beforeAll(async () => {
  t = await buildTestApp({ clock });
  me = await teacherWithToken(t);
  other = await teacherWithToken(t);
  const hw = await buildHomework(t, { teacher: me.teacher, students: 3, now: new Date('2026-09-10T00:00:00Z') });
  classId = hw.klass.id;
  ids = hw.loginIds;
  emptyClassId = (await buildClass(t, { teacher: me.teacher, name: '空' })).id;
  const [topic] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, hw.homeworkId));
  const read = (student: string, at: string, scores: number[]) =>
    submitAttempt(t, {
      homeworkId: hw.homeworkId,
      topicId: topic!.id,
      student,
      at: new Date(at),
      answers: [
        {
          question_id: 0,
          total: scores.reduce((a, b) => a + b, 0) / scores.length,
          accuracy: 80,
          fluency: 80,
          integrity: 100,
          text,
          words: wordsOf(text, scores),
        },
      ],
    });
  // The first child: "like" read wrong in September, everything well in November.
  await read(ids[0]!, '2026-09-12T01:00:00Z', [90, 40, 95, 90, 85]);
  await read(ids[0]!, '2026-11-20T01:00:00Z', [95, 90, 95, 95, 95]);
  // The second: "like" wrong too, once.
  await read(ids[1]!, '2026-09-14T01:00:00Z', [90, 50, 90, 70, 70]);
  await call(
    t,
    encourageStudents,
    { team_id: classId, student_ids: [ids[0]!], motivation_ids: [3], encourage: 'はなまる！' },
    { as: me },
  );
});
afterAll(() => t.close());

describe("a child's term", () => {
  it('homework, scores by week, best recordings, words mastered and missed, the comment', async () => {
    const r = await call(t, getStudentReport, { student_id: ids[0]! }, { as: me });
    expect(r.status).toBe(200);
    expect(r.data.period).toEqual({ label: '今学期', start_date: '2026-09-01', end_date: '2026-12-31' });
    expect(r.data.student).toMatchObject({ student_id: ids[0], teams: [{ team_id: classId }] });
    expect(r.data.homework).toEqual({ assigned: 1, submitted: 1, rate: 100 });
    expect(r.data.scores_over_time.map((w) => [w.week, w.average_score])).toEqual([
      ['2026-09-07', 80],
      ['2026-11-16', 94],
    ]);
    expect(r.data.best_recordings.map((b) => b.score)).toEqual([94, 80]);
    expect(r.data.words_missed).toEqual([{ word: 'like', miss_count: 1, count: 2 }]);
    expect(r.data.words_mastered.map((w) => w.word)).toEqual(['apples', 'i', 'very', 'much']);
    expect(r.data.teacher_comment).toMatchObject({ body: 'はなまる！', motivation_ids: [3] });
    expect(r.data.totals).toMatchObject({ submissions: 2 });
  });

  it('a chosen range: only what falls in it', async () => {
    const r = await call(
      t,
      getStudentReport,
      { student_id: ids[0]!, start_time: '2026-11-01', end_time: '2026-11-30' },
      { as: me },
    );
    expect(r.data.period.label).toBe('期間指定');
    expect(r.data.scores_over_time.length).toBe(1);
    expect(r.data.words_missed).toEqual([]);
    expect(r.data.teacher_comment).toBeNull();
  });

  it('refuses an end before its start and another teacher’s child', async () => {
    const back = await call(
      t,
      getStudentReport,
      { student_id: ids[0]!, start_time: '2026-11-02', end_time: '2026-11-01' },
      { as: me },
    );
    expect([back.status, back.errmsg]).toEqual([400, rankingMessages.endBeforeStart]);
    const theirs = await call(t, getStudentReport, { student_id: ids[0]! }, { as: other });
    expect([theirs.status, theirs.errmsg]).toEqual([404, messages.notFound]);
  });
});

describe("a class's term", () => {
  it('participation, distribution, hardest words, most improved, every child', async () => {
    const r = await call(t, getClassReport, { team_id: classId }, { as: me });
    expect(r.data.participation).toMatchObject({ student_count: 3, active_count: 2, rate: 66.7 });
    expect(r.data.participation.weekly.map((w) => [w.week, w.active_count])).toEqual([
      ['2026-09-07', 1],
      ['2026-09-14', 1],
      ['2026-11-16', 1],
    ]);
    expect(r.data.score_distribution.reduce((n, b) => n + b.count, 0)).toBe(2);
    expect(r.data.hardest_words[0]).toEqual({ word: 'like', miss_count: 2, student_count: 2 });
    expect(r.data.most_improved).toEqual([
      { student_id: ids[0], name: expect.any(String), first_average: 80, last_average: 94, delta: 14 },
    ]);
    expect(r.data.students.map((s) => s.submissions)).toEqual([2, 1, 0]);
  });

  it('a class of 0 children, and another teacher’s class', async () => {
    const empty = await call(t, getClassReport, { team_id: emptyClassId }, { as: me });
    expect(empty.data.participation).toEqual({ student_count: 0, active_count: 0, rate: null, weekly: [] });
    expect(empty.data.students).toEqual([]);
    expect((await call(t, getClassReport, { team_id: classId }, { as: other })).status).toBe(404);
  });
});
