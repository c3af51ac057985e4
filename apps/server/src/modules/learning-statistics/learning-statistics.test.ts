import {
  downloadTaskFile,
  exportLearningStatistics,
  getDownloadTaskPageList,
  getProgressGraph,
  getSoundInsights,
  getUsageAmount,
  getWordProgress,
  learningStatisticsMessages,
  messages,
  submitSelfPractice,
} from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkTopics, students, wordBooks, wordBookWords } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { submitAttempt, wordsOf } from '../../test/attempt-factories.js';
import ExcelJS from 'exceljs';
import { call, download } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import {
  buildEvaluationResult,
  buildLearnHomework,
  buildSentenceResource,
  sentenceTexts,
  signInStudent,
} from '../../test/learn-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Learning statistics of a class (docs/learning-statistics.md), read from submissions made the
 * way the students' side makes them. Class A: A1 practised well in October and worse in
 * November (a drop), A2 once in October (stopped), A3 never; class B has no children. Times are
 * in Japan: 2026-10-05T01:00Z is Monday 5 October, 10:00.
 */
const now = new Date('2026-11-20T03:00:00Z');
const clock = manualClock(now);
let t: TestApp;
let me: SignedInTeacher;
let other: SignedInTeacher;
let classA: number;
let classB: number;
let ids: string[];
let foreignLoginId: string;

const period = { start_date: '2026-10-01', end_date: '2026-11-20' };

beforeAll(async () => {
  t = await buildTestApp({ clock });
  me = await teacherWithToken(t);
  other = await teacherWithToken(t);
  const r = await buildSentenceResource(t);
  const hw = await buildLearnHomework(t, {
    teacher: me.teacher,
    students: 3,
    resourceIds: [r.id],
    now: new Date('2026-10-01T00:00:00Z'),
    days: 60,
  });
  classA = hw.klass.id;
  ids = hw.loginIds;
  for (const [i, loginId] of ids.entries())
    await t.db
      .update(students)
      .set({ name: `児童${i + 1}`, number: String(i + 1) })
      .where(eq(students.loginId, loginId));
  classB = (await buildClass(t, { teacher: me.teacher, name: '空のクラス' })).id;
  const otherClass = await buildClass(t, { teacher: other.teacher });
  foreignLoginId = (await buildStudents(t, 1, { teacher: other.teacher, classIds: [otherClass.id] }))[0]!;
  const [topic] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, hw.homeworkId));
  const submit = (student: string, at: string, total: number, words?: [string, number[]]) =>
    submitAttempt(t, {
      homeworkId: hw.homeworkId,
      topicId: topic!.id,
      student,
      at: new Date(at),
      answers: [
        {
          question_id: 0,
          total,
          accuracy: total - 2,
          fluency: total - 4,
          integrity: 100,
          durationMs: 60_000,
          ...(words ? { text: words[0], words: wordsOf(words[0], words[1]) } : {}),
        },
      ],
    });
  await submit(ids[0]!, '2026-10-05T01:00:00Z', 90, ['right apple red', [90, 50, 70]]);
  await submit(ids[0]!, '2026-10-06T01:00:00Z', 85, ['apple', [65]]);
  await submit(ids[0]!, '2026-11-16T01:00:00Z', 60);
  await submit(ids[0]!, '2026-11-17T01:00:00Z', 62);
  await submit(ids[1]!, '2026-10-05T02:00:00Z', 70, ['right apple', [85, 40]]);
  // A1's self-practice on Wednesday 18 November, 19:00 in Japan.
  const a1 = await signInStudent(t, ids[0]!);
  const at = new Date('2026-11-18T10:00:00Z');
  clock.set(at);
  const answers = [];
  for (const [i, text] of sentenceTexts.entries())
    answers.push({
      question_id: i,
      sid: await buildEvaluationResult(t, {
        studentId: a1.id,
        text,
        category: 'read_sentence',
        score: 80,
        createdAt: at,
      }),
    });
  const res = await call(t, submitSelfPractice, { resource_id: r.id, answers }, { as: a1 });
  expect(res.errcode, res.errmsg).toBe(0);
  clock.set(now);
}, 60_000);

afterAll(() => t?.close());

describe('progress-graph', () => {
  it('answers 401 without a token, 400 for a wrong period, 404 for another teacher’s class or child', async () => {
    expect((await call(t, getProgressGraph, { team_id: classA })).status).toBe(401);
    const wrong = await call(
      t,
      getProgressGraph,
      { team_id: classA, start_date: '2026-11-02', end_date: '2026-11-01' },
      { as: me },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.errmsg).toBe(learningStatisticsMessages.periodWrong);
    const long = await call(
      t,
      getProgressGraph,
      { team_id: classA, start_date: '2025-01-01', end_date: '2026-11-01' },
      { as: me },
    );
    expect(long.errmsg).toBe(learningStatisticsMessages.periodTooLong);
    const missing = await call(t, getProgressGraph, {} as never, { as: me });
    expect(missing.status).toBe(400);
    expect(missing.errmsg).toBe(learningStatisticsMessages.classRequired);
    expect((await call(t, getProgressGraph, { team_id: classA }, { as: other })).status).toBe(404);
    const foreign = await call(t, getProgressGraph, { team_id: classA, student_id: foreignLoginId }, { as: me });
    expect(foreign.status).toBe(404);
    expect(foreign.errmsg).toBe(messages.notFound);
  });

  it('gives the class’s scores by week, one child beside the class, and marks a drop, a stop and no practice', async () => {
    const r = await call(
      t,
      getProgressGraph,
      { team_id: classA, student_id: ids[0]!, unit: 'week', ...period },
      { as: me },
    );
    expect(r.errcode, r.errmsg).toBe(0);
    const d = r.data!;
    expect(d).toMatchObject({ ...period, unit: 'week', team: { team_id: classA }, student: { student_id: ids[0] } });
    // Weeks from Monday 28 September, the first shown from 1 October; Monday 16 November is the last.
    expect(d.buckets[0]!.start_date).toBe('2026-10-01');
    expect(d.buckets.at(-1)!.start_date).toBe('2026-11-16');
    expect(d.buckets).toHaveLength(8);
    const oct5 = d.buckets.find((b) => b.start_date === '2026-10-05')!;
    expect(oct5.class).toMatchObject({
      practice_count: 3,
      score: 81.7,
      accuracy: 79.7,
      integrity: 100,
      duration_ms: 180_000,
    });
    expect(oct5.student).toMatchObject({ practice_count: 2, score: 87.5 });
    const nov16 = d.buckets.find((b) => b.start_date === '2026-11-16')!;
    expect(nov16.class.practice_count).toBe(3); // two homework submissions and a self-practice
    expect(nov16.student!.score).toBe(67.3);
    expect(d.buckets.find((b) => b.start_date === '2026-10-19')!.class).toMatchObject({
      practice_count: 0,
      score: null,
    });
    const [a1, a2, a3] = d.students;
    expect(a1).toMatchObject({ student_id: ids[0], practice_count: 5, first_half_score: 87.5, alerts: ['drop'] });
    expect(a1!.second_half_score).toBe(67.3);
    expect(a2).toMatchObject({ student_id: ids[1], practice_count: 1, alerts: ['stopped'] });
    expect(a3).toMatchObject({ student_id: ids[2], practice_count: 0, average_score: null, alerts: ['none_yet'] });
  });

  it('groups by month, and answers an empty class with empty buckets', async () => {
    const r = await call(t, getProgressGraph, { team_id: classA, unit: 'month', ...period }, { as: me });
    expect(r.data!.buckets.map((b) => [b.start_date, b.class.practice_count])).toEqual([
      ['2026-10-01', 3],
      ['2026-11-01', 3],
    ]);
    expect(r.data!.buckets[0]!.student).toBeNull();
    const empty = await call(t, getProgressGraph, { team_id: classB, unit: 'month', ...period }, { as: me });
    expect(empty.errcode).toBe(0);
    expect(empty.data!.students).toEqual([]);
    expect(empty.data!.buckets.every((b) => b.class.practice_count === 0 && b.class.score === null)).toBe(true);
  });

  it('defaults to the last 12 weeks up to today in Japan', async () => {
    const r = await call(t, getProgressGraph, { team_id: classA }, { as: me });
    expect(r.data).toMatchObject({ start_date: '2026-08-31', end_date: '2026-11-20', unit: 'week' });
    expect(r.data!.buckets).toHaveLength(12);
  });
});

describe('usage-amount', () => {
  it('gives readings and time per day, homework and self-practice apart, per child, and the practice hours', async () => {
    const r = await call(t, getUsageAmount, { team_id: classA, unit: 'day', ...period }, { as: me });
    expect(r.errcode, r.errmsg).toBe(0);
    const d = r.data!;
    expect(d.buckets).toHaveLength(51);
    expect(d.totals).toMatchObject({ homework_count: 5, homework_ms: 300_000, self_count: 1, student_count: 3 });
    expect(d.totals.self_ms).toBe(4500);
    // Practice days: A1 on 5, 6 October, 16, 17, 18 November; A2 on 5 October.
    expect(d.totals.practice_days).toBe(6);
    expect(d.buckets.find((b) => b.start_date === '2026-11-18')).toMatchObject({ homework_count: 0, self_count: 1 });
    expect(d.hours).toContainEqual({ weekday: 1, hour: 10, count: 2 }); // Monday 5 October 10:00 (A1), and Tuesday's is 10:00 too
    expect(d.hours).toContainEqual({ weekday: 3, hour: 19, count: 1 });
    expect(d.students.map((s) => [s.student_id, s.homework_count, s.self_count, s.practice_days])).toEqual([
      [ids[0], 4, 1, 5],
      [ids[1], 1, 0, 1],
      [ids[2], 0, 0, 0],
    ]);
  });

  it('reads one child by month, and refuses another teacher', async () => {
    const r = await call(
      t,
      getUsageAmount,
      { team_id: classA, student_id: ids[1]!, unit: 'month', ...period },
      { as: me },
    );
    expect(r.data!.buckets.map((b) => b.homework_count)).toEqual([1, 0]);
    expect(r.data!.totals.student_count).toBe(1);
    expect((await call(t, getUsageAmount, { team_id: classA }, { as: other })).status).toBe(404);
    const empty = await call(t, getUsageAmount, { team_id: classB, ...period }, { as: me });
    expect(empty.data!.totals).toMatchObject({ homework_count: 0, self_count: 0, practice_days: 0, student_count: 0 });
  });
});

describe('word-progress', () => {
  beforeAll(async () => {
    await t.db.insert(wordBooks).values({ code: 'wb-stat', title: '単語帳', grade: 5, maxPart: 2 });
    await t.db.insert(wordBookWords).values(
      ['right', 'apple', 'red', 'blue'].map((word, i) => ({
        bookCode: 'wb-stat',
        part: 1,
        position: i + 1,
        word,
        meaning: '意味',
        ipa: '',
        example: '',
        exampleTranslation: '',
      })),
    );
  });

  it('marks each child’s words by their best reading, and lists the words the class misses most', async () => {
    const r = await call(t, getWordProgress, { team_id: classA, book_code: 'wb-stat', ...period }, { as: me });
    expect(r.errcode, r.errmsg).toBe(0);
    const d = r.data!;
    expect(d).toMatchObject({ book_code: 'wb-stat', part: 1 });
    expect(d.words.map((w) => w.word)).toEqual(['right', 'apple', 'red', 'blue']);
    expect(d.students.map((s) => s.scores)).toEqual([
      [90, 65, 70, null],
      [85, 40, null, null],
      [null, null, null, null],
    ]);
    expect(d.students[0]).toMatchObject({ mastered: 1, practising: 2, missing: 0 });
    expect(d.students[1]).toMatchObject({ mastered: 1, practising: 0, missing: 1 });
    const apple = d.words[1]!;
    expect(apple).toMatchObject({ class_score: 52.5, mastered: 0, practising: 1, missing: 1, untouched: 1 });
    expect(d.most_missed).toEqual([apple.word_id]);
  });

  it('answers an empty part, 400 for a part past the book, 404 for an unknown book or another teacher', async () => {
    const part2 = await call(t, getWordProgress, { team_id: classA, book_code: 'wb-stat', part: 2 }, { as: me });
    expect(part2.data).toMatchObject({ part: 2, words: [], most_missed: [] });
    const past = await call(t, getWordProgress, { team_id: classA, book_code: 'wb-stat', part: 3 }, { as: me });
    expect(past.status).toBe(400);
    expect(past.errmsg).toBe(learningStatisticsMessages.partWrong);
    expect((await call(t, getWordProgress, { team_id: classA, book_code: 'none' }, { as: me })).status).toBe(404);
    expect((await call(t, getWordProgress, { team_id: classA }, { as: other })).status).toBe(404);
  });
});

describe('sound-insights', () => {
  it('answers an empty class and a child with no readings, and refuses another teacher', async () => {
    const empty = await call(t, getSoundInsights, { team_id: classB }, { as: me });
    expect(empty.data).toMatchObject({ sounds: [], students: [], practice: { sounds: [], resources: [] } });
    const none = await call(t, getSoundInsights, { team_id: classA }, { as: me });
    expect(none.data!.students[2]).toMatchObject({ judged: 0, cells: [], weak: [], strengths: [] });
    expect((await call(t, getSoundInsights, { team_id: classA }, { as: other })).status).toBe(404);
  });
});

describe('exports', () => {
  const rowsOf = (ws: ExcelJS.Worksheet) => {
    const out: unknown[][] = [];
    ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
    return out;
  };

  it('makes the progress and word tables of a class as download tasks, and refuses another teacher’s class', async () => {
    const progress = await call(
      t,
      exportLearningStatistics,
      { kind: 'learning-progress', team_id: classA, unit: 'month', ...period },
      { as: me },
    );
    expect(progress.errcode, progress.errmsg).toBe(0);
    expect(progress.data.task).toMatchObject({ kind: 'learning-progress', status: 'processing' });
    const words = await call(
      t,
      exportLearningStatistics,
      { kind: 'learning-words', team_id: classA, book_code: 'wb-stat', part: 1, ...period },
      { as: me },
    );
    expect(words.errcode, words.errmsg).toBe(0);
    await t.app.downloads.runAll();
    const list = await call(t, getDownloadTaskPageList, {}, { as: me });
    const done = (id: number) => list.data.rows.find((x) => x.task_id === id)!;
    expect(done(progress.data.task.task_id)).toMatchObject({ status: 'finished' });
    expect(done(progress.data.task.task_id).file_name).toMatch(/^成績の推移_.*_2026-10-01〜2026-11-20_20261120\.xlsx$/);

    const file = await download(t, downloadTaskFile, { task_id: progress.data.task.task_id }, { as: me });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['月ごと', '子ども別']);
    const months = rowsOf(wb.getWorksheet('月ごと')!);
    expect(months[1]).toEqual(['2026-10-01', 81.7, 79.7, 77.7, 100, 3, 3]);
    const kids = rowsOf(wb.getWorksheet('子ども別')!);
    expect(kids[1]!.slice(0, 4)).toEqual([1, '児童1', ids[0], 5]);
    expect(kids[1]!.at(-1)).toBe('得点が下がっています');

    const wordFile = await download(t, downloadTaskFile, { task_id: words.data.task.task_id }, { as: me });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(wordFile.body as unknown as ArrayBuffer);
    const grid = rowsOf(wb2.getWorksheet('クラス×単語')!);
    expect(grid[0]).toEqual(['出席番号', '氏名', 'right', 'apple', 'red', 'blue', '習得', '練習中', '苦手']);
    expect(grid[2]).toEqual([2, '児童2', 85, 40, null, null, 1, 0, 1].map((v) => v ?? undefined));

    const refused = await call(t, exportLearningStatistics, { kind: 'learning-usage', team_id: classA }, { as: other });
    expect(refused.status).toBe(404);
    const bad = await call(
      t,
      exportLearningStatistics,
      { kind: 'learning-progress', team_id: classA, unit: 'day' },
      { as: me },
    );
    expect(bad.status).toBe(400);
  });
});
