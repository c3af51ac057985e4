import {
  changeStudentPasswordSafe,
  ErrorCode,
  getStudentPageRows,
  getStudentsLoginCards,
  getUnassignedStudentPageRows,
  messages,
  resetStudentsInfo,
  studentBatchAdd,
  studentBatchDelete,
  studentBatchLeave,
  studentBatchMove,
  updateClass,
  yearLimits,
  yearMessages,
} from '@ondoku/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, classStudents, students } from '../../db/schema/index.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { call } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { rowReturned } from './import-service.js';
import { joinClassByCode } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const classesOf = async (loginId: string) => {
  const [s] = await t.db.select().from(students).where(eq(students.loginId, loginId));
  const rows = await t.db.select().from(classStudents).where(eq(classStudents.studentId, s!.id));
  return rows.map((r) => r.classId).sort((a, b) => a - b);
};
const studentRow = async (loginId: string) =>
  (await t.db.select().from(students).where(eq(students.loginId, loginId)))[0]!;

describe('team/student-batch-add', () => {
  it('adds to another class, keeping the first; 401, 400, stranger class 404, stranger student 403', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c1 = await buildClass(t, { teacher: a.teacher });
    const c2 = await buildClass(t, { teacher: a.teacher });
    const foreign = await buildClass(t, { teacher: b.teacher });
    const ids = await buildStudents(t, 2, { teacher: a.teacher, classIds: [c1.id] });
    const theirs = await buildStudents(t, 1, { teacher: b.teacher, classIds: [foreign.id] });
    expect((await call(t, studentBatchAdd, { team_id: c2.id, student_ids: ids })).status).toBe(401);
    const empty = await call(t, studentBatchAdd, { team_id: c2.id, student_ids: [] }, { as: a });
    expect([empty.status, empty.errmsg]).toEqual([400, '生徒を選択してください。']);
    expect((await call(t, studentBatchAdd, { team_id: foreign.id, student_ids: ids }, { as: a })).status).toBe(404);
    const mixed = await call(t, studentBatchAdd, { team_id: c2.id, student_ids: [...ids, ...theirs] }, { as: a });
    expect(mixed.status).toBe(403);
    expect(await classesOf(ids[0]!)).toEqual([c1.id]);

    const res = await call(t, studentBatchAdd, { team_id: c2.id, student_ids: ids }, { as: a });
    expect(res.data.count).toBe(2);
    expect(await classesOf(ids[0]!)).toEqual([c1.id, c2.id]);
    // Adding again changes nothing.
    expect((await call(t, studentBatchAdd, { team_id: c2.id, student_ids: ids }, { as: a })).data.count).toBe(0);
  });
});

describe('team/student-batch-move', () => {
  it('moves out of one class into another, keeping login and password; every refusal changes nothing', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const from = await buildClass(t, { teacher: a.teacher, name: '元' });
    const to = await buildClass(t, { teacher: a.teacher, name: '先' });
    const other = await buildClass(t, { teacher: a.teacher, name: '他' });
    const foreign = await buildClass(t, { teacher: b.teacher });
    const ids = await buildStudents(t, 3, { teacher: a.teacher, classIds: [from.id] });
    const elsewhere = await buildStudents(t, 1, { teacher: a.teacher, classIds: [other.id] });
    const hashBefore = (await studentRow(ids[0]!)).passwordHash;

    expect((await call(t, studentBatchMove, { from_team_id: from.id, team_id: to.id, student_ids: ids })).status).toBe(
      401,
    );
    const same = await call(
      t,
      studentBatchMove,
      { from_team_id: from.id, team_id: from.id, student_ids: ids },
      { as: a },
    );
    expect([same.status, same.errmsg]).toEqual([400, '移動先には、移動元と別のクラスを選んでください。']);
    const toForeign = await call(
      t,
      studentBatchMove,
      { from_team_id: from.id, team_id: foreign.id, student_ids: ids },
      { as: a },
    );
    expect(toForeign.status).toBe(404);
    // A student who is not in the source class refuses the whole move.
    const notMember = await call(
      t,
      studentBatchMove,
      { from_team_id: from.id, team_id: to.id, student_ids: [...ids, ...elsewhere] },
      { as: a },
    );
    expect(notMember.status).toBe(403);
    expect(await classesOf(ids[0]!)).toEqual([from.id]);

    const res = await call(
      t,
      studentBatchMove,
      { from_team_id: from.id, team_id: to.id, student_ids: ids.slice(0, 2) },
      { as: a },
    );
    expect(res.data.count).toBe(2);
    expect(await classesOf(ids[0]!)).toEqual([to.id]);
    expect(await classesOf(ids[2]!)).toEqual([from.id]);
    expect((await studentRow(ids[0]!)).passwordHash).toBe(hashBefore);
    const page = await call(t, getStudentPageRows, { team_id: to.id }, { as: a });
    expect(page.data.rows.map((r) => r.student_id).sort()).toEqual(ids.slice(0, 2).sort());
  });
});

describe('クラス未所属: every action works', () => {
  it('lists students without a class; add back, cards with the re-issued password, delete', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher, name: '元の組' });
    const ids = await buildStudents(t, 3, { teacher: a.teacher, classIds: [c.id] });
    await call(t, studentBatchLeave, { team_id: c.id, student_ids: ids.slice(0, 2) }, { as: a });

    expect((await call(t, getUnassignedStudentPageRows, {})).status).toBe(401);
    const list = await call(t, getUnassignedStudentPageRows, {}, { as: a });
    expect(list.data.rows.map((r) => r.student_id).sort()).toEqual(ids.slice(0, 2).sort());
    expect(list.data.total).toBe(2);
    expect((await call(t, getUnassignedStudentPageRows, { kw: ids[0]! }, { as: a })).data.rows).toHaveLength(1);
    expect((await call(t, getUnassignedStudentPageRows, {}, { as: b })).data.rows).toEqual([]);

    // Re-issue the initial password and see it on the card.
    expect((await call(t, resetStudentsInfo, { student_ids: [ids[0]!] }, { as: a })).data.count).toBe(1);
    const cards = await call(t, getStudentsLoginCards, { student_ids: [ids[0]!, ids[2]!] }, { as: a });
    expect(cards.errcode).toBe(0);
    const byId = Object.fromEntries(cards.data.rows.map((r) => [r.student_id, r]));
    expect(byId[ids[0]!]!.team_name).toBe('クラス未所属');
    expect(byId[ids[0]!]!.initial_password).toMatch(/^[a-z0-9]{8}$/);
    expect(byId[ids[2]!]!.team_name).toBe('元の組');
    await call(t, changeStudentPasswordSafe, { student_id: ids[0]!, password: t.encrypt('newpass12') }, { as: a });
    const after = await call(t, getStudentsLoginCards, { student_ids: [ids[0]!] }, { as: a });
    expect(after.data.rows[0]!.initial_password).toBe('newpass12');
    expect((await call(t, getStudentsLoginCards, { student_ids: [ids[0]!] }, { as: b })).status).toBe(403);
    expect((await call(t, getStudentsLoginCards, { student_ids: '' }, { as: a })).status).toBe(400);

    // Put one back into a class.
    const c2 = await buildClass(t, { teacher: a.teacher });
    await call(t, studentBatchAdd, { team_id: c2.id, student_ids: [ids[0]!] }, { as: a });
    expect((await call(t, getUnassignedStudentPageRows, {}, { as: a })).data.rows.map((r) => r.student_id)).toEqual([
      ids[1],
    ]);

    // Delete the other; a stranger cannot.
    expect((await call(t, studentBatchDelete, { student_ids: [ids[1]!] }, { as: b })).status).toBe(403);
    expect((await call(t, studentBatchDelete, { student_ids: [ids[1]!] }, { as: a })).data.count).toBe(1);
    expect(await t.db.select().from(students).where(eq(students.loginId, ids[1]!))).toEqual([]);
    expect((await call(t, getUnassignedStudentPageRows, {}, { as: a })).data.total).toBe(0);
  });

  it('a roster import brings a student without a class back by their id (not "ID already used")', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher });
    const target = await buildClass(t, { teacher: a.teacher });
    const [gone] = await buildStudents(t, 1, { teacher: a.teacher, classIds: [c.id] });
    const [theirs] = await buildStudents(t, 1, { teacher: b.teacher });
    await call(t, studentBatchLeave, { team_id: c.id, student_ids: [gone!] }, { as: a });
    const before = await studentRow(gone!);

    const upload = (csvText: string) => {
      const mp = multipart({ team_id: String(target.id) }, { name: 'r.csv', data: Buffer.from(csvText) });
      return t.app.inject({
        method: 'POST',
        url: '/api/v2/team/import-team-students-list',
        payload: mp.payload,
        headers: { ...a.auth, ...mp.headers },
      });
    };
    // Another teacher's id is still taken, and then nothing is written.
    const refused = (await upload(`生徒ID,氏名\r\n${gone},戻る 太郎\r\n${theirs},他人\r\n`)).json();
    expect(refused.data.imported).toBe(0);
    expect(refused.data.errors.map((e: { student_id: string }) => e.student_id)).toEqual([theirs]);
    expect(await classesOf(gone!)).toEqual([]);

    const ok = (await upload(`生徒ID,氏名,学年\r\n${gone},戻る 太郎,4年\r\nnew-${gone},新入 花子,4年\r\n`)).json();
    expect(ok.data).toMatchObject({ imported: 2, errors: [] });
    expect(ok.data.notices).toEqual([{ row: 2, student_id: gone, message: rowReturned }]);
    const back = await studentRow(gone!);
    expect(back).toMatchObject({
      id: before.id,
      name: '戻る 太郎',
      gradeName: '4年',
      passwordHash: before.passwordHash,
    });
    expect(await classesOf(gone!)).toEqual([target.id]);
  });
});

describe('joinClassByCode (the service the students side calls)', () => {
  it("joins a class of the student's own teacher by its code, as typed", async () => {
    const a = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher });
    const [id] = await buildStudents(t, 1, { teacher: a.teacher });
    const s = await studentRow(id!);
    const limiter = createRateLimiter(t.db);
    const code = (await t.db.select().from(classes).where(eq(classes.id, c.id)))[0]!.code;
    const typed = ` ${code.slice(0, 3).toLowerCase()}-${code.slice(3)} `.replace(/[A-Z]/, (ch) =>
      String.fromCharCode(ch.charCodeAt(0) + 0xfee0),
    );
    expect(await joinClassByCode(t.db, limiter, s.id, typed)).toEqual({ classId: c.id, name: c.name, joined: true });
    expect(await classesOf(id!)).toEqual([c.id]);
    expect((await joinClassByCode(t.db, limiter, s.id, code)).joined).toBe(false);
  });

  it("refuses another teacher's class as a wrong code, a closed class, a renewed (old) code and a deleted class", async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const mine = await buildClass(t, { teacher: a.teacher });
    const theirs = await buildClass(t, { teacher: b.teacher });
    const [id] = await buildStudents(t, 1, { teacher: a.teacher });
    const s = await studentRow(id!);
    const limiter = createRateLimiter(t.db);
    const codeOf = async (cid: number) => (await t.db.select().from(classes).where(eq(classes.id, cid)))[0]!.code;
    const attempt = (code: string) =>
      joinClassByCode(t.db, limiter, s.id, code).then(
        () => 'joined',
        (e: { code: number; message: string }) => [e.code, e.message],
      );
    expect(await attempt(await codeOf(theirs.id))).toEqual([ErrorCode.CLASS_CODE_INVALID, yearMessages.codeInvalid]);
    expect(await attempt('ZZZZZZ')).toEqual([ErrorCode.CLASS_CODE_INVALID, yearMessages.codeInvalid]);

    await call(t, updateClass, { id: mine.id, name: mine.name, allow_join: 0 }, { as: a });
    expect(await attempt(await codeOf(mine.id))).toEqual([ErrorCode.CLASS_JOIN_CLOSED, yearMessages.joinClosed]);
    await call(t, updateClass, { id: mine.id, name: mine.name, allow_join: 1 }, { as: a });

    const old = await codeOf(mine.id);
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/team/renew-class-code',
      payload: { team_id: mine.id },
      headers: a.auth,
    });
    expect(renewed.json().errcode).toBe(0);
    expect(await attempt(old)).toEqual([ErrorCode.CLASS_CODE_INVALID, yearMessages.codeInvalid]);
    expect(await attempt(await codeOf(mine.id))).toBe('joined');
    const memberships = await t.db
      .select()
      .from(classStudents)
      .where(and(eq(classStudents.studentId, s.id), eq(classStudents.classId, theirs.id)));
    expect(memberships).toEqual([]);
  });

  it(`allows ${yearLimits.joinFailuresPerHour} failed codes per student per hour, then refuses even a right one`, async () => {
    const a = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher });
    const [id, other] = await buildStudents(t, 2, { teacher: a.teacher });
    const s = await studentRow(id!);
    const limiter = createRateLimiter(t.db);
    const code = (await t.db.select().from(classes).where(eq(classes.id, c.id)))[0]!.code;
    for (let i = 0; i < yearLimits.joinFailuresPerHour; i++)
      await expect(joinClassByCode(t.db, limiter, s.id, 'WRONG2')).rejects.toMatchObject({
        code: ErrorCode.CLASS_CODE_INVALID,
      });
    await expect(joinClassByCode(t.db, limiter, s.id, code)).rejects.toMatchObject({
      code: ErrorCode.RATE_LIMITED,
      message: messages.rateLimited,
    });
    expect(await classesOf(id!)).toEqual([]);
    // Another student is not held back.
    const o = await studentRow(other!);
    expect((await joinClassByCode(t.db, limiter, o.id, code)).joined).toBe(true);
  });
});
