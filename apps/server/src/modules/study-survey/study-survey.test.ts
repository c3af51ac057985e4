import { randomUUID } from 'node:crypto';
import {
  downloadTaskFile,
  exportStudentHomeworkReport,
  exportStudentStudyReport,
  getDownloadTaskPageList,
  getHomeworkSearchFilter2,
  getQuestionAnswerLogs,
  getStudentHomeworkReport,
  getStudentStudyReport,
  getSurveyHomeworkTopicDetails,
  getSurveyHomeworkTopicList,
  messages,
  studySurveyMessages,
  type PublishInput,
} from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts, homeworkTopics, students } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { publishHomework } from '../homework/index.js';
import { submitAttempt, wordsOf, type FactoryAnswer } from '../../test/attempt-factories.js';
import { call, download } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildChoiceResource, buildSentenceResource } from '../../test/learn-factories.js';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The study survey of one child (docs/study-survey.md). The school's clock stands at 2026年11月20日
 * (Friday, 2学期). Child s1 (named like a formula, for the xlsx) and s2 are in the owner's class:
 * - hw1 (2026-11-02, due 11-09): topic A (3 sentences), topic B (2 choice questions).
 *   s1: A 80 on 11-03 then 85 on 11-04 (the best), B 50 on 11-03 → submitted on time; s2: A 70 only.
 * - hw2 (11-10, due 11-17): one sentence topic; s1 60 on 11-18 (late); s2 nothing.
 * - hw3 (10-05, due 10-12): s1 90 on 10-06 (on time): in the term, not in the month.
 * - a self-practice submission of s1 on 11-19 (70, 5 s of recording).
 * Every number expected below is worked out by hand from these submissions.
 */
let t: TestApp;
let peer: SmtpPeer;
let owner: SignedInTeacher;
let other: SignedInTeacher;
let s1: string, s2: string, stranger: string;
let hw1: number, hw2: number, hw3: number;
let topicA: number, topicB: number;
let a1: number, a2: number;
const NAME = '=SUM(1+1) さくら';
const clock = manualClock('2026-11-20T03:00:00Z');
const jst = (s: string) => new Date(`${s}+09:00`);

const sp = (question_id: number, total: number, words?: ReturnType<typeof wordsOf>): FactoryAnswer => ({
  question_id,
  total,
  accuracy: total,
  fluency: 80,
  integrity: 100,
  words,
  text: words ? undefined : 'I like apples very much',
});

async function publish(teacherId: number, classId: number, resourceIds: number[], start: string, end: string) {
  const input = {
    homework_type: 'routine',
    request_key: randomUUID(),
    title: `宿題 ${start.slice(0, 10)}`,
    team_ids: [classId],
    student_ids: [],
    publish_type: 'now',
    publish_time: null,
    end_time: jst(end).toISOString(),
    required_times: null,
    resource_ids: resourceIds,
  } as PublishInput;
  const r = await t.db.transaction((tx) => publishHomework(tx, { id: teacherId }, input, jst(start)));
  const id = r.homework_ids[0]!;
  const topics = await t.db
    .select()
    .from(homeworkTopics)
    .where(eq(homeworkTopics.homeworkId, id))
    .orderBy(homeworkTopics.position);
  return { id, topics: topics.map((x) => x.id) };
}

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await buildTestApp({ smtpUrl: peer.url, clock, recordingUrl: (key) => `/api/v2/recording/${key}?sig=test` });
  owner = await teacherWithToken(t);
  other = await teacherWithToken(t);
  const klass = await buildClass(t, { teacher: owner.teacher, name: '5年1組' });
  [s1, s2] = (await buildStudents(t, 2, { teacher: owner.teacher, classIds: [klass.id] })) as [string, string];
  await t.db.update(students).set({ name: NAME }).where(eq(students.loginId, s1));
  [stranger] = (await buildStudents(t, 1, { teacher: other.teacher })) as [string];
  const sentences = await buildSentenceResource(t);
  const choice = await buildChoiceResource(t);

  const h1 = await publish(
    owner.teacher.id,
    klass.id,
    [sentences.id, choice.id],
    '2026-11-02T08:00:00',
    '2026-11-09T23:00:00',
  );
  hw1 = h1.id;
  [topicA, topicB] = h1.topics as [number, number];
  const h2 = await publish(owner.teacher.id, klass.id, [sentences.id], '2026-11-10T08:00:00', '2026-11-17T23:00:00');
  hw2 = h2.id;
  const h3 = await publish(owner.teacher.id, klass.id, [sentences.id], '2026-10-05T08:00:00', '2026-10-12T23:00:00');
  hw3 = h3.id;

  a1 = (
    await submitAttempt(t, {
      homeworkId: hw1,
      topicId: topicA,
      student: s1,
      at: jst('2026-11-03T18:00:00'),
      answers: [sp(0, 80), sp(1, 60, wordsOf('She plays the piano.', [90, 90, 90, 40])), sp(2, 100)],
    })
  ).id;
  await submitAttempt(t, {
    homeworkId: hw1,
    topicId: topicB,
    student: s1,
    at: jst('2026-11-03T18:10:00'),
    answers: [
      { question_id: 0, choice: 1, correct: true },
      { question_id: 1, choice: 2, correct: false },
    ],
  });
  a2 = (
    await submitAttempt(t, {
      homeworkId: hw1,
      topicId: topicA,
      student: s1,
      at: jst('2026-11-04T18:00:00'),
      answers: [sp(0, 90), sp(1, 75, wordsOf('She plays the piano.', [90, 50, 90, 40])), sp(2, 90)],
    })
  ).id;
  await submitAttempt(t, {
    homeworkId: hw1,
    topicId: topicA,
    student: s2,
    at: jst('2026-11-05T18:00:00'),
    answers: [sp(0, 70), sp(1, 70), sp(2, 70)],
  });
  await submitAttempt(t, {
    homeworkId: hw2,
    topicId: h2.topics[0]!,
    student: s1,
    at: jst('2026-11-18T18:00:00'),
    answers: [sp(0, 60), sp(1, 60), sp(2, 60)],
  });
  await submitAttempt(t, {
    homeworkId: hw3,
    topicId: h3.topics[0]!,
    student: s1,
    at: jst('2026-10-06T18:00:00'),
    answers: [sp(0, 90), sp(1, 90), sp(2, 90)],
  });
  const [studentRow] = await t.db.select().from(students).where(eq(students.loginId, s1));
  await t.db.insert(attempts).values({
    studentId: studentRow!.id,
    teacherId: owner.teacher.id,
    resourceId: sentences.id,
    type: 'sentence_reading',
    score: 70,
    accuracyScore: 70,
    fluencyScore: 70,
    integrityScore: 70,
    questionCount: 3,
    durationMs: 5000,
    createdAt: jst('2026-11-19T18:00:00'),
  });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

/** The xlsx attachments of a raw MIME message, decoded. */
function attachments(raw: string): Buffer[] {
  return raw
    .split(/\r?\n--[^\r\n]+/)
    .filter((p) => /content-type:\s*application\/vnd\.openxmlformats/i.test(p))
    .map((p) =>
      Buffer.from(
        p
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('')
          .replace(/\s+/g, ''),
        'base64',
      ),
    );
}

async function open(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}
/** A sheet as rows of values (row 1 = headers). */
const rowsOf = (ws: ExcelJS.Worksheet) => {
  const out: unknown[][] = [];
  ws.eachRow((r) => out.push((r.values as unknown[]).slice(1)));
  return out;
};

describe('access', () => {
  const calls = () =>
    [
      [getHomeworkSearchFilter2, { student_id: s1 }],
      [getSurveyHomeworkTopicList, { student_id: s1 }],
      [getSurveyHomeworkTopicDetails, { student_id: s1, homework_id: hw1, topic_id: topicA }],
      [getQuestionAnswerLogs, { student_id: s1, homework_id: hw1, topic_id: topicA, question_id: 1 }],
      [getStudentStudyReport, { student_id: s1 }],
      [getStudentHomeworkReport, { student_id: s1, homework_id: hw1 }],
      [exportStudentStudyReport, { student_id: s1 }],
      [exportStudentHomeworkReport, { student_id: s1, homework_id: hw1 }],
    ] as const;

  it('401 without a token; 404 for another teacher (and for their child, and an unknown one)', async () => {
    for (const [c, input] of calls()) {
      expect((await call(t, c, input)).status, c.path).toBe(401);
      const r = await call(t, c, input, { as: other });
      expect(r.status, c.path).toBe(404);
      expect(r.res.body).not.toContain('さくら');
      expect((await call(t, c, { ...input, student_id: stranger }, { as: owner })).status, c.path).toBe(404);
      expect((await call(t, c, { ...input, student_id: 'nobody-here' }, { as: owner })).status, c.path).toBe(404);
    }
    const tasks = await call(t, getDownloadTaskPageList, {}, { as: other });
    expect(tasks.data.total).toBe(0);
  });

  it('400 with the message: no child, a bad period; 404 for a topic of another homework', async () => {
    const r = await call(t, getStudentStudyReport, {}, { as: owner });
    expect(r).toMatchObject({ status: 400, errmsg: studySurveyMessages.studentRequired });
    const p = await call(t, getStudentStudyReport, { student_id: s1, period: 'week' }, { as: owner });
    expect(p).toMatchObject({ status: 400, errmsg: messages.badRequest });
    const e = await call(t, exportStudentStudyReport, { student_id: s1, email: 'nope' }, { as: owner });
    expect(e).toMatchObject({ status: 400, errmsg: messages.emailInvalid });
    expect(
      (
        await call(
          t,
          getSurveyHomeworkTopicDetails,
          { student_id: s1, homework_id: hw2, topic_id: topicA },
          { as: owner },
        )
      ).status,
    ).toBe(404);
  });
});

describe('reads', () => {
  it('homework-search-filter2: the classes, the periods of the school calendar, types and states', async () => {
    const r = await call(t, getHomeworkSearchFilter2, { student_id: s1 }, { as: owner });
    expect(r.status).toBe(200);
    expect(r.data.student).toMatchObject({ student_id: s1, name: NAME });
    expect(r.data.teams.map((x) => x.name)).toEqual(['5年1組']);
    expect(r.data.periods).toEqual([
      {
        value: 'month',
        label: '今月',
        name: '2026年11月',
        from: '2026-10-31T15:00:00.000Z',
        to: '2026-11-30T15:00:00.000Z',
      },
      {
        value: 'term',
        label: '今学期',
        name: '2026年度 2学期',
        from: '2026-08-31T15:00:00.000Z',
        to: '2026-12-31T15:00:00.000Z',
      },
      {
        value: 'year',
        label: '今年度',
        name: '2026年度',
        from: '2026-03-31T15:00:00.000Z',
        to: '2027-03-31T15:00:00.000Z',
      },
    ]);
    const march = await call(t, getHomeworkSearchFilter2, { student_id: s1, date: '2027-03-10' }, { as: owner });
    expect(march.data.periods.map((p) => p.name)).toEqual(['2027年3月', '2026年度 3学期', '2026年度']);
    expect(r.data.statuses.map((s) => s.label)).toEqual(['期限内に提出', '期限後に提出', '未提出']);
  });

  it('homework-topic-list: newest first, best scores per topic, filters', async () => {
    const r = await call(t, getSurveyHomeworkTopicList, { student_id: s1 }, { as: owner });
    expect(r.data.total).toBe(3);
    expect(r.data.rows.map((x) => [x.homework_id, x.status, x.score])).toEqual([
      [hw2, 'late', 60],
      [hw1, 'on_time', 67.5],
      [hw3, 'on_time', 90],
    ]);
    expect(r.data.rows[1]!.topics.map((x) => [x.topic_id, x.practice_count, x.best_score, x.last_score])).toEqual([
      [topicA, 2, 85, 85],
      [topicB, 1, 50, 50],
    ]);
    expect(r.data.rows[1]!.team).toMatchObject({ name: '5年1組' });
    const month = await call(t, getSurveyHomeworkTopicList, { student_id: s1, period: 'month' }, { as: owner });
    expect(month.data.rows.map((x) => x.homework_id)).toEqual([hw2, hw1]);
    const late = await call(t, getSurveyHomeworkTopicList, { student_id: s1, status: 'late' }, { as: owner });
    expect(late.data.rows.map((x) => x.homework_id)).toEqual([hw2]);
    const s2rows = await call(t, getSurveyHomeworkTopicList, { student_id: s2, status: 'unsubmitted' }, { as: owner });
    expect(s2rows.data.rows.map((x) => [x.homework_id, x.score])).toEqual([
      [hw2, null],
      [hw1, 35],
      [hw3, null],
    ]);
    const paged = await call(t, getSurveyHomeworkTopicList, { student_id: s1, limit: 2, page: 2 }, { as: owner });
    expect(paged.data).toMatchObject({ total: 3, page: 2 });
    expect(paged.data.rows.map((x) => x.homework_id)).toEqual([hw3]);
    const none = await call(
      t,
      getSurveyHomeworkTopicList,
      { student_id: s1, homework_type: 'periodic' },
      { as: owner },
    );
    expect(none.data).toMatchObject({ rows: [], total: 0 });
  });

  it('homework-topic-details: every attempt newest first, the best marked, the class average', async () => {
    const r = await call(
      t,
      getSurveyHomeworkTopicDetails,
      { student_id: s1, homework_id: hw1, topic_id: topicA },
      { as: owner },
    );
    expect(r.status).toBe(200);
    expect(r.data.class_average).toBe(77.5);
    expect(r.data.items).toEqual([
      { question_id: 0, text: 'I like apples.' },
      { question_id: 1, text: 'She plays the piano.' },
      { question_id: 2, text: 'We go to school.' },
    ]);
    expect(r.data.attempts.map((a) => [a.attempt_id, a.score, a.is_best, a.answers.map((x) => x.score)])).toEqual([
      [a2, 85, true, [90, 75, 90]],
      [a1, 80, false, [80, 60, 100]],
    ]);
    expect(r.data.attempts[0]).toMatchObject({
      accuracy_score: 85,
      fluency_score: 80,
      integrity_score: 100,
      duration_ms: 9000,
    });
  });

  it('question-answer-logs: one item across attempts with markup and a signed recording URL', async () => {
    const r = await call(
      t,
      getQuestionAnswerLogs,
      { student_id: s1, homework_id: hw1, topic_id: topicA, question_id: 1 },
      { as: owner },
    );
    expect(r.data.item).toEqual({ question_id: 1, text: 'She plays the piano.' });
    expect(r.data.rows.map((x) => [x.attempt_id, x.score, x.is_best])).toEqual([
      [a2, 75, true],
      [a1, 60, false],
    ]);
    const first = r.data.rows[1]!;
    expect(first.words!.map((w) => w.type)).toEqual(['normal', 'normal', 'normal', 'mispronounced']);
    expect(first.evaluate_html).toContain('mispronounced');
    expect(first.has_recording).toBe(true);
    expect(first.sound_file).toMatch(/^\/api\/v2\/recording\/rec-.+\?sig=test$/);
    expect(first.duration_ms).toBe(3000);
  });

  it('student-study-report (this month): counts, means, the weekly trend, practice and weakest words', async () => {
    const r = await call(t, getStudentStudyReport, { student_id: s1 }, { as: owner });
    expect(r.status).toBe(200);
    const d = r.data;
    expect(d.period.name).toBe('2026年11月');
    expect(d.homework).toEqual({
      assigned: 2,
      submitted: 2,
      on_time: 1,
      late: 1,
      unsubmitted: 0,
      submission_rate: 100,
    });
    // (80 + 50 + 85 + 60) / 4; accuracy over the spoken attempts (80, 85, 60); choices have none.
    expect([d.average_score, d.accuracy_score, d.fluency_score, d.integrity_score]).toEqual([68.8, 75, 80, 100]);
    expect(d.granularity).toBe('week');
    expect(d.trend.map((b) => [b.label, b.average_score, b.attempts])).toEqual([
      ['11/1〜11/1', null, 0],
      ['11/2〜11/8', 71.7, 3],
      ['11/9〜11/15', null, 0],
      ['11/16〜11/22', 60, 1],
      ['11/23〜11/29', null, 0],
      ['11/30〜11/30', null, 0],
    ]);
    // 4 homework submissions (9 + 0 + 9 + 9 s) and the self-practice (5 s): 32 s = 0.5 min.
    expect(d.practice).toEqual({ count: 5, homework_count: 4, self_count: 1, recording_minutes: 0.5 });
    expect(d.weakest_words).toEqual([
      { word: 'piano', missed: 2, read: 2 },
      { word: 'plays', missed: 1, read: 2 },
    ]);
  });

  it('student-study-report (this term): hw3 counts too, trend by month', async () => {
    const r = await call(t, getStudentStudyReport, { student_id: s1, period: 'term' }, { as: owner });
    expect(r.data.homework).toMatchObject({ assigned: 3, on_time: 2, late: 1 });
    expect(r.data.granularity).toBe('month');
    expect(r.data.trend.map((b) => [b.label, b.average_score])).toEqual([
      ['9月', null],
      ['10月', 90],
      ['11月', 68.8],
      ['12月', null],
    ]);
    const s2r = await call(t, getStudentStudyReport, { student_id: s2, period: 'term' }, { as: owner });
    expect(s2r.data.homework).toMatchObject({ assigned: 3, submitted: 0, unsubmitted: 3, submission_rate: 0 });
    expect(s2r.data.average_score).toBe(70);
  });

  it('student-homework-report: per topic the best scores against the class', async () => {
    const r = await call(t, getStudentHomeworkReport, { student_id: s1, homework_id: hw1 }, { as: owner });
    expect(r.status).toBe(200);
    // s1 (85 + 50) / 2 = 67.5; s2 (70 + 0) / 2 = 35: the class mean 51.25.
    expect(r.data).toMatchObject({ status: 'on_time', score: 67.5, class_average: 51.3 });
    expect(r.data.homework).toMatchObject({
      homework_id: hw1,
      assigned_count: 2,
      submitted_count: 1,
      state: 'overdue',
    });
    expect(
      r.data.topics.map((x) => [x.best_score, x.class_average, x.accuracy_score, x.class_accuracy, x.class_submitted]),
    ).toEqual([
      [85, 77.5, 85, 77.5, 2],
      [50, 50, null, null, 1],
    ]);
  });
});

describe('exports', () => {
  it('the study report as a download task: an xlsx checked cell by cell, the formula-like name stays text', async () => {
    const r = await call(t, exportStudentStudyReport, { student_id: s1, period: 'month' }, { as: owner });
    expect(r.status).toBe(200);
    expect(r.data.email).toBeNull();
    expect(r.data.task).toMatchObject({ kind: 'student-study-report', status: 'processing' });
    expect(r.data.task.title).toBe(`学習レポート：${NAME} 今月（2026年11月）`);
    await t.app.downloads.runAll();
    const list = await call(t, getDownloadTaskPageList, {}, { as: owner });
    const task = list.data.rows.find((x) => x.task_id === r.data.task.task_id)!;
    expect(task).toMatchObject({
      status: 'finished',
      file_name: '学習レポート_=SUM(1+1)_さくら_2026年11月_20261120.xlsx',
    });
    const file = await download(t, downloadTaskFile, { task_id: task.task_id }, { as: owner });
    const wb = await open(file.body);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['概要', '得点の推移', '宿題一覧', '苦手な単語']);
    const summary = rowsOf(wb.getWorksheet('概要')!);
    expect(summary[0]).toEqual(['項目', '内容']);
    expect(summary[1]).toEqual(['氏名', NAME]);
    const nameCell = wb.getWorksheet('概要')!.getCell('B2');
    expect(nameCell.type).toBe(ExcelJS.ValueType.String);
    expect(Object.fromEntries(summary.slice(1).map(([k, v]) => [k, v]))).toMatchObject({
      生徒ID: s1,
      期間: '今月（2026年11月）',
      期間の始め: '2026年11月1日(日)',
      期間の終わり: '2026年11月30日(月)',
      配信された宿題: 2,
      提出した宿題: 2,
      期限内に提出: 1,
      期限後に提出: 1,
      未提出: 0,
      '提出率(%)': 100,
      平均点: 68.8,
      発音: 75,
      流暢さ: 80,
      完成度: 100,
      練習回数: 5,
      うち宿題: 4,
      うち自主練習: 1,
      '録音時間(分)': 0.5,
    });
    const trend = rowsOf(wb.getWorksheet('得点の推移')!);
    expect(trend[0]).toEqual(['週', '平均点', '提出回数']);
    expect(trend[2]).toEqual(['11/2〜11/8', 71.7, 3]);
    expect(trend[1]![0]).toBe('11/1〜11/1');
    expect(wb.getWorksheet('得点の推移')!.getCell('B2').value).toBeNull();
    expect(trend.length).toBe(7);
    const hw = rowsOf(wb.getWorksheet('宿題一覧')!);
    expect(hw[0]).toEqual(['配信日', '宿題名', '種類', 'クラス', '締切', '状態', '提出日時', '得点']);
    expect(hw[1]).toEqual([
      '2026年11月2日(月)',
      '宿題 2026-11-02',
      '通常宿題',
      '5年1組',
      '2026年11月9日(月) 23:00',
      '期限内に提出',
      '2026年11月3日(火) 18:10',
      67.5,
    ]);
    expect(hw[2]!.slice(5)).toEqual(['期限後に提出', '2026年11月18日(水) 18:00', 60]);
    expect(rowsOf(wb.getWorksheet('苦手な単語')!)).toEqual([
      ['順位', '単語', '間違えた回数', '読んだ回数'],
      [1, 'piano', 2, 2],
      [2, 'plays', 1, 2],
    ]);
  });

  it('the homework report by e-mail: the SMTP peer receives the xlsx', async () => {
    const since = peer.received.length;
    const r = await call(
      t,
      exportStudentHomeworkReport,
      { student_id: s1, homework_id: hw1, email: 'Parent.Desk@School.example' },
      { as: owner },
    );
    expect(r.data.email).toBe('parent.desk@school.example');
    await t.app.downloads.runAll();
    const mail = await peer.waitFor('parent.desk@school.example', since);
    expect(mail.subject).toBe(`【音読】宿題レポート：${NAME}（宿題 2026-11-02）`);
    expect(mail.text).toContain('得点：67.5（クラス平均 51.3）');
    expect(mail.text).toContain('状態：期限内に提出');
    const [xlsx] = attachments(mail.raw);
    const wb = await open(xlsx!);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['概要', '教材別']);
    const rows = rowsOf(wb.getWorksheet('教材別')!);
    expect(rows[0]).toEqual([
      'No.',
      '教材名',
      '種類',
      '練習回数',
      '最高点',
      'クラス平均',
      '差',
      '発音',
      '流暢さ',
      '完成度',
      'クラスの発音',
      'クラスの流暢さ',
      'クラスの完成度',
      '最終提出',
    ]);
    expect(rows[1]).toEqual([
      1,
      expect.any(String),
      '文の音読',
      2,
      85,
      77.5,
      7.5,
      85,
      80,
      100,
      77.5,
      80,
      100,
      '2026年11月4日(水) 18:00',
    ]);
    expect(rows[2]!.slice(2, 7)).toEqual(['文法問題', 1, 50, 50, 0]);
    const list = await call(t, getDownloadTaskPageList, {}, { as: owner });
    expect(list.data.rows.find((x) => x.task_id === r.data.task.task_id)).toMatchObject({ status: 'finished' });
  });

  it('a refused mail fails the task with the reason; a guest cannot mail; a homework not the child’s is 404', async () => {
    const r = await call(
      t,
      exportStudentStudyReport,
      { student_id: s1, email: 'bounce@school.example' },
      { as: owner },
    );
    await t.app.downloads.runAll();
    const list = await call(t, getDownloadTaskPageList, {}, { as: owner });
    expect(list.data.rows.find((x) => x.task_id === r.data.task.task_id)).toMatchObject({
      status: 'failed',
      error: messages.mailSendFailed,
    });
    const guest = await teacherWithToken(t, { type: 'guest' });
    const [guestStudent] = await buildStudents(t, 1, { teacher: guest.teacher });
    expect(
      (await call(t, exportStudentStudyReport, { student_id: guestStudent!, email: 'a@b.example' }, { as: guest }))
        .status,
    ).toBe(403);
    expect((await call(t, exportStudentStudyReport, { student_id: guestStudent! }, { as: guest })).status).toBe(200);
    const foreign = await call(
      t,
      exportStudentHomeworkReport,
      { student_id: s1, homework_id: 2 ** 31 - 1 },
      { as: owner },
    );
    expect(foreign.status).toBe(404);
  });
});

describe('weakest words as written', () => {
  it('keeps the capital of I, its contractions and names; drops only a sentence’s opening capital', async () => {
    const [topic] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, hw3));
    await submitAttempt(t, {
      homeworkId: hw3,
      topicId: topic!.id,
      student: s2,
      at: jst('2026-10-06T18:00:00'),
      answers: [
        sp(0, 40, wordsOf("I'm Ken. I like Ken's dog.", [40, 40, 40, 90, 90, 90])),
        sp(1, 40, wordsOf('Apples are red. I like apples.', [40, 90, 90, 90, 90, 40])),
        sp(2, 90),
      ],
    });
    const r = await call(t, getStudentStudyReport, { student_id: s2, period: 'term' }, { as: owner });
    expect(r.data.weakest_words.map((w) => w.word)).toEqual(['apples', "I'm", 'Ken', 'I']);
  });
});
