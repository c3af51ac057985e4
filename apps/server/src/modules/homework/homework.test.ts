import {
  changeHomework,
  delayHomework,
  deleteHomework,
  getHomeworkClassRows,
  getHomeworkDetail,
  getMyHomeworkPageList,
  getReissueDetails,
  getReissueList,
  getStudentListByClass,
  hideClass,
  homeworkMessages,
  messages,
} from '@ondoku/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homework, homeworkRecipients, students } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { call } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken } from '../../test/factories.js';
import { buildHomework, buildWordBook } from '../../test/homework-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

const clock = manualClock('2026-04-08T00:00:00Z');
const DAY_MS = 86_400_000;
const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

async function submit(homeworkId: number, loginIds: string[]) {
  for (const loginId of loginIds) {
    const [s] = await t.db.select().from(students).where(eq(students.loginId, loginId));
    await t.db
      .update(homeworkRecipients)
      .set({ submittedAt: clock.now() })
      .where(and(eq(homeworkRecipients.homeworkId, homeworkId), eq(homeworkRecipients.studentId, s!.id)));
  }
}

describe('homework/my-homework-page-list', () => {
  it('401 without a token; empty for a new teacher; 20 per page', async () => {
    expect((await call(t, getMyHomeworkPageList, {})).status).toBe(401);
    const me = await teacherWithToken(t);
    const res = await call(t, getMyHomeworkPageList, {}, { as: me });
    expect(res.res.json()).toEqual({ errcode: 0, errmsg: '', data: { rows: [], total: 0, page: 1, limit: 20 } });
  });

  it("pages through the teacher's own homework only, newest first, and searches titles", async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const day = (d: number) => new Date(Date.UTC(2026, 3, d, 0, 0));
    await t.db.insert(homework).values([
      ...Array.from({ length: 22 }, (_, i) => ({
        teacherId: a.teacher.id,
        title: `音読 ${i + 1}`,
        startTime: day(i + 1),
        endTime: day(i + 8),
      })),
      { teacherId: b.teacher.id, title: '他の先生の宿題', startTime: day(20), endTime: day(27) },
    ]);
    const p1 = (await call(t, getMyHomeworkPageList, {}, { as: a })).data;
    expect(p1.total).toBe(22);
    expect(p1.rows).toHaveLength(20);
    expect(p1.rows[0]!.title).toBe('音読 22');
    const p2 = (await call(t, getMyHomeworkPageList, { page: 2 }, { as: a })).data;
    expect(p2.rows.map((r) => r.title)).toEqual(['音読 2', '音読 1']);
    const found = (await call(t, getMyHomeworkPageList, { search_title: '音読 1' }, { as: a })).data;
    expect(found.total).toBe(11); // 1, 10–19
    const other = (await call(t, getMyHomeworkPageList, {}, { as: b, query: `teacher_id=${a.teacher.id}` })).data;
    expect(other.rows.map((r) => r.title)).toEqual(['他の先生の宿題']);
  });

  it('filters by every filter of the list', async () => {
    const me = await teacherWithToken(t);
    const now = clock.now();
    const open = await buildHomework(t, {
      teacher: me.teacher,
      now,
      input: { title: '開いている宿題', required_times: 2 },
    });
    const scheduled = await buildHomework(t, {
      teacher: me.teacher,
      now,
      input: { title: '予定の宿題', publish_type: 'scheduled', publish_time: at(60) },
    });
    const book = await buildWordBook(t);
    const test = await buildHomework(t, {
      teacher: me.teacher,
      now,
      input: {
        title: '単語テスト',
        homework_type: 'wordtest',
        resource_ids: undefined,
        word_book_code: book.code,
        part_from: 1,
        part_to: 1,
        word_count: 3,
        test_start_time: at(20),
      } as never,
    });
    // Past ones: one everybody submitted (finished), one overdue.
    const oldStart = new Date(now.getTime() - 10 * DAY_MS);
    const finished = await buildHomework(t, { teacher: me.teacher, now: oldStart, input: { title: '終わった宿題' } });
    await submit(finished.homeworkId, finished.loginIds);
    const overdue = await buildHomework(t, { teacher: me.teacher, now: oldStart, input: { title: '期限切れの宿題' } });
    await submit(overdue.homeworkId, overdue.loginIds.slice(0, 1));
    await t.db.update(homework).set({ originType: 'headquarters' }).where(eq(homework.id, finished.homeworkId));

    const ids = async (input: Record<string, unknown>) =>
      (await call(t, getMyHomeworkPageList, input, { as: me })).data.rows.map((r) => r.homework_id).sort();
    const sorted = (...xs: number[]) => xs.sort();
    expect(await ids({ finish_type: 'open' })).toEqual(sorted(open.homeworkId, test.homeworkId));
    expect(await ids({ finish_type: 'scheduled' })).toEqual([scheduled.homeworkId]);
    expect(await ids({ finish_type: 'overdue' })).toEqual([overdue.homeworkId]);
    expect(await ids({ finish_type: 'finished' })).toEqual([finished.homeworkId]);
    expect(await ids({ homework_type: 'wordtest' })).toEqual([test.homeworkId]);
    expect(await ids({ origin_type: 'headquarters' })).toEqual([finished.homeworkId]);
    expect(await ids({ team_id: open.klass.id })).toEqual([open.homeworkId]);
    expect(await ids({ has_required_times: 1 })).toEqual([open.homeworkId]);
    expect((await ids({ has_required_times: 0 })).length).toBe(4);
    expect(await ids({ search_title: '予定' })).toEqual([scheduled.homeworkId]);
    expect(await ids({ search_type: 'resource', search_title: open.resource.title })).toEqual([open.homeworkId]);
    expect(await ids({ start_time: '2026-04-08' })).toEqual(
      sorted(open.homeworkId, scheduled.homeworkId, test.homeworkId),
    );
    expect(await ids({ end_time: '2026-04-05' })).toEqual(sorted(finished.homeworkId, overdue.homeworkId));
    await call(t, delayHomework, { homework_id: overdue.homeworkId }, { as: me });
    expect(await ids({ has_delay: 1 })).toEqual([overdue.homeworkId]);
    const rows = (await call(t, getMyHomeworkPageList, { sort_field: 'title', sort_order: 'asc' }, { as: me })).data
      .rows;
    expect(rows.map((r) => r.title)).toEqual([...rows.map((r) => r.title)].sort());
    const od = rows.find((r) => r.homework_id === overdue.homeworkId)!;
    expect(od).toMatchObject({ state: 'open', has_delay: true, assigned_count: 2, submitted_count: 1 });
  });

  it('keeps the counts when children submit, are submitted again or leave (triggers on the recipients)', async () => {
    const hw = await buildHomework(t, { now: clock.now(), students: 3 });
    const owner = await teacherWithTokenFor(hw.teacher.id);
    const counts = async () => {
      const [row] = (await call(t, getMyHomeworkPageList, {}, { as: owner })).data.rows;
      return [row!.assigned_count, row!.submitted_count];
    };
    expect(await counts()).toEqual([3, 0]);
    await submit(hw.homeworkId, hw.loginIds.slice(0, 2));
    await submit(hw.homeworkId, hw.loginIds.slice(0, 2)); // again: no change
    expect(await counts()).toEqual([3, 2]);
    await t.db.delete(students).where(eq(students.loginId, hw.loginIds[2]!)); // not submitted
    expect(await counts()).toEqual([2, 2]);
    await t.db.delete(students).where(eq(students.loginId, hw.loginIds[0]!)); // submitted
    expect(await counts()).toEqual([1, 1]);
    await t.db
      .update(homeworkRecipients)
      .set({ submittedAt: null })
      .where(eq(homeworkRecipients.homeworkId, hw.homeworkId));
    expect(await counts()).toEqual([1, 0]);
  });

  it('refuses bad values with 400', async () => {
    const me = await teacherWithToken(t);
    for (const input of [
      { page: 0 },
      { limit: 'abc' },
      { sort_field: 'password_hash' },
      { finish_type: 'late' },
      { has_delay: 2 },
      { start_time: '2026-13-01' },
      { team_id: 'x' },
    ])
      expect((await call(t, getMyHomeworkPageList, input, { as: me })).status, JSON.stringify(input)).toBe(400);
  });
});

describe('homework-publish/change-homework and homework-detail', () => {
  it('changes title and end; refuses a wrong end; 404 for another teacher', async () => {
    const hw = await buildHomework(t, { now: clock.now() });
    const me = await teacherWithToken(t);
    const owner = { token: (await teacherWithTokenFor(hw.teacher.id)).token };
    expect((await call(t, changeHomework, { homework_id: hw.homeworkId, title: 'x', end_time: at(60) })).status).toBe(
      401,
    );
    const res = await call(
      t,
      changeHomework,
      { homework_id: hw.homeworkId, title: '新しい題', end_time: at(120) },
      { as: owner },
    );
    expect(res.data).toMatchObject({ title: '新しい題', end_time: at(120) });
    const wrong = await call(
      t,
      changeHomework,
      { homework_id: hw.homeworkId, title: '題', end_time: at(-1) },
      { as: owner },
    );
    expect([wrong.status, wrong.errmsg]).toEqual([400, '終了時刻が間違っています。']);
    const bad = await call(
      t,
      changeHomework,
      { homework_id: hw.homeworkId, title: 'a|b', end_time: at(60) },
      { as: owner },
    );
    expect([bad.status, bad.errmsg]).toEqual([400, messages.homeworkTitleForbidden]);
    const stranger = await call(
      t,
      changeHomework,
      { homework_id: hw.homeworkId, title: '題', end_time: at(60) },
      { as: me },
    );
    expect([stranger.status, stranger.errmsg]).toEqual([404, messages.notFound]);
    expect((await call(t, getHomeworkDetail, { homework_id: hw.homeworkId }, { as: me })).status).toBe(404);
    expect((await call(t, getHomeworkDetail, { homework_id: hw.homeworkId })).status).toBe(401);
    const detail = await call(t, getHomeworkDetail, { homework_id: hw.homeworkId }, { as: owner });
    expect(detail.data.title).toBe('新しい題');
  });
});

/** A token for an existing teacher (factories make teachers with password pass1234). */
async function teacherWithTokenFor(teacherId: number) {
  const { teachers } = await import('../../db/schema/index.js');
  const [row] = await t.db.select().from(teachers).where(eq(teachers.id, teacherId));
  const { signIn } = await import('../../test/factories.js');
  return { token: await signIn(t, row!.loginId, 'pass1234') };
}

describe('homework/delete', () => {
  it('takes the homework out of the lists and keeps its recipients and submissions', async () => {
    const hw = await buildHomework(t, { now: clock.now() });
    const owner = await teacherWithTokenFor(hw.teacher.id);
    await submit(hw.homeworkId, hw.loginIds.slice(0, 1));
    expect((await call(t, deleteHomework, { homework_id: hw.homeworkId })).status).toBe(401);
    const other = await teacherWithToken(t);
    expect((await call(t, deleteHomework, { homework_id: hw.homeworkId }, { as: other })).status).toBe(404);
    const res = await call(t, deleteHomework, { homework_id: hw.homeworkId }, { as: owner });
    expect(res.errcode).toBe(0);
    expect((await call(t, getMyHomeworkPageList, {}, { as: owner })).data.total).toBe(0);
    expect((await call(t, deleteHomework, { homework_id: hw.homeworkId }, { as: owner })).status).toBe(404);
    const kept = await t.db.select().from(homeworkRecipients).where(eq(homeworkRecipients.homeworkId, hw.homeworkId));
    expect(kept).toHaveLength(2);
    expect(kept.filter((r) => r.submittedAt)).toHaveLength(1);
    const [row] = await t.db.select().from(homework).where(eq(homework.id, hw.homeworkId));
    expect(row!.deletedAt).toEqual(clock.now());
  });
});

describe('homework-publish/delay-homework and the reissues', () => {
  it('reopens an overdue homework to the children who have not submitted, deadline + 7 days', async () => {
    const start = new Date(clock.now().getTime() - 9 * DAY_MS);
    const hw = await buildHomework(t, { now: start, students: 3 });
    const owner = await teacherWithTokenFor(hw.teacher.id);
    const other = await teacherWithToken(t);
    await submit(hw.homeworkId, hw.loginIds.slice(0, 1));
    expect((await call(t, delayHomework, { homework_id: hw.homeworkId })).status).toBe(401);
    expect((await call(t, delayHomework, { homework_id: hw.homeworkId }, { as: other })).status).toBe(404);
    // Ended 2 days ago (end = start + 7 days): new deadline = end + 7 days = 5 days from now.
    const res = await call(t, delayHomework, { homework_id: hw.homeworkId }, { as: owner });
    const end = new Date(start.getTime() + 14 * DAY_MS).toISOString();
    expect(res.data).toEqual({ reissue_id: expect.any(Number), end_time: end, student_count: 2 });
    const again = await call(t, delayHomework, { homework_id: hw.homeworkId }, { as: owner });
    expect([again.status, again.errmsg]).toEqual([400, homeworkMessages.onlyOverdueReissue]);

    const list = (await call(t, getReissueList, {}, { as: owner })).data;
    expect(list.rows).toEqual([
      {
        reissue_id: res.data.reissue_id,
        homework_id: hw.homeworkId,
        title: '音読の宿題',
        team: { team_id: hw.klass.id, name: hw.klass.name },
        type: 'routine',
        previous_end_time: new Date(start.getTime() + 7 * DAY_MS).toISOString(),
        end_time: end,
        state: 'open',
        student_count: 2,
        submitted_count: 0,
        created_at: clock.now().toISOString(),
      },
    ]);
    expect((await call(t, getReissueList, {}, { as: other })).data.rows).toEqual([]);
    expect((await call(t, getReissueList, {})).status).toBe(401);
    const details = await call(t, getReissueDetails, { id: res.data.reissue_id }, { as: owner });
    expect(details.data.students.map((s) => s.student_id).sort()).toEqual(hw.loginIds.slice(1).sort());
    expect(details.data.students.every((s) => s.submitted_at === null)).toBe(true);
    expect((await call(t, getReissueDetails, { id: res.data.reissue_id }, { as: other })).status).toBe(404);
    expect((await call(t, getReissueDetails, { id: res.data.reissue_id })).status).toBe(401);
  });

  it('refuses open and finished homework; a long-past deadline is extended from now', async () => {
    const open = await buildHomework(t, { now: clock.now() });
    const owner = await teacherWithTokenFor(open.teacher.id);
    const r1 = await call(t, delayHomework, { homework_id: open.homeworkId }, { as: owner });
    expect([r1.status, r1.errmsg]).toEqual([400, homeworkMessages.onlyOverdueReissue]);
    const longAgo = new Date(clock.now().getTime() - 30 * DAY_MS);
    const old = await buildHomework(t, { teacher: open.teacher, now: longAgo });
    const r2 = await call(t, delayHomework, { homework_id: old.homeworkId }, { as: owner });
    expect(r2.data.end_time).toBe(new Date(clock.now().getTime() + 7 * DAY_MS).toISOString());
    const done = await buildHomework(t, { teacher: open.teacher, now: longAgo });
    await submit(done.homeworkId, done.loginIds);
    const r3 = await call(t, delayHomework, { homework_id: done.homeworkId }, { as: owner });
    expect([r3.status, r3.errmsg]).toEqual([400, homeworkMessages.onlyOverdueReissue]);
  });
});

describe('homework/team-rows', () => {
  it('401 without a token', async () => {
    expect((await call(t, getHomeworkClassRows, {})).status).toBe(401);
  });
  it('lists the visible classes with their student counts, leaving hidden ones out', async () => {
    const a = await teacherWithToken(t);
    const c1 = await buildClass(t, { teacher: a.teacher, name: '見える' });
    const c2 = await buildClass(t, { teacher: a.teacher, name: '隠す' });
    await buildStudents(t, 2, { teacher: a.teacher, classIds: [c1.id] });
    await call(t, hideClass, { team_id: c2.id }, { as: a });
    const { data } = await call(t, getHomeworkClassRows, {}, { as: a });
    expect(data.rows).toEqual([{ team_id: c1.id, name: '見える', student_count: 2 }]);
  });
});

describe('homework/student-list-by-team', () => {
  it("lists a class's students by attendance number; 404 for another teacher's class; 400", async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher });
    const ids = await buildStudents(t, 3, { teacher: a.teacher, classIds: [c.id] });
    expect((await call(t, getStudentListByClass, { team_id: c.id })).status).toBe(401);
    const { data } = await call(t, getStudentListByClass, { team_id: c.id }, { as: a });
    expect(data.rows.map((r) => r.student_id).sort()).toEqual([...ids].sort());
    expect(Object.keys(data.rows[0]!).sort()).toEqual(['furigana', 'name', 'number', 'student_id']);
    const other = await call(t, getStudentListByClass, { team_id: c.id }, { as: b });
    expect([other.status, other.errmsg]).toEqual([404, messages.notFound]);
    expect((await call(t, getStudentListByClass, { team_id: 'x' }, { as: a })).status).toBe(400);
  });
});
