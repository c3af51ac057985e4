import { ErrorCode, limits, messages } from '@ondoku/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authTokens, passCardKeys, teachers } from '../../db/schema/index.js';
import { buildTeacher, signIn, teacherWithToken } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { issuePassCardKey } from './pass-card.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v2/teacher/login-safe', payload, remoteAddress: ip });
const info = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v2/teacher/info',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('public key', () => {
  it('serves an SPKI PEM that encrypts passwords the server can read', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/teacher/public-key' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.errcode).toBe(0);
    expect(body.data.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(body.data.algorithm).toBe('RSA-OAEP-256');
  });
});

describe('login-safe', () => {
  it('signs in by login id and by e-mail, without leaking the password hash', async () => {
    const { teacher, password } = await buildTeacher(t.db, { nickname: '鈴木 一郎' });
    for (const username of [teacher.loginId, teacher.email.toUpperCase()]) {
      const res = await login({ username, password: t.encrypt(password), app_name: 'web' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.errcode).toBe(0);
      expect(body.data.token).toMatch(/^[\w-]{40,}$/);
      expect(body.data.user).toMatchObject({ id: teacher.id, nickname: '鈴木 一郎', type: 'teacher', teacher_flag: 1 });
      expect(body.data.online_class_switch).toBe(false);
      expect(res.body).not.toContain('argon2');
    }
  });

  it('stores only a hash of the token', async () => {
    const { teacher, password } = await buildTeacher(t.db);
    const token = await signIn(t, teacher.loginId, password);
    const rows = await t.db.select().from(authTokens).where(eq(authTokens.teacherId, teacher.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
  });

  it('refuses a wrong password with a Japanese business error', async () => {
    const { teacher } = await buildTeacher(t.db);
    const res = await login({ username: teacher.loginId, password: t.encrypt('wrong999') }, '10.0.0.2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ errcode: ErrorCode.LOGIN_FAILED, errmsg: messages.loginFailed, data: null });
  });

  it('refuses an unknown account with the same message', async () => {
    const res = await login({ username: 'nobody-here', password: t.encrypt('pass1234') }, '10.0.0.3');
    expect(res.json().errmsg).toBe(messages.loginFailed);
  });

  it('treats whitespace-only fields as empty (400 with the spec messages)', async () => {
    let res = await login({ username: '   ', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errmsg).toBe('アカウントIDを入力してください。');
    res = await login({ username: 'teacher', password: '  \t ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errmsg).toBe('パスワードを入力してください。');
    res = await login({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errmsg).toBe('アカウントIDを入力してください。');
  });

  it('refuses a password that was not encrypted with the public key', async () => {
    const { teacher, password } = await buildTeacher(t.db);
    const res = await login({ username: teacher.loginId, password }, '10.0.0.4');
    expect(res.json()).toMatchObject({
      errcode: ErrorCode.PASSWORD_DECRYPT_FAILED,
      errmsg: messages.passwordDecryptFailed,
    });
  });

  it('holds an account back at an address after 5 failures there, even with the right password', async () => {
    const { teacher, password } = await buildTeacher(t.db);
    for (let i = 0; i < 5; i++) {
      const res = await login({ username: teacher.loginId, password: t.encrypt('wrong999') }, '10.1.0.1');
      expect(res.json().errcode).toBe(ErrorCode.LOGIN_FAILED);
    }
    const res = await login({ username: teacher.loginId, password: t.encrypt(password) }, '10.1.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().errmsg).toBe(messages.loginRateLimited);
  });

  it(`holds an address back after ${limits.loginRateLimit.perAddress} failures across accounts`, async () => {
    for (let i = 0; i < limits.loginRateLimit.perAddress; i++) {
      await login({ username: `nobody${i}`, password: t.encrypt('wrong999') }, '10.9.9.9');
    }
    const { teacher, password } = await buildTeacher(t.db);
    const res = await login({ username: teacher.loginId, password: t.encrypt(password) }, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    const other = await login({ username: teacher.loginId, password: t.encrypt(password) }, '10.9.9.10');
    expect(other.json().errcode).toBe(0);
  });
});

describe('info, logout and token life', () => {
  it('answers the signed-in teacher, whatever teacher_id is sent', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/teacher/info?teacher_id=${b.teacher.id}&flag=1`,
      headers: a.auth,
    });
    expect(res.json().data.user.id).toBe(a.teacher.id);
    expect(res.json().data.live_lesson_url).toBeNull();
  });

  it('answers from the token lookup alone (one query), with the profile as stored at that moment', async () => {
    const { teacher, token } = await teacherWithToken(t);
    await t.db
      .update(teachers)
      .set({ nickname: '変更後 先生', school: '新しい小学校', onlineClassSwitch: true })
      .where(eq(teachers.id, teacher.id));
    const queries = vi.spyOn(t.database.pool, 'query');
    try {
      const res = await info(token);
      expect(res.json().data).toEqual({
        user: {
          id: teacher.id,
          teacher_flag: 1,
          username: teacher.loginId,
          email: teacher.email,
          nickname: '変更後 先生',
          avatar: null,
          type: 'teacher',
          showLive: false,
          school: '新しい小学校',
        },
        online_class_switch: true,
        live_lesson_url: null,
      });
      // The one query besides the change feed's sync before each test request (test-app.ts).
      expect(queries.mock.calls.filter(([q]) => !JSON.stringify(q).includes('pg_notify'))).toHaveLength(1);
    } finally {
      queries.mockRestore();
    }
  });

  it('answers 401 without a token, with an unknown token and with a malformed header', async () => {
    expect((await info()).statusCode).toBe(401);
    expect((await info('not-a-real-token')).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/teacher/info',
      headers: { authorization: 'Basic abc' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errcode: ErrorCode.UNAUTHORIZED, errmsg: messages.unauthorized, data: null });
  });

  it('revokes the token on logout and keeps other sessions', async () => {
    const { teacher, password } = await buildTeacher(t.db);
    const first = await signIn(t, teacher.loginId, password);
    const second = await signIn(t, teacher.loginId, password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/teacher/logout',
      headers: { authorization: `Bearer ${first}` },
    });
    expect(res.json()).toEqual({ errcode: 0, errmsg: '', data: null });
    expect((await info(first)).statusCode).toBe(401);
    expect((await info(second)).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const { teacher, token } = await teacherWithToken(t);
    await t.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.teacherId, teacher.id));
    expect((await info(token)).statusCode).toBe(401);
  });
});

describe('pass-card-login', () => {
  const keyLogin = (key: string, ip = '10.2.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/v2/teacher/pass-card-login', payload: { key }, remoteAddress: ip });

  it('signs in once with a key, then refuses it', async () => {
    const { teacher } = await buildTeacher(t.db);
    const { key } = await issuePassCardKey(t.db, teacher.id);
    const first = await keyLogin(key);
    expect(first.json().errcode).toBe(0);
    expect(first.json().data.user.id).toBe(teacher.id);
    expect((await info(first.json().data.token)).statusCode).toBe(200);
    const again = await keyLogin(key);
    expect(again.json()).toMatchObject({ errcode: ErrorCode.PASS_CARD_INVALID, errmsg: messages.passCardInvalid });
  });

  it('refuses an expired key and an unknown key', async () => {
    const { teacher } = await buildTeacher(t.db);
    const { key } = await issuePassCardKey(t.db, teacher.id);
    await t.db
      .update(passCardKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passCardKeys.teacherId, teacher.id));
    expect((await keyLogin(key, '10.2.0.2')).json().errcode).toBe(ErrorCode.PASS_CARD_INVALID);
    expect((await keyLogin('made-up-key', '10.2.0.3')).json().errcode).toBe(ErrorCode.PASS_CARD_INVALID);
  });

  it('lets only one of two simultaneous uses through', async () => {
    const { teacher } = await buildTeacher(t.db);
    const { key } = await issuePassCardKey(t.db, teacher.id);
    const results = await Promise.all([keyLogin(key, '10.2.1.1'), keyLogin(key, '10.2.1.2')]);
    expect(results.map((r) => r.json().errcode).sort()).toEqual([0, ErrorCode.PASS_CARD_INVALID]);
  });
});
