import {
  createDownloadTask,
  delayHomework,
  downloadTaskFile,
  getAllTopicOverview,
  getCommentary,
  getHomeworkDetail,
  getHomeworkNoticePageList,
  getMyHomeworkPageList,
  getNewHomeworkSummary,
  getOneTopicOverview,
  getReadingHomeworkBasicInfo,
  getReadingHomeworkTopicList,
  getReissueDetails,
  getReissueList,
  getStudentHomeworkList,
  getStudentHomeworkReport,
  getTopicScoreOverviewX,
  getTopicScoreOverviewY,
  remindUnsubmitted,
  sendStudentTopicMail,
  submitTopic,
} from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkTopics, students } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { call, download } from '../../test/call.js';
import { teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import {
  buildEvaluationResult,
  buildLearnHomework,
  buildSentenceResource,
  signInStudent,
  type SignedInStudent,
} from '../../test/learn-factories.js';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { homeworkSubmissionCounts } from './index.js';

/**
 * The case that once contradicted itself (docs/results.md "Submitted and done"): a homework with
 * 必要練習回数 2 for four children, two of whom submit once (17 and 0 points). Every call, file,
 * mail and notice must then say the same: 2 of 4 submitted, 0 done, the same two unsubmitted.
 */
const start = new Date('2026-06-01T00:00:00Z');
const DAY = 86_400_000;
const clock = manualClock(start);
let t: TestApp;
let peer: SmtpPeer;
let me: SignedInTeacher;
let homeworkId: number;
let topicId: number;
let kids: SignedInStudent[];
let submittedIds: string[];
let unsubmittedIds: string[];

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await buildTestApp({ clock, smtpUrl: peer.url });
  me = await teacherWithToken(t);
  const resource = await buildSentenceResource(t, { texts: ['I like apples.'] });
  const hw = await buildLearnHomework(t, {
    teacher: me.teacher,
    students: 4,
    resourceIds: [resource.id],
    now: clock.now(),
    days: 7,
    requiredTimes: 2,
    input: { title: '必要回数のある宿題' },
  });
  homeworkId = hw.homeworkId;
  const [topic] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, homeworkId));
  topicId = topic!.id;
  kids = await Promise.all(hw.loginIds.map((id) => signInStudent(t, id)));
  // Attendance numbers, so every list has one order.
  for (const [i, kid] of kids.entries())
    await t.db
      .update(students)
      .set({ number: String(i + 1) })
      .where(eq(students.id, kid.id));
  clock.set(new Date(start.getTime() + 3_600_000));
  for (const [kid, score] of [
    [kids[0]!, 17],
    [kids[1]!, 0],
  ] as const) {
    const sid = await buildEvaluationResult(t, {
      studentId: kid.id,
      text: 'I like apples.',
      category: 'read_sentence',
      score,
    });
    const r = await call(
      t,
      submitTopic,
      { homework_id: homeworkId, topic_id: topicId, answers: [{ question_id: 0, sid }] },
      { as: kid },
    );
    expect(r.data).toMatchObject({ score, practice_count: 1, homework_done: false });
  }
  submittedIds = [kids[0]!.loginId, kids[1]!.loginId];
  unsubmittedIds = [kids[2]!.loginId, kids[3]!.loginId];
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const SUBMITTED = 2;
const ASSIGNED = 4;

describe('submitted and done with a required practice count: every count agrees', () => {
  it('the one function, the list, the details, the matrix, the topics, the commentary and the reading calls', async () => {
    const counts = (await homeworkSubmissionCounts(t.db, [homeworkId])).get(homeworkId);
    expect(counts).toEqual({
      homeworkId,
      assigned: ASSIGNED,
      submitted: SUBMITTED,
      done: 0,
      unsubmitted: 2,
      requiredTimes: 2,
    });

    const list = await call(t, getMyHomeworkPageList, { page: 1, limit: 10 }, { as: me });
    const row = list.data.rows.find((r) => r.homework_id === homeworkId)!;
    expect([row.submitted_count, row.assigned_count]).toEqual([SUBMITTED, ASSIGNED]);
    const detail = await call(t, getHomeworkDetail, { homework_id: homeworkId }, { as: me });
    expect([detail.data.submitted_count, detail.data.assigned_count]).toEqual([SUBMITTED, ASSIGNED]);

    const o = (await call(t, getAllTopicOverview, { homework_id: homeworkId }, { as: me })).data;
    expect([o.submitted_count, o.assigned_count, o.done_count, o.required_times]).toEqual([SUBMITTED, ASSIGNED, 0, 2]);
    expect(o.unsubmitted.map((s) => s.student_id)).toEqual(unsubmittedIds);
    expect(o.practicing.map((s) => [s.student_id, s.practice_count])).toEqual(submittedIds.map((id) => [id, 1]));
    expect(o.topics.map((x) => [x.submitted_count, x.recipient_count])).toEqual([[SUBMITTED, ASSIGNED]]);
    expect(o.average_score).toBe(8.5);

    const y = (await call(t, getTopicScoreOverviewY, { homework_id: homeworkId, page: 1, limit: 5 }, { as: me })).data;
    expect(y.rows.map((r) => [r.student_id, r.submitted, r.done, r.practice_count, r.cells[0]!.best_score])).toEqual([
      [kids[0]!.loginId, true, false, 1, 17],
      [kids[1]!.loginId, true, false, 1, 0],
      [kids[2]!.loginId, false, false, 0, null],
      [kids[3]!.loginId, false, false, 0, null],
    ]);
    const x = (await call(t, getTopicScoreOverviewX, { homework_id: homeworkId }, { as: me })).data;
    expect(x.rows.map((r) => r.submitted_count)).toEqual([SUBMITTED]);
    const topic = (await call(t, getOneTopicOverview, { homework_id: homeworkId, topic_id: topicId }, { as: me })).data;
    expect(topic.topic.submitted_count).toBe(SUBMITTED);
    expect(topic.rows.filter((s) => s.practice_count > 0).map((s) => s.student_id)).toEqual(submittedIds);

    const c = (await call(t, getCommentary, { homework_id: homeworkId }, { as: me })).data;
    expect([c.submitted_count, c.answered_count, c.assigned_count]).toEqual([SUBMITTED, SUBMITTED, ASSIGNED]);
    const basic = (await call(t, getReadingHomeworkBasicInfo, { homework_id: homeworkId }, { as: me })).data;
    expect([basic.submitted_count, basic.assigned_count]).toEqual([SUBMITTED, ASSIGNED]);
    const topics = (await call(t, getReadingHomeworkTopicList, { homework_id: homeworkId }, { as: me })).data;
    expect(topics.rows.map((r) => r.submitted_count)).toEqual([SUBMITTED]);
    const summary = (await call(t, getNewHomeworkSummary, {}, { as: me })).data;
    expect([summary.submitted_count, summary.assigned_count]).toEqual([SUBMITTED, ASSIGNED]);
    const report = (
      await call(t, getStudentHomeworkReport, { student_id: kids[0]!.loginId, homework_id: homeworkId }, { as: me })
    ).data;
    expect([report.status, report.homework.submitted_count]).toEqual(['on_time', SUBMITTED]);

    // The child sees the homework submitted but not done: one more practice is needed.
    const mine = (await call(t, getStudentHomeworkList, {}, { as: kids[0] })).data;
    expect(mine.rows.find((r) => r.homework_id === homeworkId)).toMatchObject({ state: 'open', required_times: 2 });
  });

  it('the xlsx, the e-mailed report, the notices and the reminder say the same', async () => {
    const task = await call(
      t,
      createDownloadTask,
      { kind: 'topic-student-score', homework_id: homeworkId },
      { as: me },
    );
    await t.app.downloads.runAll();
    const file = await download(t, downloadTaskFile, { task_id: task.data.task.task_id }, { as: me });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const rows = [2, 3, 4, 5].map((n) => ws.getRow(n));
    expect(rows.map((r) => [r.getCell(col('生徒ID')).value, r.getCell(col('提出')).value])).toEqual([
      [kids[0]!.loginId, '提出済み（練習 1/2回）'],
      [kids[1]!.loginId, '提出済み（練習 1/2回）'],
      [kids[2]!.loginId, '未提出'],
      [kids[3]!.loginId, '未提出'],
    ]);
    expect(rows.map((r) => r.getCell(col('平均点')).value)).toEqual([17, 0, null, null]);

    await call(t, sendStudentTopicMail, { homework_id: homeworkId, email: 'head@school.example' }, { as: me });
    const mail = await peer.waitFor('head@school.example');
    expect(mail.text).toContain(`提出：${SUBMITTED}人 / ${ASSIGNED}人（50%）`);
    expect(mail.text).toContain(`必要練習回数（2回）の達成：0人 / ${ASSIGNED}人`);

    const notices = (await call(t, getHomeworkNoticePageList, { page: 1, limit: 20 }, { as: me })).data;
    expect(notices.rows.filter((n) => n.homework_id === homeworkId && n.kind === 'submitted')).toHaveLength(SUBMITTED);

    const reminded = await call(t, remindUnsubmitted, { homework_id: homeworkId }, { as: me });
    expect(reminded.data).toEqual({ count: 2, skipped: 0 });

    // Past the deadline: the overdue notice and the reissue go to the same two children.
    clock.set(new Date(start.getTime() + 8 * DAY));
    await t.app.scheduler.tick();
    await t.app.scheduler.tick();
    const after = (await call(t, getHomeworkNoticePageList, { page: 1, limit: 20 }, { as: me })).data;
    expect(after.rows.find((n) => n.homework_id === homeworkId && n.kind === 'overdue')?.message).toContain(
      `未提出は${ASSIGNED - SUBMITTED}人です。`,
    );
    expect((await call(t, delayHomework, { homework_id: homeworkId }, { as: me })).errcode).toBe(0);
    const reissue = (await call(t, getReissueList, { page: 1, limit: 10 }, { as: me })).data.rows[0]!;
    const details = (await call(t, getReissueDetails, { id: reissue.reissue_id }, { as: me })).data;
    expect(details.students.map((s) => s.student_id)).toEqual(unsubmittedIds);
  });
});
