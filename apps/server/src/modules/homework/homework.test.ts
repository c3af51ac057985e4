import {
  getHomeworkClassRows,
  getMyHomeworkPageList,
  getStudentListByClass,
  hideClass,
  messages,
} from '@ondoku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homework } from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('homework/my-homework-page-list', () => {
  it('401 without a token; empty for a new teacher', async () => {
    expect((await call(t, getMyHomeworkPageList, {})).status).toBe(401);
    const me = await teacherWithToken(t);
    const res = await call(t, getMyHomeworkPageList, {}, { as: me });
    expect(res.res.json()).toEqual({ errcode: 0, errmsg: '', data: { rows: [], total: 0, page: 1, limit: 10 } });
  });

  it("pages through the teacher's own homework only, newest first, and searches titles", async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const day = (d: number) => new Date(Date.UTC(2026, 3, d, 0, 0));
    await t.db.insert(homework).values([
      ...Array.from({ length: 12 }, (_, i) => ({
        teacherId: a.teacher.id,
        title: `音読 ${i + 1}`,
        startTime: day(i + 1),
        endTime: day(i + 8),
      })),
      { teacherId: b.teacher.id, title: '他の先生の宿題', startTime: day(20), endTime: day(27) },
    ]);
    const p1 = (await call(t, getMyHomeworkPageList, {}, { as: a })).data;
    expect(p1.total).toBe(12);
    expect(p1.rows).toHaveLength(10);
    expect(p1.rows[0]!.title).toBe('音読 12');
    const p2 = (await call(t, getMyHomeworkPageList, { page: 2 }, { as: a })).data;
    expect(p2.rows.map((r) => r.title)).toEqual(['音読 2', '音読 1']);
    const found = (await call(t, getMyHomeworkPageList, { search_title: '音読 1' }, { as: a })).data;
    expect(found.total).toBe(4); // 1, 10, 11, 12
    // teacher_id in the query is ignored: b still sees only b's homework.
    const other = (await call(t, getMyHomeworkPageList, {}, { as: b, query: `teacher_id=${a.teacher.id}` })).data;
    expect(other.rows.map((r) => r.title)).toEqual(['他の先生の宿題']);
  });

  it('refuses bad paging values with 400', async () => {
    const me = await teacherWithToken(t);
    for (const input of [{ page: 0 }, { limit: 'abc' }, { sort_field: 'password_hash' }])
      expect((await call(t, getMyHomeworkPageList, input, { as: me })).status).toBe(400);
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
