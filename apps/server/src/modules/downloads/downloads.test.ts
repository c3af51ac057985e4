import {
  createDownloadTask,
  deleteDownloadTasks,
  downloadLimits,
  downloadMessages,
  downloadTaskFile,
  ErrorCode,
  exportTopicScoreOverview,
  exportTopicStudentScore,
  getDownloadTaskPageList,
  retryDownloadTask,
} from '@ondoku/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attempts,
  downloadTasks,
  homework,
  homeworkRecipients,
  homeworkTopics,
  students,
  topicProgress,
} from '../../db/schema/index.js';
import { call, download } from '../../test/call.js';
import { teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildHomework } from '../../test/homework-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { scorePages } from './exports.js';
import { insertTask } from './repository.js';
import { createDownloadRunner } from './runner.js';
import { systemClock } from '../../lib/clock.js';

let t: TestApp;
let me: SignedInTeacher;
let other: SignedInTeacher;
let hw: Awaited<ReturnType<typeof buildHomework>>;
let topicIds: number[];
let studentRowIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  me = await teacherWithToken(t);
  other = await teacherWithToken(t);
  hw = await buildHomework(t, { teacher: me.teacher, students: 3 });
  // A second topic, so the matrix has two columns.
  const [first] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, hw.homeworkId));
  const [second] = await t.db
    .insert(homeworkTopics)
    .values({
      homeworkId: hw.homeworkId,
      position: 2,
      resourceId: null,
      title: 'ことばのテスト',
      type: 'word_reading',
      itemCount: 5,
    })
    .returning();
  topicIds = [first!.id, second!.id];
  const rows = await t.db.select().from(students).where(inArray(students.loginId, hw.loginIds));
  studentRowIds = hw.loginIds.map((l) => rows.find((r) => r.loginId === l)!.id);
  // Names a spreadsheet must not read as formulas, and register numbers out of order.
  await t.db.update(students).set({ name: '=1+2', number: '2' }).where(eq(students.id, studentRowIds[0]!));
  await t.db.update(students).set({ name: '山田 花子', number: '1' }).where(eq(students.id, studentRowIds[1]!));
  await t.db.update(students).set({ name: '@佐藤', number: '3' }).where(eq(students.id, studentRowIds[2]!));
  // What submissions leave behind: child 0 did both topics, child 1 the first, child 2 nothing.
  await progress(studentRowIds[0]!, topicIds[0]!, { best: 80, accuracy: 82, fluency: 90, integrity: 100, count: 2 });
  await progress(studentRowIds[0]!, topicIds[1]!, { best: 60, accuracy: 55, fluency: 70, integrity: 80, count: 1 });
  await progress(studentRowIds[1]!, topicIds[0]!, { best: 91, accuracy: 88, fluency: 95, integrity: 100, count: 3 });
  await t.db
    .update(homeworkRecipients)
    .set({ submittedAt: new Date() })
    .where(eq(homeworkRecipients.studentId, studentRowIds[0]!));
});
afterAll(() => t.close());

async function progress(
  studentId: number,
  topicId: number,
  p: { best: number; accuracy: number; fluency: number; integrity: number; count: number },
) {
  const [a] = await t.db
    .insert(attempts)
    .values({
      studentId,
      teacherId: me.teacher.id,
      homeworkId: hw.homeworkId,
      topicId,
      type: 'sentence_reading',
      score: p.best,
      accuracyScore: p.accuracy,
      fluencyScore: p.fluency,
      integrityScore: p.integrity,
      questionCount: 1,
    })
    .returning();
  await t.db.insert(topicProgress).values({
    topicId,
    studentId,
    homeworkId: hw.homeworkId,
    practiceCount: p.count,
    bestScore: p.best,
    lastScore: p.best,
    bestAttemptId: a!.id,
  });
}

async function sheetOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

describe('download tasks', () => {
  it('refuses without a token', async () => {
    expect((await call(t, getDownloadTaskPageList, {})).status).toBe(401);
    expect(
      (await call(t, createDownloadTask, { kind: 'topic-student-score', homework_id: hw.homeworkId })).status,
    ).toBe(401);
  });

  it('makes the child × topic file as a task: processing, then finished with the file, cell by cell', async () => {
    const created = await call(
      t,
      createDownloadTask,
      { kind: 'topic-student-score', homework_id: hw.homeworkId },
      { as: me },
    );
    expect(created.errcode).toBe(0);
    expect(created.data.task).toMatchObject({
      status: 'processing',
      progress: 0,
      title: expect.stringContaining('生徒別の得点'),
    });
    expect(await t.app.downloads.runAll()).toBe(1);
    const list = await call(t, getDownloadTaskPageList, {}, { as: me });
    expect(list.data.total).toBe(1);
    expect(list.data.processing).toBe(0);
    const row = list.data.rows[0]!;
    expect(row).toMatchObject({ status: 'finished', progress: 100, error: null });
    expect(row.file_name).toMatch(/^生徒別の得点_.*音読の宿題_\d{8}\.xlsx$/);

    const file = await download(t, downloadTaskFile, { task_id: row.task_id }, { as: me });
    expect(file.status).toBe(200);
    expect(file.contentType).toContain('spreadsheetml');
    expect(file.disposition).toContain("filename*=UTF-8''");
    const ws = await sheetOf(file.body);
    expect(ws.name).toBe('生徒別得点');
    expect(rowValues(ws, 1)).toEqual([
      '出席番号',
      '氏名',
      'ふりがな',
      '生徒ID',
      '学年',
      '組',
      '提出',
      `1. ${hw.resource.title}`,
      '2. ことばのテスト',
      '平均点',
      '練習回数',
    ]);
    // Register order: number 1, 2, 3.
    expect(rowValues(ws, 2).slice(0, 2)).toEqual([1, '山田 花子']);
    // 平均点 is the child's homework score as on the details page: a topic not submitted counts 0.
    expect(rowValues(ws, 2).slice(6)).toEqual(['未提出', 91, undefined, 45.5, 3]);
    expect(rowValues(ws, 3).slice(0, 2)).toEqual([2, '=1+2']);
    expect(rowValues(ws, 3).slice(6)).toEqual(['提出済み', 80, 60, 70, 3]);
    expect(rowValues(ws, 4).slice(0, 2)).toEqual([3, '@佐藤']);
    expect(rowValues(ws, 4).slice(6)).toEqual(['未提出', undefined, undefined, undefined, 0]);
    // A name that starts with = is text, never a formula.
    expect(ws.getCell('B3').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('B3').formula).toBeUndefined();
    // The header keeps its style (bold, tinted, long titles wrapped); data cells have none.
    expect(ws.getCell('A1').font).toMatchObject({ bold: true });
    expect(ws.getCell('A1').fill).toMatchObject({ fgColor: { argb: 'FFE3F1EA' } });
    expect(ws.getCell('H1').alignment).toMatchObject({ vertical: 'middle', wrapText: true });
    // The header row and the name columns stay in view; the columns keep their widths.
    expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 3, ySplit: 1 });
    expect([1, 2, 3, 8].map((i) => ws.getColumn(i).width)).toEqual([9, 16, 18, 14]);
    for (const ref of ['A2', 'B3', 'H3', 'K4']) {
      expect(ws.getCell(ref).font?.bold).toBeFalsy();
      expect(ws.getCell(ref).fill).toBeUndefined();
    }
  });

  it('makes the per-topic summary, directly as a file too', async () => {
    const file = await download(t, exportTopicScoreOverview, { homework_id: hw.homeworkId }, { as: me });
    expect(file.status).toBe(200);
    const ws = await sheetOf(file.body);
    expect(ws.name).toBe('課題別集計');
    expect(rowValues(ws, 1)).toEqual([
      'No.',
      '教材名',
      '種類',
      '提出人数',
      '対象人数',
      '提出率(%)',
      '平均点',
      '最高点',
      '最低点',
      '発音',
      '流暢さ',
      '完成度',
      '正答率(%)',
      '平均練習回数',
    ]);
    expect(rowValues(ws, 2)).toEqual([
      1,
      hw.resource.title,
      '文の音読',
      2,
      3,
      66.7,
      85.5,
      91,
      80,
      85,
      92.5,
      100,
      undefined,
      2.5,
    ]);
    expect(rowValues(ws, 3)).toEqual([
      2,
      'ことばのテスト',
      '単語音読',
      1,
      3,
      33.3,
      60,
      60,
      60,
      55,
      70,
      80,
      undefined,
      1,
    ]);
    const students_ = await download(t, exportTopicStudentScore, { homework_id: hw.homeworkId }, { as: me });
    expect((await sheetOf(students_.body)).rowCount).toBe(4);
  });

  it("refuses another teacher's homework and tasks, and another teacher's list is empty", async () => {
    const mine = await call(t, getDownloadTaskPageList, {}, { as: me });
    const taskId = mine.data.rows[0]!.task_id;
    expect(
      (await call(t, createDownloadTask, { kind: 'topic-student-score', homework_id: hw.homeworkId }, { as: other }))
        .status,
    ).toBe(404);
    expect((await download(t, exportTopicStudentScore, { homework_id: hw.homeworkId }, { as: other })).status).toBe(
      404,
    );
    expect((await download(t, downloadTaskFile, { task_id: taskId }, { as: other })).status).toBe(404);
    expect((await call(t, retryDownloadTask, { task_id: taskId }, { as: other })).status).toBe(404);
    expect((await call(t, deleteDownloadTasks, { task_ids: [taskId] }, { as: other })).status).toBe(403);
    expect((await call(t, deleteDownloadTasks, { task_ids: [taskId, 2 ** 31 - 1] }, { as: me })).status).toBe(403);
    expect((await call(t, getDownloadTaskPageList, {}, { as: me })).data.total).toBe(1);
    expect((await call(t, getDownloadTaskPageList, {}, { as: other })).data.total).toBe(0);
  });

  it('fails a task that cannot be made, keeps the reason, and makes it again on retry', async () => {
    const created = await call(
      t,
      createDownloadTask,
      { kind: 'topic-score-overview', homework_id: hw.homeworkId },
      { as: me },
    );
    const taskId = created.data.task.task_id;
    // The homework is deleted before the task runs.
    await t.db.update(homework).set({ deletedAt: new Date() }).where(eq(homework.id, hw.homeworkId));
    await t.app.downloads.runAll();
    const failed = (await call(t, getDownloadTaskPageList, { status: 'failed' }, { as: me })).data.rows[0]!;
    expect(failed).toMatchObject({ task_id: taskId, status: 'failed', error: downloadMessages.failed });
    expect((await download(t, downloadTaskFile, { task_id: taskId }, { as: me })).error).toMatchObject({
      errcode: ErrorCode.DOWNLOAD_NOT_READY,
      errmsg: downloadMessages.notFinished,
    });
    await t.db.update(homework).set({ deletedAt: null }).where(eq(homework.id, hw.homeworkId));
    const retried = await call(t, retryDownloadTask, { task_id: taskId }, { as: me });
    expect(retried.data.task).toMatchObject({ status: 'processing', error: null, progress: 0 });
    // Only a failed task can be retried.
    expect((await call(t, retryDownloadTask, { task_id: taskId }, { as: me })).errmsg).toBe(
      downloadMessages.onlyFailedRetry,
    );
    await t.app.downloads.runAll();
    expect((await download(t, downloadTaskFile, { task_id: taskId }, { as: me })).status).toBe(200);
  });

  it('takes up a task whose process stopped, but not one that is running', async () => {
    const created = await call(
      t,
      createDownloadTask,
      { kind: 'topic-score-overview', homework_id: hw.homeworkId },
      { as: me },
    );
    const id = created.data.task.task_id;
    await t.db.update(downloadTasks).set({ claimedAt: new Date(), runs: 1 }).where(eq(downloadTasks.id, id));
    expect(await t.app.downloads.runAll()).toBe(0);
    const stale = new Date(Date.now() - (downloadLimits.leaseSeconds + 5) * 1000);
    await t.db.update(downloadTasks).set({ claimedAt: stale }).where(eq(downloadTasks.id, id));
    expect(await t.app.downloads.runAll()).toBe(1);
    const [row] = await t.db.select().from(downloadTasks).where(eq(downloadTasks.id, id));
    expect(row).toMatchObject({ status: 'finished', runs: 2 });
  });

  it(`allows ${downloadLimits.processingPerTeacher} waiting tasks per teacher`, async () => {
    for (let i = 0; i < downloadLimits.processingPerTeacher; i++)
      expect(
        (await call(t, createDownloadTask, { kind: 'topic-score-overview', homework_id: hw.homeworkId }, { as: me }))
          .errcode,
      ).toBe(0);
    const refused = await call(
      t,
      createDownloadTask,
      { kind: 'topic-score-overview', homework_id: hw.homeworkId },
      { as: me },
    );
    expect(refused).toMatchObject({
      status: 200,
      errcode: ErrorCode.DOWNLOAD_TOO_MANY,
      errmsg: downloadMessages.tooMany,
    });
    await t.app.downloads.runAll();
  });

  it('deletes tasks with their files, and files past their keeping time', async () => {
    const list = await call(t, getDownloadTaskPageList, { limit: 100 }, { as: me });
    const [a] = list.data.rows;
    const b = list.data.rows.at(-1);
    const [rowA] = await t.db.select().from(downloadTasks).where(eq(downloadTasks.id, a!.task_id));
    expect(await t.storage.exists(rowA!.fileKey!)).toBe(true);
    // Files are content-addressed: tasks made in the same second may share one, which stays
    // until the last of them goes.
    const sharing = await t.db.select().from(downloadTasks).where(eq(downloadTasks.fileKey, rowA!.fileKey!));
    const [first, ...rest] = sharing.map((r) => r.id);
    expect((await call(t, deleteDownloadTasks, { task_ids: [first!] }, { as: me })).data.count).toBe(1);
    expect(await t.storage.exists(rowA!.fileKey!)).toBe(rest.length > 0);
    if (rest.length)
      expect((await call(t, deleteDownloadTasks, { task_ids: rest }, { as: me })).data.count).toBe(rest.length);
    expect(await t.storage.exists(rowA!.fileKey!)).toBe(false);
    expect((await call(t, deleteDownloadTasks, { task_ids: [] }, { as: me })).errmsg).toBe(
      downloadMessages.tasksRequired,
    );

    const [rowB] = await t.db.select().from(downloadTasks).where(eq(downloadTasks.id, b!.task_id));
    await t.db
      .update(downloadTasks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(downloadTasks.id, b!.task_id));
    await t.app.downloads.runAll();
    expect(await t.db.select().from(downloadTasks).where(eq(downloadTasks.id, b!.task_id))).toEqual([]);
    expect(await t.storage.exists(rowB!.fileKey!)).toBe(false);
  });

  it('reads the children through one cursor, page by page, in register order, with their scores folded in', async () => {
    const pages: { id: number; scores: Record<string, number> | null; practice: number }[][] = [];
    await scorePages(t.db, hw.homeworkId, async (rows) => void pages.push(rows), 2);
    expect(pages.map((p) => p.length)).toEqual([2, 1]);
    // Register order (出席番号 1, 2, 3), as in the file.
    expect(pages.flat().map((r) => r.id)).toEqual([studentRowIds[1], studentRowIds[0], studentRowIds[2]]);
    expect(pages.flat().map((r) => [r.scores, r.practice])).toEqual([
      [{ [topicIds[0]!]: 91 }, 3],
      [{ [topicIds[0]!]: 80, [topicIds[1]!]: 60 }, 3],
      [null, 0],
    ]);
    const whole: number[] = [];
    await scorePages(t.db, hw.homeworkId, async (rows) => void whole.push(rows.length));
    expect(whole).toEqual([3]);
  });

  it('refers a large homework to a download task instead of a direct file', async () => {
    await t.db
      .update(homework)
      .set({ assignedCount: downloadLimits.directMaxRows + 1 })
      .where(eq(homework.id, hw.homeworkId));
    const res = await download(t, exportTopicStudentScore, { homework_id: hw.homeworkId }, { as: me });
    expect(res.error).toMatchObject({
      errcode: ErrorCode.DOWNLOAD_USE_TASK,
      errmsg: downloadMessages.tooLargeForDirect,
    });
  });
});

describe('a running task keeps its claim', () => {
  it('renews its claim while a long step runs, so no other process takes it', async () => {
    const heartbeatMs = 40;
    const claims: (Date | null)[] = [];
    let id = 0;
    const readClaim = async () =>
      (await t.db.select().from(downloadTasks).where(eq(downloadTasks.id, id)))[0]!.claimedAt;
    const runner = createDownloadRunner({
      db: t.db,
      storage: t.storage,
      clock: systemClock,
      heartbeatMs,
      makers: {
        // One step that takes three heartbeats and writes no progress.
        'topic-score-overview': async () => {
          for (let i = 0; i < 3; i++) {
            await new Promise((r) => setTimeout(r, heartbeatMs * 1.5));
            claims.push(await readClaim());
          }
          return { fileName: 'slow.xlsx', body: Buffer.from([1, 2, 3]), rows: 0 };
        },
      },
    });
    id = (
      await insertTask(
        t.db,
        me.teacher.id,
        { kind: 'topic-score-overview', params: { homework_id: hw.homeworkId }, title: 'slow' },
        new Date(),
      )
    ).id;
    expect(await runner.runAll()).toBeGreaterThanOrEqual(1);
    const times = claims.map((c) => c!.getTime());
    expect(times[2]! - times[0]!).toBeGreaterThan(0);
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThanOrEqual(times[i - 1]!);
    const [row] = await t.db.select().from(downloadTasks).where(eq(downloadTasks.id, id));
    expect(row).toMatchObject({ status: 'finished', runs: 1 });
  });
});
