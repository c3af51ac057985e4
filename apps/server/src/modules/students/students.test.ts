import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classStudents, students } from '../../db/schema/index.js';
import { buildClass, buildStudent, buildStudents, teacherWithToken } from '../../test/factories.js';
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
const studentRow = async (loginId: string) =>
  (await t.db.select().from(students).where(eq(students.loginId, loginId)))[0];
const membersOf = async (classId: number) =>
  (await t.db.select().from(classStudents).where(eq(classStudents.classId, classId))).length;

/** Teacher a with a class of 3 students, teacher b with a class of 2: the usual scene. */
async function scene() {
  const a = await teacherWithToken(t);
  const b = await teacherWithToken(t);
  const ca = await buildClass(t, { teacher: a.teacher, name: 'A組' });
  const cb = await buildClass(t, { teacher: b.teacher, name: 'B組' });
  const sa = await buildStudents(t, 3, { teacher: a.teacher, classIds: [ca.id] });
  const sb = await buildStudents(t, 2, { teacher: b.teacher, classIds: [cb.id] });
  return { a, b, ca, cb, sa, sb };
}

const expect400 = async (res: Awaited<ReturnType<typeof get>>, msg: string) => {
  expect(res.statusCode).toBe(400);
  expect(res.json().errmsg).toBe(msg);
};

describe('401 without a token', () => {
  it('every student call', async () => {
    const gets = [
      'student-page-rows',
      'student-info?student_id=x',
      'student-branch-rows',
      'get-student-initial-pwd-list?team_id=1',
      'batch-deletion-confirm?team_id=1',
      'export-students-xls',
      'student-import-template',
    ].map((p) => `/api/v2/team/${p}`);
    gets.push('/api/v2/teacher/search-student?kw=a', '/api/v2/homework/student-list-by-team?team_id=1');
    for (const u of gets) expect((await get(u)).statusCode, u).toBe(401);
    const posts = [
      'change-student-info',
      'change-student-password-safe',
      'leave',
      'student-batch-leave',
      'batch-change-grade-name',
      'batch-change-class-name',
      'batch-deletion',
      'reset-students-info',
      'import-students-list',
      'import-team-students-list',
    ];
    for (const p of posts) expect((await post(`/api/v2/team/${p}`, {})).statusCode, p).toBe(401);
  });
});

describe('student-page-rows', () => {
  const url = '/api/v2/team/student-page-rows';
  it('pages (20 by default), searches, narrows to a class and sorts; only own students', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c1 = await buildClass(t, { teacher: a.teacher, name: '1組' });
    const c2 = await buildClass(t, { teacher: a.teacher, name: '2組' });
    await buildStudents(t, 22, { teacher: a.teacher, classIds: [c1.id] });
    const two = await buildStudents(t, 2, { teacher: a.teacher, classIds: [c2.id, c1.id], prefix: 'two' });
    await buildStudents(t, 5, { teacher: b.teacher });
    const p1 = (await get(url, a.auth)).json().data;
    expect([p1.total, p1.rows.length, p1.limit, p1.page]).toEqual([24, 20, 20, 1]);
    expect(Object.keys(p1.rows[0]).sort()).toEqual(
      [
        'class_name',
        'created_at',
        'furigana',
        'grade_name',
        'has_initial_password',
        'name',
        'number',
        'password_changed_at',
        'student_id',
        'teams',
      ].sort(),
    );
    const inC2 = (await get(`${url}?team_id=${c2.id}`, a.auth)).json().data;
    expect(inC2.rows.map((r: { student_id: string }) => r.student_id).sort()).toEqual([...two].sort());
    expect(inC2.rows[0].teams.map((x: { name: string }) => x.name)).toEqual(['1組', '2組']);
    const kw = (await get(`${url}?kw=two`, a.auth)).json().data;
    expect(kw.total).toBe(2);
    // Keywords are compared NFKC-normalised and case-insensitively: full-width upper case finds "two".
    const wide = (await get(`${url}?kw=${encodeURIComponent('ＴＷＯ')}`, a.auth)).json().data;
    expect(wide.rows.map((r: { student_id: string }) => r.student_id).sort()).toEqual([...two].sort());
    // A page past the end has no row to carry the total; it is still reported.
    expect((await get(`${url}?page=50&limit=10`, a.auth)).json().data).toMatchObject({ rows: [], total: 24 });
    const byName = (await get(`${url}?sort_field=student_id&sort_order=desc&limit=3`, a.auth)).json().data.rows;
    expect(byName[0].student_id > byName[1].student_id).toBe(true);
    // teacher_id is ignored; b's team id is refused for a.
    expect((await get(`${url}?teacher_id=${b.teacher.id}`, a.auth)).json().data.total).toBe(24);
    const cb = await buildClass(t, { teacher: b.teacher });
    expect((await get(`${url}?team_id=${cb.id}`, a.auth)).statusCode).toBe(404);
    expect((await get(`${url}?sort_field=password_hash`, a.auth)).statusCode).toBe(400);
    expect((await get(`${url}?page=0`, a.auth)).statusCode).toBe(400);
  });
});

describe('student-info, search-student, student-list-by-team, student-branch-rows', () => {
  it('read own students only', async () => {
    const { a, b, ca, cb, sa, sb } = await scene();
    const info = (await get(`/api/v2/team/student-info?student_id=${sa[0]}`, a.auth)).json().data;
    expect(info).toMatchObject({
      student_id: sa[0],
      has_initial_password: true,
      teams: [{ team_id: ca.id, name: 'A組' }],
    });
    expect((await get(`/api/v2/team/student-info?student_id=${sb[0]}`, a.auth)).statusCode).toBe(404);
    await expect400(await get('/api/v2/team/student-info', a.auth), '生徒を選択してください。');

    const found = (await get(`/api/v2/teacher/search-student?kw=${encodeURIComponent('生徒')}`, a.auth)).json().data
      .rows;
    expect(found.map((r: { student_id: string }) => r.student_id).sort()).toEqual([...sa].sort());
    expect((await get('/api/v2/teacher/search-student?kw=', a.auth)).json().data.rows).toEqual([]);

    const list = (await get(`/api/v2/homework/student-list-by-team?team_id=${ca.id}`, a.auth)).json().data.rows;
    expect(list).toHaveLength(3);
    expect(Object.keys(list[0]).sort()).toEqual(['furigana', 'name', 'number', 'student_id']);
    expect((await get(`/api/v2/homework/student-list-by-team?team_id=${cb.id}`, a.auth)).statusCode).toBe(404);

    const tree = (await get('/api/v2/team/student-branch-rows', b.auth)).json().data.rows;
    expect(tree).toHaveLength(1);
    expect(tree[0].students.map((s: { student_id: string }) => s.student_id).sort()).toEqual([...sb].sort());
  });
});

describe('change-student-info', () => {
  const url = '/api/v2/team/change-student-info';
  it('changes the profile; 400 messages; another teacher gets 404 and nothing changes', async () => {
    const { a, b, sa } = await scene();
    const body = {
      student_id: sa[0],
      name: '山田 太郎',
      furigana: 'やまだ たろう',
      grade_name: '4年',
      class_name: '2組',
      number: '7',
    };
    const res = (await post(url, body, a.auth)).json();
    expect(res.data).toMatchObject({
      name: '山田 太郎',
      furigana: 'やまだ たろう',
      grade_name: '4年',
      class_name: '2組',
      number: '7',
    });
    await expect400(await post(url, { ...body, name: ' ' }, a.auth), '氏名を入力してください。');
    await expect400(await post(url, { ...body, name: 'あ'.repeat(31) }, a.auth), '字数制限を超えています');
    await expect400(
      await post(url, { ...body, furigana: 'やまだ🎉' }, a.auth),
      '無効な文字が含まれています。修正してください。',
    );
    await expect400(await post(url, { ...body, number: '12345678901' }, a.auth), '10桁以内の数字を入力してください。');
    expect((await post(url, { ...body, name: '乗っ取り' }, b.auth)).statusCode).toBe(404);
    expect((await studentRow(sa[0]!))!.name).toBe('山田 太郎');
  });
});

describe('change-student-password-safe', () => {
  const url = '/api/v2/team/change-student-password-safe';
  it('sets an encrypted password that becomes the printable one; rule and ownership', async () => {
    const { a, b, ca, sa } = await scene();
    const before = (await studentRow(sa[0]!))!;
    await expect400(await post(url, { student_id: sa[0], password: '' }, a.auth), 'パスワードを入力してください。');
    const weak = await post(url, { student_id: sa[0], password: t.encrypt('abc') }, a.auth);
    await expect400(weak, 'パスワードを6文字以上20文字以内で入力してください。');
    // docs/classes.md, "Edges": letters and digits have a message of their own.
    const lettersOnly = await post(url, { student_id: sa[0], password: t.encrypt('abcdefgh') }, a.auth);
    await expect400(lettersOnly, 'パスワードは英字と数字を組み合わせてください。');
    expect((await post(url, { student_id: sa[0], password: t.encrypt('hana2026') }, b.auth)).statusCode).toBe(404);
    expect((await studentRow(sa[0]!))!.passwordHash).toBe(before.passwordHash);
    expect((await post(url, { student_id: sa[0], password: t.encrypt('hana2026') }, a.auth)).json().errcode).toBe(0);
    const cards = (await get(`/api/v2/team/get-student-initial-pwd-list?team_id=${ca.id}`, a.auth)).json().data.rows;
    expect(cards.find((c: { student_id: string }) => c.student_id === sa[0]).initial_password).toBe('hana2026');
    const after = (await studentRow(sa[0]!))!;
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    expect(after.initialPasswordEnc).not.toContain('hana2026');
  });
});

describe('leave and student-batch-leave', () => {
  it('leave takes one student out of a class; the account stays', async () => {
    const { a, b, ca, cb, sa, sb } = await scene();
    expect((await post('/api/v2/team/leave', { student_id: sb[0], team_id: cb.id }, a.auth)).statusCode).toBe(404);
    expect((await post('/api/v2/team/leave', { student_id: sb[0], team_id: ca.id }, a.auth)).statusCode).toBe(404);
    expect(await membersOf(cb.id)).toBe(2);
    await expect400(await post('/api/v2/team/leave', { student_id: sa[0] }, a.auth), '入力内容に誤りがあります。');
    expect((await post('/api/v2/team/leave', { student_id: sa[0], team_id: ca.id }, a.auth)).json().errcode).toBe(0);
    expect(await membersOf(ca.id)).toBe(2);
    expect(await studentRow(sa[0]!)).toBeDefined();
    void b;
  });
  it('batch-leave is all or nothing: one stranger refuses the call (403)', async () => {
    const { a, ca, sa, sb } = await scene();
    const url = '/api/v2/team/student-batch-leave';
    await expect400(await post(url, { team_id: ca.id, student_ids: [] }, a.auth), '生徒を選択してください。');
    expect((await post(url, { team_id: ca.id, student_ids: [sa[0], sb[0]] }, a.auth)).statusCode).toBe(403);
    expect(await membersOf(ca.id)).toBe(3);
    expect((await post(url, { team_id: ca.id, student_ids: [sa[0], sa[1]] }, a.auth)).json().data).toEqual({
      count: 2,
    });
    expect(await membersOf(ca.id)).toBe(1);
  });
});

describe('batch-change-grade-name and batch-change-class-name', () => {
  it('change several students at once; refuse strangers; 400 messages', async () => {
    const { a, b, sa, sb } = await scene();
    const g = '/api/v2/team/batch-change-grade-name';
    const c = '/api/v2/team/batch-change-class-name';
    expect((await post(g, { student_ids: sa, grade_name: '4年' }, a.auth)).json().data).toEqual({ count: 3 });
    expect((await post(c, { student_ids: sa.slice(0, 2), class_name: '3組' }, a.auth)).json().data).toEqual({
      count: 2,
    });
    expect(await studentRow(sa[0]!)).toMatchObject({ gradeName: '4年', kumi: '3組' });
    expect(await studentRow(sa[2]!)).toMatchObject({ gradeName: '4年', kumi: '1組' });
    await expect400(await post(g, { student_ids: sa, grade_name: '' }, a.auth), '学年を入力してください。');
    await expect400(await post(c, { student_ids: sa, class_name: 'あ'.repeat(11) }, a.auth), '字数制限を超えています');
    expect((await post(g, { student_ids: sb, grade_name: '9年' }, a.auth)).statusCode).toBe(403);
    expect((await post(c, { student_ids: [...sa, sb[0]], class_name: '9組' }, a.auth)).statusCode).toBe(403);
    expect(await studentRow(sb[0]!)).toMatchObject({ gradeName: '3年', kumi: '1組' });
    expect((await studentRow(sa[2]!))!.kumi).toBe('1組');
    void b;
  });
});

describe('batch-deletion-confirm and batch-deletion', () => {
  it('says exactly what would go, and deletes only that number of students', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c1 = await buildClass(t, { teacher: a.teacher });
    const c2 = await buildClass(t, { teacher: a.teacher });
    const ids = await buildStudents(t, 4, { teacher: a.teacher, classIds: [c1.id] });
    const both = await buildStudent(t, { teacher: a.teacher, classIds: [c1.id, c2.id] });
    await buildStudent(t, { teacher: a.teacher, classIds: [c2.id] });
    const confirm = (await get(`/api/v2/team/batch-deletion-confirm?team_id=${c1.id}`, a.auth)).json().data;
    expect(confirm).toEqual({ team_id: c1.id, name: c1.name, student_count: 5, in_other_teams_count: 1 });
    expect((await get(`/api/v2/team/batch-deletion-confirm?team_id=${c1.id}`, b.auth)).statusCode).toBe(404);
    expect((await post('/api/v2/team/batch-deletion', { team_id: c1.id, student_count: 5 }, b.auth)).statusCode).toBe(
      404,
    );
    await expect400(
      await post('/api/v2/team/batch-deletion', { team_id: c1.id }, a.auth),
      '入力内容に誤りがあります。',
    );
    const stale = (await post('/api/v2/team/batch-deletion', { team_id: c1.id, student_count: 4 }, a.auth)).json();
    expect(stale).toMatchObject({
      errcode: 20004,
      errmsg: 'クラスの人数が変わりました。もう一度確認してから削除してください。',
    });
    expect(await membersOf(c1.id)).toBe(5);
    const done = (await post('/api/v2/team/batch-deletion', { team_id: c1.id, student_count: 5 }, a.auth)).json();
    expect(done.data).toEqual({ count: 5 });
    expect(await studentRow(ids[0]!)).toBeUndefined();
    expect(await studentRow(both)).toBeUndefined();
    expect(await membersOf(c2.id)).toBe(1);
    expect((await get(`/api/v2/team/info?team_id=${c1.id}`, a.auth)).json().data.student_count).toBe(0);
  });
});

describe('reset-students-info and get-student-initial-pwd-list', () => {
  it('cards show initial passwords until the student sets their own; reset issues new ones', async () => {
    const { a, b, ca, cb, sa } = await scene();
    const url = `/api/v2/team/get-student-initial-pwd-list?team_id=${ca.id}`;
    const cards = (await get(url, a.auth)).json().data;
    expect(cards.team).toEqual({ team_id: ca.id, name: 'A組', code: expect.stringMatching(/^[2-9A-Z]{6}$/) });
    expect(cards.rows).toHaveLength(3);
    for (const c of cards.rows) expect(c.initial_password).toMatch(/^(?=.*[a-z])(?=.*\d)[a-z2-9]{8}$/);
    const some = (await get(`${url}&student_ids=${sa[0]}&student_ids=${sa[1]}`, a.auth)).json().data.rows;
    expect(some).toHaveLength(2);
    expect((await get(`/api/v2/team/get-student-initial-pwd-list?team_id=${cb.id}`, a.auth)).statusCode).toBe(404);
    expect((await get(`/api/v2/team/get-student-initial-pwd-list?team_id=${ca.id}`, b.auth)).statusCode).toBe(404);
    await expect400(await get('/api/v2/team/get-student-initial-pwd-list', a.auth), '入力内容に誤りがあります。');

    // The student app records a password of the student's own: the card no longer shows one.
    await t.db
      .update(students)
      .set({ initialPasswordEnc: null, passwordChangedAt: new Date() })
      .where(eq(students.loginId, sa[0]!));
    const after = (await get(url, a.auth)).json().data.rows;
    expect(after.find((c: { student_id: string }) => c.student_id === sa[0]).initial_password).toBeNull();

    const reset = '/api/v2/team/reset-students-info';
    expect((await post(reset, { student_ids: [sa[0]] }, b.auth)).statusCode).toBe(403);
    expect((await studentRow(sa[0]!))!.initialPasswordEnc).toBeNull();
    await expect400(await post(reset, { student_ids: [] }, a.auth), '生徒を選択してください。');
    expect((await post(reset, { student_ids: [sa[0], sa[1]] }, a.auth)).json().data).toEqual({ count: 2 });
    const again = (await get(url, a.auth)).json().data.rows;
    const pw = (id: string) => again.find((c: { student_id: string }) => c.student_id === id).initial_password;
    expect(pw(sa[0]!)).toMatch(/^[a-z2-9]{8}$/);
    expect(pw(sa[1]!)).not.toBe(
      cards.rows.find((c: { student_id: string }) => c.student_id === sa[1]).initial_password,
    );
    const [row] = (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from students where password_changed_at is not null`,
      )
    ).rows;
    expect(row!.n).toBe(0);
  });
});
