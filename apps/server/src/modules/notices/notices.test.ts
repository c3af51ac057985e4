import {
  deleteHomeworkNotices,
  getHomeworkNoticePageList,
  getHomeworkNoticePageListOfNotices,
  getNewNoticeTotal,
  getSystemNoticeContent,
  getSystemNoticePageList,
  noticeMessages,
  readHomeworkNotices,
  readSystemNotices,
} from '@ondoku/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homework, homeworkNotices, homeworkRecipients, students } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { call } from '../../test/call.js';
import { teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildHomework } from '../../test/homework-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { editSystemNotice, noticeSubmitted, publishSystemNotice, SystemNoticeError, withdrawNotice } from './index.js';

const T0 = Date.parse('2026-06-01T00:00:00Z');
const DAY = 86_400_000;
const clock = manualClock(new Date(T0));
let t: TestApp;
let me: SignedInTeacher;
let other: SignedInTeacher;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  me = await teacherWithToken(t);
  other = await teacherWithToken(t);
});
afterAll(() => t.close());

async function studentsOf(loginIds: string[]) {
  const rows = await t.db.select().from(students).where(inArray(students.loginId, loginIds));
  return loginIds.map((l) => rows.find((r) => r.loginId === l)!);
}

/** What the students' side does when a child's homework becomes done. */
async function submit(homeworkId: number, studentId: number) {
  await t.db.transaction(async (tx) => {
    await tx
      .update(homeworkRecipients)
      .set({ submittedAt: clock.now() })
      .where(and(eq(homeworkRecipients.homeworkId, homeworkId), eq(homeworkRecipients.studentId, studentId)));
    await noticeSubmitted(tx, homeworkId, studentId, clock.now());
  });
}

describe('homework notices', () => {
  it('refuses without a token', async () => {
    expect((await call(t, getNewNoticeTotal, {})).status).toBe(401);
    expect((await call(t, getHomeworkNoticePageList, {})).status).toBe(401);
  });

  it('tells the teacher when a child submits, and when the whole class has', async () => {
    clock.set(new Date(T0));
    const hw = await buildHomework(t, { teacher: me.teacher, students: 2, now: clock.now() });
    const [a, b] = await studentsOf(hw.loginIds);
    await submit(hw.homeworkId, a!.id);
    // Recorded twice (a retried request): one notice.
    await t.db.transaction((tx) => noticeSubmitted(tx, hw.homeworkId, a!.id, clock.now()));
    let page = await call(t, getHomeworkNoticePageList, {}, { as: me });
    expect(page.data.rows.map((r) => r.message)).toEqual([noticeMessages.submitted(a!.name, '音読の宿題')]);
    expect(page.data.new_msg_num).toBe(1);

    clock.set(new Date(T0 + 60_000));
    await submit(hw.homeworkId, b!.id);
    page = await call(t, getHomeworkNoticePageList, {}, { as: me });
    expect(page.data.rows.map((r) => [r.kind, r.message])).toEqual([
      ['all_submitted', noticeMessages.allSubmitted(hw.klass.name, '音読の宿題')],
      ['submitted', noticeMessages.submitted(b!.name, '音読の宿題')],
      ['submitted', noticeMessages.submitted(a!.name, '音読の宿題')],
    ]);
    expect(page.data.rows.every((r) => r.homework_id === hw.homeworkId && !r.read)).toBe(true);
    expect((await call(t, getNewNoticeTotal, {}, { as: me })).data).toEqual({
      new_msg_num: 3,
      homework_msg_num: 3,
      system_msg_num: 0,
      allow_send_message: true,
    });
    // Nothing of it reaches another teacher.
    expect((await call(t, getNewNoticeTotal, {}, { as: other })).data.new_msg_num).toBe(0);
  });

  it('tells the teacher once when a deadline passes with children who had not submitted', async () => {
    clock.set(new Date(T0));
    const hw = await buildHomework(t, { teacher: me.teacher, students: 3, now: clock.now() });
    const [a] = await studentsOf(hw.loginIds);
    await submit(hw.homeworkId, a!.id);
    clock.set(new Date(T0 + 8 * DAY)); // past the 7-day deadline
    await t.app.scheduler.tick();
    await t.app.scheduler.tick();
    const overdue = await t.db
      .select()
      .from(homeworkNotices)
      .where(and(eq(homeworkNotices.homeworkId, hw.homeworkId), eq(homeworkNotices.kind, 'overdue')));
    expect(overdue.map((n) => n.message)).toEqual([noticeMessages.overdue('音読の宿題', 2)]);
    const shown = async () =>
      (await call(t, getHomeworkNoticePageListOfNotices, { kind: 'overdue' }, { as: me })).data.rows
        .filter((r) => r.homework_id === hw.homeworkId)
        .map((r) => r.message);
    expect(await shown()).toEqual([noticeMessages.overdue('音読の宿題', 2)]);
    // A child submits late: the notice counts the children missing now, as the homework list does.
    const [, b, c] = await studentsOf(hw.loginIds);
    const submitLate = (studentId: number) =>
      t.db
        .update(homeworkRecipients)
        .set({ submittedAt: clock.now() })
        .where(and(eq(homeworkRecipients.homeworkId, hw.homeworkId), eq(homeworkRecipients.studentId, studentId)));
    await submitLate(b!.id);
    expect(await shown()).toEqual([noticeMessages.overdue('音読の宿題', 1)]);
    await submitLate(c!.id);
    await t.db.update(homework).set({ title: '新しい題名' }).where(eq(homework.id, hw.homeworkId));
    expect(await shown()).toEqual([noticeMessages.overdueAllSubmitted('新しい題名')]);
    // The kind filter: only overdue notices.
    const kinds = (await call(t, getHomeworkNoticePageList, { kind: 'overdue', limit: 100 }, { as: me })).data.rows;
    expect(new Set(kinds.map((r) => r.kind))).toEqual(new Set(['overdue']));
    expect((await call(t, getHomeworkNoticePageList, { kind: 'nope' }, { as: me })).status).toBe(400);
  });

  it('marks notices read, one or all, and deletes only the teacher’s own', async () => {
    const page = await call(t, getHomeworkNoticePageList, { limit: 100 }, { as: me });
    const [first, second] = page.data.rows;
    expect((await call(t, readHomeworkNotices, { ids: [first!.notice_id] }, { as: me })).data.count).toBe(1);
    // Another teacher's ids change nothing of mine.
    expect((await call(t, readHomeworkNotices, { ids: [second!.notice_id] }, { as: other })).status).toBe(403);
    const unread = await call(t, getHomeworkNoticePageList, { unread: 1 }, { as: me });
    expect(unread.data.rows.map((r) => r.notice_id)).not.toContain(first!.notice_id);
    expect((await call(t, readHomeworkNotices, {}, { as: me })).data.count).toBe(page.data.total - 1);
    expect((await call(t, getNewNoticeTotal, {}, { as: me })).data.new_msg_num).toBe(0);

    expect((await call(t, deleteHomeworkNotices, { ids: [first!.notice_id] }, { as: other })).status).toBe(403);
    expect((await call(t, deleteHomeworkNotices, { ids: [] }, { as: me })).errmsg).toBe(noticeMessages.idsRequired);
    expect(
      (await call(t, deleteHomeworkNotices, { ids: [first!.notice_id, second!.notice_id] }, { as: me })).data.count,
    ).toBe(2);
    expect((await call(t, getHomeworkNoticePageList, { limit: 100 }, { as: me })).data.total).toBe(page.data.total - 2);
  });

  it('deletes notices after the keeping time', async () => {
    clock.set(new Date(T0 + 200 * DAY));
    await t.app.scheduler.tick();
    expect((await call(t, getHomeworkNoticePageList, {}, { as: me })).data.total).toBe(0);
  });

  it('system notices: published by the operator, read per teacher, counted in the header total', async () => {
    clock.set(new Date(T0 + 300 * DAY));
    const now = clock.now();
    const total = async (as: SignedInTeacher) => (await call(t, getNewNoticeTotal, {}, { as })).data;
    const start = await total(me);
    const a = await publishSystemNotice(t.db, {
      title: 'メンテナンスのお知らせ',
      body: '6月10日 2:00〜4:00 はご利用いただけません。',
      publishFrom: new Date(now.getTime() - DAY),
      publishUntil: null,
    });
    const later = await publishSystemNotice(t.db, {
      title: '来月のお知らせ',
      body: 'まだ見えません。',
      publishFrom: new Date(now.getTime() + DAY),
      publishUntil: null,
    });
    const ended = await publishSystemNotice(t.db, {
      title: '終わったお知らせ',
      body: 'もう見えません。',
      publishFrom: new Date(now.getTime() - 3 * DAY),
      publishUntil: new Date(now.getTime() - DAY),
    });
    expect((await total(me)).system_msg_num).toBe(start.system_msg_num + 1);
    expect((await total(me)).new_msg_num).toBe(start.new_msg_num + 1);
    const page = await call(t, getSystemNoticePageList, {}, { as: me });
    expect(page.data.rows.map((r) => [r.title, r.read])).toEqual([['メンテナンスのお知らせ', false]]);
    expect(page.data.limit).toBe(10);
    // Unpublished ones answer as not found.
    for (const id of [later.id, ended.id, 999_999])
      expect((await call(t, getSystemNoticeContent, { notice_id: id }, { as: me })).status).toBe(404);
    const content = await call(t, getSystemNoticeContent, { notice_id: a.id }, { as: me });
    expect(content.data).toMatchObject({ title: 'メンテナンスのお知らせ', content: a.body, read: true });
    expect((await total(me)).system_msg_num).toBe(0);
    // Read by me, not by the other teacher.
    expect((await total(other)).system_msg_num).toBe(1);
    expect((await call(t, readSystemNotices, { ids: [later.id] }, { as: other })).status).toBe(404);
    expect((await call(t, readSystemNotices, {}, { as: other })).data.count).toBe(1);
    expect((await total(other)).system_msg_num).toBe(0);
    // Edited and withdrawn by the operator.
    await editSystemNotice(t.db, a.id, { title: 'メンテナンス（変更）' }, now);
    expect((await call(t, getSystemNoticePageList, {}, { as: me })).data.rows[0]!.title).toBe('メンテナンス（変更）');
    await expect(
      editSystemNotice(t.db, a.id, { publishUntil: new Date(now.getTime() - 2 * DAY) }, now),
    ).rejects.toThrow(SystemNoticeError);
    await withdrawNotice(t.db, a.id, now);
    expect((await call(t, getSystemNoticePageList, {}, { as: me })).data.total).toBe(0);
    expect((await call(t, getSystemNoticeContent, { notice_id: a.id }, { as: me })).status).toBe(404);
  });
});
