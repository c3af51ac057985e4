import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes } from '../../db/schema/index.js';
import { buildClass, buildStudents, teacherWithToken } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const get = (url: string, auth?: Auth) => t.app.inject({ method: 'GET', url, headers: auth });
const post = (url: string, payload: unknown, auth?: Auth) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: auth });
const classRow = async (id: number) => (await t.db.select().from(classes).where(eq(classes.id, id)))[0]!;

describe('team/create', () => {
  const url = '/api/v2/team/create';
  it('401 without a token', async () => {
    expect((await post(url, { name: '3年1組' })).statusCode).toBe(401);
  });
  it('creates classes at the end of the sort order with allow_join 1 by default', async () => {
    const { auth } = await teacherWithToken(t);
    const a = (await post(url, { name: '3年1組' }, auth)).json();
    expect(a).toMatchObject({
      errcode: 0,
      data: { name: '3年1組', allow_join: 1, hidden: false, student_count: 0, sort: 1 },
    });
    const b = (await post(url, { name: '3年2組', allow_join: 0 }, auth)).json().data;
    expect(b).toMatchObject({ allow_join: 0, sort: 2 });
  });
  it('400 with the spec messages: empty, over 20 characters, emoji', async () => {
    const { auth } = await teacherWithToken(t);
    const cases: [unknown, string][] = [
      [{ name: '   ' }, 'クラス名を入力してください。'],
      [{ name: 'あ'.repeat(21) }, '字数制限を超えています'],
      [{ name: '3年1組😀' }, '無効な文字が含まれています。修正してください。'],
      [{ name: '3年1組', allow_join: 2 }, '入力内容に誤りがあります。'],
    ];
    for (const [body, msg] of cases) {
      const res = await post(url, body, auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().errmsg).toBe(msg);
    }
    expect((await post(url, { name: 'あ'.repeat(20) }, auth)).json().errcode).toBe(0);
  });
  it('refuses a duplicate name of the same teacher (business error), not of another teacher', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    await post(url, { name: '6年1組' }, a.auth);
    const dup = await post(url, { name: '6年1組' }, a.auth);
    expect(dup.statusCode).toBe(200);
    expect(dup.json()).toMatchObject({
      errcode: 20001,
      errmsg: '同じ名前のクラスがすでにあります。別の名前を入力してください。',
    });
    expect((await post(url, { name: '6年1組' }, b.auth)).json().errcode).toBe(0);
  });
});

describe('team/my-team-rows, team/info, homework/team-rows', () => {
  it('401 without a token', async () => {
    for (const u of ['/api/v2/team/my-team-rows', '/api/v2/team/info?team_id=1', '/api/v2/homework/team-rows'])
      expect((await get(u)).statusCode).toBe(401);
  });
  it("lists only the teacher's own classes with student counts, whatever teacher_id says", async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c1 = await buildClass(t, { teacher: a.teacher, name: 'A1' });
    const c2 = await buildClass(t, { teacher: a.teacher, name: 'A2' });
    await buildClass(t, { teacher: b.teacher, name: 'B1' });
    await buildStudents(t, 3, { teacher: a.teacher, classIds: [c1.id] });
    const rows = (await get(`/api/v2/team/my-team-rows?teacher_id=${b.teacher.id}`, a.auth)).json().data.rows;
    expect(rows.map((r: { name: string; student_count: number }) => [r.name, r.student_count])).toEqual([
      ['A1', 3],
      ['A2', 0],
    ]);
    expect((await get(`/api/v2/team/info?team_id=${c2.id}`, a.auth)).json().data.name).toBe('A2');
    const other = await get(`/api/v2/team/info?team_id=${c1.id}`, b.auth);
    expect(other.statusCode).toBe(404);
    expect(other.json().errmsg).toBe('データが見つかりませんでした。');
    expect((await get('/api/v2/team/info?team_id=abc', a.auth)).statusCode).toBe(400);
  });
  it('homework/team-rows leaves hidden classes out', async () => {
    const a = await teacherWithToken(t);
    const c1 = await buildClass(t, { teacher: a.teacher, name: '見える' });
    const c2 = await buildClass(t, { teacher: a.teacher, name: '隠す' });
    await post('/api/v2/team/make-hidden', { team_id: c2.id }, a.auth);
    const rows = (await get('/api/v2/homework/team-rows', a.auth)).json().data.rows;
    expect(rows).toEqual([{ team_id: c1.id, name: '見える', student_count: 0 }]);
  });
});

describe('team/update', () => {
  const url = '/api/v2/team/update';
  it('renames and sets allow_join; 400; another teacher gets 404 and nothing changes', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher, name: '旧' });
    expect((await post(url, { id: c.id, name: '新', allow_join: 1 })).statusCode).toBe(401);
    const res = await post(url, { id: c.id, name: '新', allow_join: 0 }, a.auth);
    expect(res.json().data).toMatchObject({ team_id: c.id, name: '新', allow_join: 0 });
    const bad = await post(url, { id: c.id, name: 'x'.repeat(21), allow_join: 0 }, a.auth);
    expect([bad.statusCode, bad.json().errmsg]).toEqual([400, '字数制限を超えています']);
    const stranger = await post(url, { id: c.id, name: '乗っ取り', allow_join: 1 }, b.auth);
    expect(stranger.statusCode).toBe(404);
    expect(await classRow(c.id)).toMatchObject({ name: '新', allowJoin: 0 });
  });
});

describe('team/make-hidden and make-obvious', () => {
  it('hides and shows; refuses another teacher with nothing changed', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher });
    expect((await post('/api/v2/team/make-hidden', { team_id: c.id })).statusCode).toBe(401);
    expect((await post('/api/v2/team/make-hidden', { team_id: c.id }, a.auth)).json().data.hidden).toBe(true);
    expect((await post('/api/v2/team/make-obvious', { team_id: c.id }, b.auth)).statusCode).toBe(404);
    expect((await classRow(c.id)).hidden).toBe(true);
    expect((await post('/api/v2/team/make-obvious', { team_id: c.id }, a.auth)).json().data.hidden).toBe(false);
    const bad = await post('/api/v2/team/make-hidden', {}, a.auth);
    expect([bad.statusCode, bad.json().errmsg]).toEqual([400, '入力内容に誤りがあります。']);
  });
});

describe('team/reorder-sort', () => {
  const url = '/api/v2/team/reorder-sort';
  it('puts listed classes first in the given order; a stranger id refuses everything', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const [c1, c2, c3] = [
      await buildClass(t, { teacher: a.teacher }),
      await buildClass(t, { teacher: a.teacher }),
      await buildClass(t, { teacher: a.teacher }),
    ];
    const foreign = await buildClass(t, { teacher: b.teacher });
    expect((await post(url, { team_ids: [c3!.id] })).statusCode).toBe(401);
    const res = await post(url, { team_ids: [c3!.id, c1!.id] }, a.auth);
    expect(res.json().errmsg).toBe('');
    const rows = res.json().data.rows;
    expect(rows.map((r: { team_id: number }) => r.team_id)).toEqual([c3!.id, c1!.id, c2!.id]);
    const refused = await post(url, { team_ids: [c2!.id, foreign.id] }, a.auth);
    expect(refused.statusCode).toBe(403);
    const after = (await get('/api/v2/team/my-team-rows', a.auth)).json().data.rows;
    expect(after.map((r: { team_id: number }) => r.team_id)).toEqual([c3!.id, c1!.id, c2!.id]);
    expect((await classRow(foreign.id)).sortOrder).toBe(1);
    const bad = await post(url, { team_ids: [] }, a.auth);
    expect(bad.statusCode).toBe(400);
  });
});
