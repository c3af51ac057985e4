import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homework } from '../../db/schema/index.js';
import { teacherWithToken } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const list = (auth: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v2/homework/my-homework-page-list${query}`, headers: auth });

describe('my-homework-page-list', () => {
  it('is empty for a new teacher', async () => {
    const { auth } = await teacherWithToken(t);
    const res = await list(auth);
    expect(res.json()).toEqual({ errcode: 0, errmsg: '', data: { rows: [], total: 0, page: 1, limit: 10 } });
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
    const p1 = (await list(a.auth)).json().data;
    expect(p1.total).toBe(12);
    expect(p1.rows).toHaveLength(10);
    expect(p1.rows[0].title).toBe('音読 12');
    const p2 = (await list(a.auth, '?page=2')).json().data;
    expect(p2.rows.map((r: { title: string }) => r.title)).toEqual(['音読 2', '音読 1']);
    const found = (await list(a.auth, `?search_title=${encodeURIComponent('音読 1')}`)).json().data;
    expect(found.total).toBe(4); // 1, 10, 11, 12
    // teacher_id in the query is ignored: b still sees only b's homework.
    const other = (await list(b.auth, `?teacher_id=${a.teacher.id}`)).json().data;
    expect(other.rows.map((r: { title: string }) => r.title)).toEqual(['他の先生の宿題']);
  });

  it('refuses bad paging values with 400', async () => {
    const { auth } = await teacherWithToken(t);
    expect((await list(auth, '?page=0')).statusCode).toBe(400);
    expect((await list(auth, '?limit=abc')).statusCode).toBe(400);
    expect((await list(auth, '?sort_field=password_hash')).statusCode).toBe(400);
  });
});
