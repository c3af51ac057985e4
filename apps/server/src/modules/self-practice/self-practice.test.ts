import { randomUUID } from 'node:crypto';
import {
  exportCurrentMonthSummary,
  getCurrentMonthSummary,
  getExerciseSearchFilter,
  getExerciseSummary,
  getNewHomeworkList,
  getNewHomeworkSummary,
  getResourceExerciseDetails,
  getResourceExerciseLogs,
  messages,
  selfPracticeMessages,
  submitSelfPractice,
  type PublishInput,
} from '@ondoku/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkTopics, students } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { publishHomework } from '../homework/index.js';
import { submitAttempt } from '../../test/attempt-factories.js';
import { call, download } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import {
  buildChoiceResource,
  buildEvaluationResult,
  buildLearnHomework,
  buildSentenceResource,
  sentenceTexts,
  signInStudent,
  type SignedInStudent,
} from '../../test/learn-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Self-practice as the teacher sees it (docs/self-practice.md). Children's self-practice is
 * submitted through the real students' side (submit-self-practice with stored evaluation
 * results); homework attempts, another teacher's children and children outside the teacher's
 * classes must not count. Times are in Japan: 2026-10-31T15:30Z is 1 November 00:30.
 */
const now = new Date('2026-11-20T03:00:00Z'); // 20 November, 12:00 in Japan
const clock = manualClock(now);
let t: TestApp;
let me: SignedInTeacher;
let other: SignedInTeacher;
let classA: { id: number; name: string };
let classB: { id: number; name: string };
/** Class A: A1, A2, A3 (register order A2, A3, A1); class B: B1, B2. */
const kid: Record<string, SignedInStudent> = {};
let R: { id: number; title: string };
let M: { id: number; title: string };
let C: { id: number; title: string };
let stranger: { id: number };
let newHomeworkId: number;

/** A self-practice submission through the students' side at `at`: every spoken item read with `score`. */
async function practise(studentRow: SignedInStudent, resourceId: number, texts: string[], score: number, at: string) {
  clock.set(new Date(at));
  const answers = [];
  for (const [i, text] of texts.entries()) {
    const sid = await buildEvaluationResult(t, {
      studentId: studentRow.id,
      text,
      category: 'read_sentence',
      score,
      createdAt: new Date(at),
    });
    answers.push({ question_id: i, sid });
  }
  const r = await call(t, submitSelfPractice, { resource_id: resourceId, answers }, { as: studentRow });
  expect(r.errcode, r.errmsg).toBe(0);
  clock.set(now);
}

async function publishFor(classId: number, resourceId: number, at: Date, title: string) {
  const input = {
    homework_type: 'routine',
    request_key: randomUUID(),
    title,
    team_ids: [classId],
    student_ids: [],
    publish_type: 'now',
    publish_time: null,
    end_time: new Date(at.getTime() + 7 * 86_400_000).toISOString(),
    required_times: null,
    resource_ids: [resourceId],
  } as PublishInput;
  const r = await t.db.transaction((tx) => publishHomework(tx, me.teacher, input, at));
  return r.homework_ids[0]!;
}

beforeAll(async () => {
  t = await buildTestApp({ clock, recordingUrl: (key) => `/api/v2/recording/${key}?sig=test` });
  me = await teacherWithToken(t);
  other = await teacherWithToken(t);
  R = await buildSentenceResource(t);
  M = await buildSentenceResource(t, { teacher: me.teacher, texts: ['My own sentence.'] });
  C = await buildChoiceResource(t);
  stranger = await buildSentenceResource(t, { teacher: other.teacher, texts: ['Not yours.'] });
  // Class A with a homework handed out on 1 November (not new on the 20th).
  const old = await buildLearnHomework(t, {
    teacher: me.teacher,
    students: 3,
    resourceIds: [R.id],
    now: new Date('2026-11-01T00:00:00Z'),
  });
  classA = { id: old.klass.id, name: old.klass.name };
  const b = await buildClass(t, { teacher: me.teacher, name: '5年2組' });
  classB = { id: b.id, name: b.name };
  const bIds = await buildStudents(t, 2, { teacher: me.teacher, classIds: [b.id] });
  const [loose] = await buildStudents(t, 1, { teacher: me.teacher });
  const [foreign] = await buildStudents(t, 1, {
    teacher: other.teacher,
    classIds: [(await buildClass(t, { teacher: other.teacher })).id],
  });
  const names: [string, string, string, string][] = [
    [old.loginIds[0]!, 'A1', '青木 一郎', '3'],
    [old.loginIds[1]!, 'A2', '井上 花', '1'],
    [old.loginIds[2]!, 'A3', '=HYPERLINK("x")', '2'],
    [bIds[0]!, 'B1', '+佐藤', '1'],
    [bIds[1]!, 'B2', '鈴木 次郎', '2'],
    [loose!, 'loose', 'クラスなし', '9'],
    [foreign!, 'foreign', 'よその子', '1'],
  ];
  for (const [loginId, key, name, number] of names) {
    await t.db.update(students).set({ name, number }).where(eq(students.loginId, loginId));
    kid[key] = await signInStudent(t, loginId);
  }
  const rTexts = sentenceTexts;
  // November (Japan).
  await practise(kid.A1!, R.id, rTexts, 80, '2026-11-03T01:00:00Z');
  await practise(kid.A1!, R.id, rTexts, 90, '2026-11-10T01:00:00Z');
  await practise(kid.A2!, R.id, rTexts, 60, '2026-11-10T02:00:00Z');
  await practise(kid.A2!, M.id, ['My own sentence.'], 100, '2026-11-10T03:00:00Z');
  await practise(kid.B1!, M.id, ['My own sentence.'], 70, '2026-10-31T15:30:00Z'); // 1 Nov 00:30 in Japan
  clock.set(new Date('2026-11-05T01:00:00Z'));
  const choice = await call(
    t,
    submitSelfPractice,
    {
      resource_id: C.id,
      answers: [
        { question_id: 0, answer: '1' },
        { question_id: 1, answer: '2' },
      ],
    },
    { as: kid.B2! },
  );
  expect(choice.data.score).toBe(50);
  // October (Japan).
  await practise(kid.A1!, R.id, rTexts, 70, '2026-10-15T01:00:00Z');
  await practise(kid.B1!, M.id, ['My own sentence.'], 40, '2026-10-31T14:30:00Z'); // 31 Oct 23:30 in Japan
  // Never counted: a child outside the classes, another teacher's child.
  await practise(kid.loose!, R.id, rTexts, 10, '2026-11-12T01:00:00Z');
  await practise(kid.foreign!, R.id, rTexts, 10, '2026-11-12T01:00:00Z');
  // A new homework (15 Nov) for class A; A1 submits it — a homework attempt, not self-practice.
  newHomeworkId = await publishFor(classA.id, R.id, new Date('2026-11-15T00:00:00Z'), '新しい宿題');
  const [topic] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, newHomeworkId));
  await submitAttempt(t, {
    homeworkId: newHomeworkId,
    topicId: topic!.id,
    student: kid.A1!.loginId,
    answers: [0, 1, 2].map((q) => ({ question_id: q, total: 20, accuracy: 20, fluency: 20, integrity: 20 })),
    at: new Date('2026-11-16T01:00:00Z'),
  });
  clock.set(now);
});
afterAll(() => t.close());

describe('without a token', () => {
  it('answers 401 on every call', async () => {
    for (const [c, input] of [
      [getExerciseSearchFilter, {}],
      [getExerciseSummary, {}],
      [getResourceExerciseDetails, { resource_id: 1 }],
      [getResourceExerciseLogs, { resource_id: 1 }],
      [getCurrentMonthSummary, {}],
      [getNewHomeworkSummary, {}],
      [getNewHomeworkList, {}],
    ] as const)
      expect((await call(t, c, input)).status, c.path).toBe(401);
    expect((await download(t, exportCurrentMonthSummary, {})).status).toBe(401);
  });
});

describe('exercise-search-filter2', () => {
  it("lists the teacher's classes, the eight types and the periods in Japan", async () => {
    const r = await call(t, getExerciseSearchFilter, {}, { as: me });
    expect(r.data.teams.map((x) => x.team_id)).toEqual([classA.id, classB.id]);
    expect(r.data.types).toHaveLength(8);
    expect(r.data.types[2]).toEqual({ value: 'sentence_reading', label: '文の音読' });
    expect(r.data.periods).toEqual([
      { key: 'this_month', label: '今月', start_date: '2026-11-01', end_date: '2026-11-30' },
      { key: 'last_month', label: '先月', start_date: '2026-10-01', end_date: '2026-10-31' },
      { key: 'last_7_days', label: '直近7日間', start_date: '2026-11-14', end_date: '2026-11-20' },
      { key: 'last_30_days', label: '直近30日間', start_date: '2026-10-22', end_date: '2026-11-20' },
      { key: 'this_year', label: '今年度', start_date: '2026-04-01', end_date: '2026-11-20' },
    ]);
    const theirs = await call(t, getExerciseSearchFilter, {}, { as: other });
    expect(theirs.data.teams.map((x) => x.team_id)).not.toContain(classA.id);
  });
});

describe('exercise-summary', () => {
  it("sums this month's self-practice of the teacher's classes' children (homework and strangers left out)", async () => {
    const r = await call(t, getExerciseSummary, {}, { as: me });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ start_date: '2026-11-01', end_date: '2026-11-30' });
    expect(r.data.totals).toEqual({
      student_count: 5,
      practised_student_count: 4,
      session_count: 6,
      duration_ms: 3 * 4500 + 2 * 1500, // 3 reads of R (3 items), 2 of M (1 item), 1 choice (no recording)
      average_score: 75,
      practice_days: 5,
    });
    expect(r.data.by_type).toEqual([
      {
        type: 'sentence_reading',
        practised_student_count: 3,
        session_count: 5,
        duration_ms: 16500,
        average_score: 80,
        practice_days: 4,
      },
      {
        type: 'grammar_choice',
        practised_student_count: 1,
        session_count: 1,
        duration_ms: 0,
        average_score: 50,
        practice_days: 1,
      },
    ]);
    expect(
      r.data.top_resources.map((x) => [
        x.resource_id,
        x.title,
        x.student_count,
        x.session_count,
        x.average_score,
        x.best_score,
      ]),
    ).toEqual([
      [R.id, R.title, 2, 3, 76.7, 90],
      [M.id, M.title, 2, 2, 85, 100],
      [C.id, C.title, 1, 1, 50, 50],
    ]);
    expect(r.data.top_resources[0]!.last_at).toBe('2026-11-10T02:00:00.000Z');
  });

  it('narrows to one class, one type and another period', async () => {
    const b = await call(t, getExerciseSummary, { team_id: classB.id }, { as: me });
    expect(b.data.totals).toMatchObject({
      student_count: 2,
      practised_student_count: 2,
      session_count: 2,
      average_score: 60,
    });
    const choice = await call(t, getExerciseSummary, { type: 'grammar_choice' }, { as: me });
    expect(choice.data.totals).toMatchObject({ session_count: 1, practised_student_count: 1, average_score: 50 });
    expect(choice.data.by_type.map((x) => x.type)).toEqual(['grammar_choice']);
    const october = await call(t, getExerciseSummary, { start_date: '2026-10-01', end_date: '2026-10-31' }, { as: me });
    expect(october.data.totals).toMatchObject({
      session_count: 2,
      practised_student_count: 2,
      average_score: 55,
      practice_days: 2,
    });
    const oneDay = await call(t, getExerciseSummary, { start_date: '2026-11-01', end_date: '2026-11-01' }, { as: me });
    expect(oneDay.data.totals).toMatchObject({ session_count: 1, average_score: 70 });
  });

  it('refuses a wrong period with a Japanese message, and a class of another teacher with 404', async () => {
    const reversed = await call(
      t,
      getExerciseSummary,
      { start_date: '2026-11-02', end_date: '2026-11-01' },
      { as: me },
    );
    expect([reversed.status, reversed.errmsg]).toEqual([400, selfPracticeMessages.periodWrong]);
    const long = await call(t, getExerciseSummary, { start_date: '2025-01-01', end_date: '2026-11-01' }, { as: me });
    expect([long.status, long.errmsg]).toEqual([400, selfPracticeMessages.periodTooLong]);
    const onlyStart = await call(t, getExerciseSummary, { start_date: '2020-01-01' }, { as: me });
    expect([onlyStart.status, onlyStart.errmsg]).toEqual([400, selfPracticeMessages.periodTooLong]);
    const bad = await call(t, getExerciseSummary, { start_date: '2026-13-01' }, { as: me });
    expect([bad.status, bad.errmsg]).toEqual([400, messages.badRequest]);
    const foreign = await call(t, getExerciseSummary, { team_id: classA.id }, { as: other });
    expect(foreign.status).toBe(404);
    const theirs = await call(t, getExerciseSummary, {}, { as: other });
    expect(theirs.data.totals).toMatchObject({ student_count: 1, session_count: 1, average_score: 10 });
  });
});

describe('resource-exercise-details', () => {
  it('lists the children who practised one resource, in register order, with best scores', async () => {
    const r = await call(t, getResourceExerciseDetails, { resource_id: R.id }, { as: me });
    expect(r.data.resource).toEqual({ resource_id: R.id, title: R.title, type: 'sentence_reading', item_count: 3 });
    expect(r.data.totals).toEqual({
      practised_student_count: 2,
      session_count: 3,
      duration_ms: 13500,
      average_score: 76.7,
      best_score: 90,
    });
    expect(
      r.data.rows.map((x) => [x.student_id, x.name, x.session_count, x.best_score, x.average_score, x.last_score]),
    ).toEqual([
      [kid.A2!.loginId, '井上 花', 1, 60, 60, 60],
      [kid.A1!.loginId, '青木 一郎', 2, 90, 85, 90],
    ]);
    const october = await call(
      t,
      getResourceExerciseDetails,
      { resource_id: R.id, start_date: '2026-10-01', end_date: '2026-10-31' },
      { as: me },
    );
    expect(october.data.rows.map((x) => [x.student_id, x.best_score])).toEqual([[kid.A1!.loginId, 70]]);
    const inB = await call(t, getResourceExerciseDetails, { resource_id: R.id, team_id: classB.id }, { as: me });
    expect(inB.data.rows).toEqual([]);
  });

  it("answers 404 for another teacher's material or class", async () => {
    expect((await call(t, getResourceExerciseDetails, { resource_id: stranger.id }, { as: me })).status).toBe(404);
    expect((await call(t, getResourceExerciseDetails, { resource_id: M.id }, { as: other })).status).toBe(404);
    expect(
      (await call(t, getResourceExerciseDetails, { resource_id: R.id, team_id: classA.id }, { as: other })).status,
    ).toBe(404);
  });
});

describe('resource-exercise-logs', () => {
  it('pages the submissions newest first, each answer with its recording', async () => {
    const r = await call(t, getResourceExerciseLogs, { resource_id: R.id, limit: 2 }, { as: me });
    expect(r.data).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(r.data.rows.map((x) => [x.student_id, x.score, x.created_at])).toEqual([
      [kid.A2!.loginId, 60, '2026-11-10T02:00:00.000Z'],
      [kid.A1!.loginId, 90, '2026-11-10T01:00:00.000Z'],
    ]);
    const first = r.data.rows[0]!;
    expect(first).toMatchObject({ accuracy_score: 58, fluency_score: 56, integrity_score: 100, duration_ms: 4500 });
    expect(first.answers.map((a) => a.question_id)).toEqual([0, 1, 2]);
    expect(first.answers[0]!.sound_file).toMatch(/^\/api\/v2\/recording\/rec-sid-.*\.ogg\?sig=test$/);
    expect(first.answers[0]).toMatchObject({ score: 60, duration_ms: 1500, correct: null });
    const page2 = await call(t, getResourceExerciseLogs, { resource_id: R.id, limit: 2, page: 2 }, { as: me });
    expect(page2.data.rows.map((x) => x.score)).toEqual([80]);
    const one = await call(t, getResourceExerciseLogs, { resource_id: R.id, student_id: kid.A1!.loginId }, { as: me });
    expect(one.data.rows.map((x) => x.score)).toEqual([90, 80]);
    const choices = await call(t, getResourceExerciseLogs, { resource_id: C.id }, { as: me });
    expect(choices.data.rows[0]!.answers.map((a) => [a.correct, a.sound_file])).toEqual([
      [true, null],
      [false, null],
    ]);
  });

  it("answers 404 for another teacher's child, class or material", async () => {
    const foreignKid = await call(
      t,
      getResourceExerciseLogs,
      { resource_id: R.id, student_id: kid.foreign!.loginId },
      { as: me },
    );
    expect(foreignKid.status).toBe(404);
    const mine = await call(
      t,
      getResourceExerciseLogs,
      { resource_id: R.id, student_id: kid.A1!.loginId },
      { as: other },
    );
    expect(mine.status).toBe(404);
    expect((await call(t, getResourceExerciseLogs, { resource_id: M.id }, { as: other })).status).toBe(404);
    // The teacher's own child outside the classes: known, but none of the logs.
    const loose = await call(
      t,
      getResourceExerciseLogs,
      { resource_id: R.id, student_id: kid.loose!.loginId },
      { as: me },
    );
    expect(loose.data).toMatchObject({ rows: [], total: 0 });
  });
});

describe('current-month-summary', () => {
  it('gives this month per class and child beside last month, children in register order', async () => {
    const r = await call(t, getCurrentMonthSummary, {}, { as: me });
    expect(r.data.month_label).toBe('2026年11月');
    expect(r.data.this_month).toEqual({
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      totals: {
        student_count: 5,
        practised_student_count: 4,
        session_count: 6,
        duration_ms: 16500,
        average_score: 75,
        practice_days: 5,
      },
    });
    expect(r.data.last_month.totals).toEqual({
      student_count: 5,
      practised_student_count: 2,
      session_count: 2,
      duration_ms: 6000,
      average_score: 55,
      practice_days: 2,
    });
    expect(r.data.teams).toEqual([
      {
        team_id: classA.id,
        name: classA.name,
        student_count: 3,
        this_month: {
          practised_student_count: 2,
          session_count: 4,
          duration_ms: 15000,
          average_score: 82.5,
          practice_days: 3,
        },
        last_month: {
          practised_student_count: 1,
          session_count: 1,
          duration_ms: 4500,
          average_score: 70,
          practice_days: 1,
        },
      },
      {
        team_id: classB.id,
        name: '5年2組',
        student_count: 2,
        this_month: {
          practised_student_count: 2,
          session_count: 2,
          duration_ms: 1500,
          average_score: 60,
          practice_days: 2,
        },
        last_month: {
          practised_student_count: 1,
          session_count: 1,
          duration_ms: 1500,
          average_score: 40,
          practice_days: 1,
        },
      },
    ]);
    expect(
      r.data.students.map((s) => [
        s.name,
        s.team_id,
        s.order,
        s.this_month.session_count,
        s.this_month.practice_days,
        s.last_month.session_count,
      ]),
    ).toEqual([
      ['井上 花', classA.id, 1, 2, 1, 0],
      ['=HYPERLINK("x")', classA.id, 2, 0, 0, 0],
      ['青木 一郎', classA.id, 3, 2, 2, 1],
      ['+佐藤', classB.id, 1, 1, 1, 1],
      ['鈴木 次郎', classB.id, 2, 1, 1, 0],
    ]);
    expect(r.data.students[1]!.this_month.average_score).toBeNull();
    const onlyB = await call(t, getCurrentMonthSummary, { team_id: classB.id }, { as: me });
    expect(onlyB.data.teams.map((x) => x.team_id)).toEqual([classB.id]);
    expect(onlyB.data.this_month.totals).toMatchObject({ student_count: 2, session_count: 2 });
    expect((await call(t, getCurrentMonthSummary, { team_id: classB.id }, { as: other })).status).toBe(404);
  });
});

describe('export-current-month-summary', () => {
  const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

  it('writes both sheets with Japanese headers, cell by cell, names never as formulas', async () => {
    const file = await download(t, exportCurrentMonthSummary, {}, { as: me });
    expect(file.status).toBe(200);
    expect(file.contentType).toContain('spreadsheetml');
    expect(decodeURIComponent(file.disposition)).toContain('自主学習_2026年11月_20261120.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['クラス別', '生徒別']);
    const [byClass, byStudent] = wb.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(rowValues(byClass, 1)).toEqual([
      'クラス',
      '人数',
      '練習した人数',
      '練習回数',
      '練習日数',
      '録音時間(分)',
      '平均点',
      '先月の練習回数',
      '先月の録音時間(分)',
      '先月の平均点',
      '練習回数の増減',
    ]);
    expect(rowValues(byClass, 2)).toEqual([classA.name, 3, 2, 4, 3, 0.3, 82.5, 1, 0.1, 70, 3]);
    expect(rowValues(byClass, 3)).toEqual(['5年2組', 2, 2, 2, 2, 0, 60, 1, 0, 40, 1]);
    expect(rowValues(byClass, 4)).toEqual(['合計', 5, 4, 6, 5, 0.3, 75, 2, 0.1, 55, 4]);
    expect(byClass.rowCount).toBe(4);
    expect(rowValues(byStudent, 1)).toEqual([
      'クラス',
      '出席番号',
      '氏名',
      'ふりがな',
      '生徒ID',
      '練習日数',
      '練習回数',
      '録音時間(分)',
      '平均点',
      '先月の練習回数',
      '先月の録音時間(分)',
      '先月の平均点',
    ]);
    const a2 = await t.db.select().from(students).where(eq(students.loginId, kid.A2!.loginId));
    expect(rowValues(byStudent, 2)).toEqual([
      classA.name,
      1,
      '井上 花',
      a2[0]!.furigana,
      kid.A2!.loginId,
      1,
      2,
      0.1,
      80,
      0,
      0,
      // 先月の平均点: empty (trailing empty cells are not in the row's values)
    ]);
    expect(rowValues(byStudent, 3).slice(0, 3)).toEqual([classA.name, 2, '=HYPERLINK("x")']);
    expect(rowValues(byStudent, 3).slice(5)).toEqual([0, 0, 0, undefined, 0, 0]);
    expect(byStudent.getCell('L3').value).toBeNull();
    expect(rowValues(byStudent, 4).slice(5)).toEqual([2, 2, 0.2, 85, 1, 0.1, 70]);
    expect(rowValues(byStudent, 5).slice(0, 3)).toEqual(['5年2組', 1, '+佐藤']);
    expect(byStudent.rowCount).toBe(6);
    for (const cell of [byStudent.getCell('C3'), byStudent.getCell('C5')]) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
  });

  it('exports one class under its name, and refuses another teacher’s class', async () => {
    const file = await download(t, exportCurrentMonthSummary, { team_id: classB.id }, { as: me });
    expect(decodeURIComponent(file.disposition)).toContain('自主学習_5年2組_2026年11月_20261120.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    expect(wb.worksheets[1]!.rowCount).toBe(3);
    expect((await download(t, exportCurrentMonthSummary, { team_id: classB.id }, { as: other })).status).toBe(404);
  });
});

describe('new-homework-summary and new-homework-list', () => {
  it('counts the homework handed out in the last 14 days with their submissions', async () => {
    const s = await call(t, getNewHomeworkSummary, {}, { as: me });
    expect(s.data).toEqual({
      days: 14,
      homework_count: 1,
      open_count: 1,
      assigned_count: 3,
      submitted_count: 1,
      submission_rate: 33.3,
    });
    const list = await call(t, getNewHomeworkList, {}, { as: me });
    expect(list.data).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(list.data.rows).toEqual([
      {
        homework_id: newHomeworkId,
        title: '新しい宿題',
        team: { team_id: classA.id, name: classA.name },
        state: 'open',
        start_time: '2026-11-15T00:00:00.000Z',
        end_time: '2026-11-22T00:00:00.000Z',
        assigned_count: 3,
        submitted_count: 1,
        submission_rate: 33.3,
      },
    ]);
    const theirs = await call(t, getNewHomeworkList, {}, { as: other });
    expect(theirs.data).toMatchObject({ rows: [], total: 0 });
    const theirSummary = await call(t, getNewHomeworkSummary, {}, { as: other });
    expect(theirSummary.data).toMatchObject({ homework_count: 0, submission_rate: null });
  });
});

describe('reads through indexes', () => {
  it('plans the period and resource reads on the self-practice indexes over a few thousand attempts', async () => {
    // 4,000 more attempts of the teacher's children (homework and self-practice) so the planner has a choice.
    const ids = (
      await t.db
        .select({ id: students.id })
        .from(students)
        .where(inArray(students.loginId, [kid.A1!.loginId, kid.B1!.loginId]))
    ).map((r) => r.id);
    await t.db.execute(sql`
      insert into attempts (student_id, teacher_id, homework_id, resource_id, type, score, question_count, duration_ms, created_at)
      select ${ids[0]!}, ${me.teacher.id}, case when g % 2 = 0 then ${newHomeworkId}::int end, ${R.id}, 'sentence_reading', 50, 3, 1000,
        timestamptz '2025-01-01' + g * interval '2 hours'
      from generate_series(1, 4000) g`);
    await t.db.execute(sql`analyze attempts`);
    const plan = async (q: ReturnType<typeof sql>) =>
      (await t.db.execute(sql`explain ${q}`)).rows.map((r) => String(r['QUERY PLAN'])).join('\n');
    const period =
      await plan(sql`select count(*) from attempts a where a.teacher_id = ${me.teacher.id} and a.homework_id is null
      and a.created_at >= ${new Date('2026-11-01')} and a.created_at < ${new Date('2026-12-01')}`);
    expect(period).toMatch(/attempts_self_practice_idx|attempts_self_practice_resource_idx/);
    const resource =
      await plan(sql`select a.id from attempts a where a.teacher_id = ${me.teacher.id} and a.homework_id is null
      and a.resource_id = ${R.id} and a.created_at >= ${new Date('2026-11-01')} and a.created_at < ${new Date('2026-12-01')}
      order by a.created_at desc limit 20`);
    expect(resource).toContain('attempts_self_practice_resource_idx');
    // The answers are unchanged by the noise outside the period.
    const r = await call(t, getExerciseSummary, {}, { as: me });
    expect(r.data.totals.session_count).toBe(6);
  });
});
