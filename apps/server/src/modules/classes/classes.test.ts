import {
  classMessages,
  createClass,
  ErrorCode,
  getClassInfo,
  getMyClassRows,
  hideClass,
  messages,
  reorderClasses,
  showClass,
  updateClass,
} from '@ondoku/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, students } from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const classRow = async (id: number) => (await t.db.select().from(classes).where(eq(classes.id, id)))[0]!;

describe('team/create', () => {
  it('401 without a token', async () => {
    expect((await call(t, createClass, { name: '3年1組' })).status).toBe(401);
  });
  it('creates classes at the end of the sort order with allow_join 1 by default', async () => {
    const me = await teacherWithToken(t);
    const a = await call(t, createClass, { name: '3年1組' }, { as: me });
    expect(a.errcode).toBe(0);
    expect(a.data).toMatchObject({ name: '3年1組', allow_join: 1, hidden: false, student_count: 0, sort: 1 });
    const b = await call(t, createClass, { name: '3年2組', allow_join: 0 }, { as: me });
    expect(b.data).toMatchObject({ allow_join: 0, sort: 2 });
  });
  it('400 with the spec messages: empty, over 20 characters, emoji', async () => {
    const me = await teacherWithToken(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'クラス名を入力してください。'],
      [{ name: 'あ'.repeat(21) }, '字数制限を超えています'],
      [{ name: '3年1組😀' }, '無効な文字が含まれています。修正してください。'],
      [{ name: '3年1組', allow_join: 2 }, '入力内容に誤りがあります。'],
    ];
    for (const [input, msg] of cases) {
      const res = await call(t, createClass, input, { as: me });
      expect([res.status, res.errmsg]).toEqual([400, msg]);
    }
    expect((await call(t, createClass, { name: 'あ'.repeat(20) }, { as: me })).errcode).toBe(0);
  });
  it('refuses a duplicate name of the same teacher (business error), not of another teacher', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    await call(t, createClass, { name: '6年1組' }, { as: a });
    const dup = await call(t, createClass, { name: '6年1組' }, { as: a });
    expect([dup.status, dup.errcode, dup.errmsg]).toEqual([
      200,
      ErrorCode.CLASS_NAME_TAKEN,
      classMessages.classNameTaken,
    ]);
    expect(dup.errmsg).toBe('同じ名前のクラスがすでにあります。別の名前を入力してください。');
    expect((await call(t, createClass, { name: '6年1組' }, { as: b })).errcode).toBe(0);
  });
});

describe('team/my-team-rows, team/info', () => {
  it('401 without a token', async () => {
    expect((await call(t, getMyClassRows, {})).status).toBe(401);
    expect((await call(t, getClassInfo, { team_id: 1 })).status).toBe(401);
  });
  it("lists only the teacher's own classes with student counts, whatever teacher_id says", async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c1 = await buildClass(t, { teacher: a.teacher, name: 'A1' });
    const c2 = await buildClass(t, { teacher: a.teacher, name: 'A2' });
    await buildClass(t, { teacher: b.teacher, name: 'B1' });
    await buildStudents(t, 3, { teacher: a.teacher, classIds: [c1.id] });
    const { data } = await call(t, getMyClassRows, {}, { as: a, query: `teacher_id=${b.teacher.id}` });
    expect(data.rows.map((r) => [r.name, r.student_count])).toEqual([
      ['A1', 3],
      ['A2', 0],
    ]);
    expect((await call(t, getClassInfo, { team_id: c2.id }, { as: a })).data.name).toBe('A2');
    // A graduate (archived by the roll-over) still listed as a member is not counted.
    const [graduate] = await buildStudents(t, 1, { teacher: a.teacher, classIds: [c1.id, c2.id] });
    await t.db
      .update(students)
      .set({ archivedAt: new Date() })
      .where(sql`lower(${students.loginId}) = ${graduate!.toLowerCase()}`);
    const after = await call(t, getMyClassRows, {}, { as: a });
    expect(after.data.rows.map((r) => [r.name, r.student_count])).toEqual([
      ['A1', 3],
      ['A2', 0],
    ]);
    expect((await call(t, getClassInfo, { team_id: c1.id }, { as: a })).data.student_count).toBe(3);
    const other = await call(t, getClassInfo, { team_id: c1.id }, { as: b });
    expect([other.status, other.errmsg]).toEqual([404, messages.notFound]);
    expect(other.errmsg).toBe('データが見つかりませんでした。');
    expect((await call(t, getClassInfo, { team_id: 'abc' }, { as: a })).status).toBe(400);
  });
});

describe('team/update', () => {
  it('renames and sets allow_join; 400; another teacher gets 404 and nothing changes', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher, name: '旧' });
    expect((await call(t, updateClass, { id: c.id, name: '新', allow_join: 1 })).status).toBe(401);
    const res = await call(t, updateClass, { id: c.id, name: '新', allow_join: 0 }, { as: a });
    expect(res.data).toMatchObject({ team_id: c.id, name: '新', allow_join: 0 });
    const bad = await call(t, updateClass, { id: c.id, name: 'x'.repeat(21), allow_join: 0 }, { as: a });
    expect([bad.status, bad.errmsg]).toEqual([400, '字数制限を超えています']);
    const stranger = await call(t, updateClass, { id: c.id, name: '乗っ取り', allow_join: 1 }, { as: b });
    expect(stranger.status).toBe(404);
    expect(await classRow(c.id)).toMatchObject({ name: '新', allowJoin: 0 });
  });
  it("refuses another of the teacher's class names, keeps its own", async () => {
    const a = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher, name: '1組' });
    await buildClass(t, { teacher: a.teacher, name: '2組' });
    expect((await call(t, updateClass, { id: c.id, name: '1組', allow_join: 0 }, { as: a })).errcode).toBe(0);
    const taken = await call(t, updateClass, { id: c.id, name: '2組', allow_join: 0 }, { as: a });
    expect([taken.status, taken.errcode]).toEqual([200, ErrorCode.CLASS_NAME_TAKEN]);
  });
});

describe('team/make-hidden and make-obvious', () => {
  it('hides and shows; refuses another teacher with nothing changed', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher });
    expect((await call(t, hideClass, { team_id: c.id })).status).toBe(401);
    expect((await call(t, hideClass, { team_id: c.id }, { as: a })).data.hidden).toBe(true);
    expect((await call(t, showClass, { team_id: c.id }, { as: b })).status).toBe(404);
    expect((await classRow(c.id)).hidden).toBe(true);
    expect((await call(t, showClass, { team_id: c.id }, { as: a })).data.hidden).toBe(false);
    const bad = await call(t, hideClass, {}, { as: a });
    expect([bad.status, bad.errmsg]).toEqual([400, '入力内容に誤りがあります。']);
  });
});

describe('team/reorder-sort', () => {
  it('puts listed classes first in the given order; a stranger id refuses everything', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c1 = await buildClass(t, { teacher: a.teacher });
    const c2 = await buildClass(t, { teacher: a.teacher });
    const c3 = await buildClass(t, { teacher: a.teacher });
    const foreign = await buildClass(t, { teacher: b.teacher });
    expect((await call(t, reorderClasses, { team_ids: [c3.id] })).status).toBe(401);
    const res = await call(t, reorderClasses, { team_ids: [c3.id, c1.id] }, { as: a });
    expect(res.errmsg).toBe('');
    expect(res.data.rows.map((r) => r.team_id)).toEqual([c3.id, c1.id, c2.id]);
    const refused = await call(t, reorderClasses, { team_ids: [c2.id, foreign.id] }, { as: a });
    expect(refused.status).toBe(403);
    const after = await call(t, getMyClassRows, {}, { as: a });
    expect(after.data.rows.map((r) => r.team_id)).toEqual([c3.id, c1.id, c2.id]);
    expect((await classRow(foreign.id)).sortOrder).toBe(1);
    expect((await call(t, reorderClasses, { team_ids: [] }, { as: a })).status).toBe(400);
  });
});

describe('factories', () => {
  it('buildClass makes its teacher when none is given', async () => {
    const c = await buildClass(t);
    expect(c.teacherId).toBeGreaterThan(0);
    expect(c.studentCount).toBe(0);
  });
});
