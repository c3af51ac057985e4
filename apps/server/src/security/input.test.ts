import {
  createClass,
  loginSafe,
  messages,
  searchStudent,
  studentMessages,
  sendResetPwdMail,
  changeProfile,
} from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../db/schema/index.js';
import { call } from '../test/call.js';
import { buildClass, teacherWithToken, type SignedInTeacher } from '../test/factories.js';
import { multipart } from '../test/multipart.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/** Control characters and malformed multipart bodies (docs/security.md, "Input" and "Uploads"). */
let t: TestApp;
let me: SignedInTeacher;
beforeAll(async () => {
  t = await buildTestApp();
  me = await teacherWithToken(t);
});
afterAll(() => t.close());

describe('control characters', () => {
  it('refuses NUL on the public sign-in and reset-mail calls with 400 and the Japanese message', async () => {
    const login = await call(t, loginSafe, {
      username: 'a\u0000b',
      password: t.encrypt('x'),
      app_name: 'a',
      client_name: 'b',
    });
    expect([login.status, login.errmsg]).toEqual([400, messages.controlCharacter]);
    const mail = await call(t, sendResetPwdMail, { email: 'a\u0000@example.com' });
    expect([mail.status, mail.errmsg]).toEqual([400, messages.controlCharacter]);
  });

  it('refuses NUL and other C0 controls in bodies, keys and query strings, allows tab and newline', async () => {
    const nul = await call(t, createClass, { name: '1\u0000組' }, { as: me });
    expect([nul.status, nul.errmsg]).toEqual([400, messages.controlCharacter]);
    const bell = await call(t, changeProfile, { nickname: '先生\u0007', school: '' }, { as: me });
    expect([bell.status, bell.errmsg]).toEqual([400, messages.controlCharacter]);
    const key = await call(t, createClass, { name: '1組', ['x\u0001']: 1 }, { as: me });
    expect(key.status).toBe(400);
    const q = await t.app.inject({ method: 'GET', url: `${searchStudent.path}?kw=%00`, headers: me.auth });
    expect([q.statusCode, q.json().errmsg]).toEqual([400, messages.controlCharacter]);
    const tab = await call(t, searchStudent, { kw: 'a\tb' }, { as: me });
    expect(tab.status).toBe(200);
  });

  it('refuses NUL in the text fields of an upload', async () => {
    const mp = multipart({ team_id: '1\u0000' }, { name: 'a.csv', data: Buffer.from('a,b\r\n') });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/team/import-team-students-list',
      payload: mp.payload,
      headers: { ...me.auth, ...mp.headers },
    });
    expect([res.statusCode, res.json().errmsg]).toEqual([400, messages.controlCharacter]);
  });

  it('strips control characters from imported CSV cells', async () => {
    const cls = await buildClass(t, { teacher: me.teacher });
    // NUL within the first 4 KiB marks a binary file (refused as such); later it reached the database.
    const filler = Array.from(
      { length: 80 },
      (_, i) => `ctl-f${String(i).padStart(3, '0')},山田 花子,やまだ はなこ,3年,1組,${i + 2},\r\n`,
    );
    const csv =
      '生徒ID,氏名,ふりがな,学年,組,出席番号,初期パスワード\r\n' +
      filler.join('') +
      'ctl-0001,山田\u0000太郎,やまだ\u0007たろう,3年,1組,1,\r\n';
    expect(Buffer.from(csv).indexOf(0)).toBeGreaterThan(4096);
    const mp = multipart({ team_id: String(cls.id) }, { name: 'a.csv', data: Buffer.from(csv) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/team/import-team-students-list',
      payload: mp.payload,
      headers: { ...me.auth, ...mp.headers },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json(), res.body).toMatchObject({ errcode: 0 });
    expect(res.json().data).toMatchObject({
      imported: 81,
      errors: [],
      // The row is reported to the teacher (the header is row 1, then 80 filler rows).
      notices: [{ row: 82, student_id: 'ctl-0001', message: studentMessages.rowControlCharsRemoved }],
    });
    const [row] = await t.db.select().from(students).where(eq(students.loginId, 'ctl-0001'));
    expect(row?.name).toBe('山田太郎');
  });
});

describe('malformed multipart', () => {
  const url = '/api/v2/team/import-team-students-list';
  const send = (payload: string | Buffer, contentType: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...me.auth, 'content-type': contentType } });

  it('answers 400, never 500, for a missing or wrong boundary and a truncated body', async () => {
    const good = multipart({ team_id: '1' }, { name: 'a.csv', data: Buffer.from('a,b\r\n'.repeat(100)) });
    const cases = [
      send(good.payload, 'multipart/form-data'),
      send(good.payload, 'multipart/form-data; boundary=nope'),
      send(good.payload.subarray(0, good.payload.length - 40), good.headers['content-type']),
      send(good.payload.subarray(0, 60), good.headers['content-type']),
      send(
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n',
        'multipart/form-data; boundary=x',
      ),
      send('garbage', 'multipart/form-data; boundary='),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errcode).not.toBe(0);
    }
  });
});
