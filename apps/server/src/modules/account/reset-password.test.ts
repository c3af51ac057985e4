import { ErrorCode, messages } from '@ondoku/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../../db/schema/index.js';
import { buildTeacher, signIn, teacherWithToken } from '../../test/factories.js';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await buildTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let ipSeq = 0;
const freshIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const post = (url: string, payload: object, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: opts.ip ?? freshIp(), headers: opts.headers });
const sendMail = (email: string, ip?: string) => post('/api/v2/teacher/send-reset-pwd-mail', { email }, { ip });
const reset = (email: string, code: string, password: string, ip?: string) =>
  post('/api/v2/teacher/reset-password-safe', { email, code, password: t.encrypt(password) }, { ip });

/** Ask for a code and read it from the mail the SMTP peer received. */
async function mailedCode(email: string): Promise<string> {
  const since = smtp.received.length;
  const res = await sendMail(email);
  expect(res.json()).toEqual({ errcode: 0, errmsg: '', data: { expires_in_minutes: 30 } });
  return smtp.codeOf(await smtp.waitFor(email, since));
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('send-reset-pwd-mail', () => {
  it('mails a Japanese 6-digit code (text and HTML) to a registered address', async () => {
    const { teacher } = await buildTeacher(t.db, { nickname: '田中 先生' });
    const since = smtp.received.length;
    const res = await sendMail(teacher.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().errcode).toBe(0);
    const mail = await smtp.waitFor(teacher.email, since);
    expect(mail.subject).toBe('【音読】パスワード再設定の確認コード');
    expect(mail.text).toContain('田中 先生 様');
    expect(mail.text).toMatch(/確認コード：\d{6}/);
    expect(mail.text).toContain('有効期限は30分');
    expect(mail.html).toContain(smtp.codeOf(mail));
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const since = smtp.received.length;
    const res = await sendMail('nobody-registered@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ errcode: 0, errmsg: '', data: { expires_in_minutes: 30 } });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.slice(since).some((m) => m.to.includes('nobody-registered@example.com'))).toBe(false);
  });

  it('stores only a hash of the code, one active code per teacher', async () => {
    const { teacher } = await buildTeacher(t.db);
    const first = await mailedCode(teacher.email);
    const second = await mailedCode(teacher.email);
    const rows = await t.db.select().from(verificationCodes).where(eq(verificationCodes.teacherId, teacher.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(second);
    // The first code was replaced by the second.
    if (first !== second) {
      expect((await reset(teacher.email, first, 'newpass1')).json().errcode).toBe(ErrorCode.VERIFICATION_CODE_INVALID);
    }
    expect((await reset(teacher.email, second, 'newpass1')).json().errcode).toBe(0);
  });

  it('400 with the spec message for a malformed address; whitespace-only is empty', async () => {
    let res = await sendMail('taro@example');
    expect(res.statusCode).toBe(400);
    expect(res.json().errmsg).toBe('正しいメールアドレスを入力してください。');
    res = await sendMail('   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().errmsg).toBe(messages.emailRequired);
  });

  it('is rate-limited per address in the database (429), registered or not', async () => {
    const email = 'limit-me@example.com';
    for (let i = 0; i < 3; i++) expect((await sendMail(email)).json().errcode).toBe(0);
    const res = await sendMail(email);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ errcode: ErrorCode.MAIL_RATE_LIMITED, errmsg: messages.mailRateLimited, data: null });
  });

  it('is rate-limited per client address', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 10; i++) expect((await sendMail(`someone${i}@example.com`, ip)).json().errcode).toBe(0);
    expect((await sendMail('someone-else@example.com', ip)).statusCode).toBe(429);
  });

  it('sends nothing to the guest type', async () => {
    const { teacher } = await buildTeacher(t.db, { type: 'guest' });
    const since = smtp.received.length;
    expect((await sendMail(teacher.email)).json().errcode).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.slice(since).some((m) => m.to.includes(teacher.email))).toBe(false);
  });
});

describe('reset-password-safe', () => {
  it('sets the new password with the mailed code; old password and every old token stop working', async () => {
    const { teacher, password } = await buildTeacher(t.db);
    const a = await signIn(t, teacher.loginId, password);
    const b = await signIn(t, teacher.loginId, password);
    const code = await mailedCode(teacher.email);
    const res = await reset(teacher.email, code, 'fresh2024');
    expect(res.json()).toEqual({ errcode: 0, errmsg: '', data: null });
    for (const token of [a, b]) {
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/v2/teacher/info',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(info.statusCode).toBe(401);
    }
    await expect(signIn(t, teacher.loginId, password)).rejects.toThrow(messages.loginFailed);
    expect(await signIn(t, teacher.loginId, 'fresh2024')).toBeTruthy();
    // Single use.
    expect((await reset(teacher.email, code, 'again2024')).json().errcode).toBe(ErrorCode.VERIFICATION_CODE_INVALID);
  });

  it('400 with the exact messages of the password rule, before the code is tried', async () => {
    const { teacher } = await buildTeacher(t.db);
    const code = await mailedCode(teacher.email);
    const length = 'パスワードを6文字以上20文字以内で入力してください。';
    const combine = 'パスワードは英字と数字を組み合わせてください。';
    const halfWidth = 'パスワードは半角の英字・数字・記号で入力してください。';
    for (const [bad, message] of [
      ['abc12', length],
      ['abcdefgh', combine],
      ['12345678', combine],
      ['a1'.repeat(11), length],
      ['ｐａｓｓ１２３４', halfWidth],
    ] as const) {
      const res = await reset(teacher.email, code, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errmsg, bad).toBe(message);
    }
    let res = await post('/api/v2/teacher/reset-password-safe', {
      email: teacher.email,
      code: '12ab56',
      password: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errmsg).toBe(messages.codeFormat);
    res = await post('/api/v2/teacher/reset-password-safe', { email: teacher.email, code: ' ', password: 'x' });
    expect(res.json().errmsg).toBe(messages.codeRequired);
    res = await post('/api/v2/teacher/reset-password-safe', { email: teacher.email, code: '123456', password: '  ' });
    expect(res.json().errmsg).toBe(messages.passwordRequired);
    // None of these used up a try.
    expect((await reset(teacher.email, code, 'valid123')).json().errcode).toBe(0);
  });

  it('five wrong tries invalidate the code, even the right one afterwards', async () => {
    const { teacher } = await buildTeacher(t.db);
    const code = await mailedCode(teacher.email);
    for (let i = 0; i < 5; i++) {
      const res = await reset(teacher.email, wrongCode(code), 'valid123');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        errcode: ErrorCode.VERIFICATION_CODE_INVALID,
        errmsg: messages.codeInvalid,
        data: null,
      });
    }
    expect((await reset(teacher.email, code, 'valid123')).json().errcode).toBe(ErrorCode.VERIFICATION_CODE_INVALID);
  });

  it('four wrong tries still leave the fifth', async () => {
    const { teacher } = await buildTeacher(t.db);
    const code = await mailedCode(teacher.email);
    for (let i = 0; i < 4; i++) await reset(teacher.email, wrongCode(code), 'valid123');
    expect((await reset(teacher.email, code, 'valid123')).json().errcode).toBe(0);
  });

  it('refuses an expired code (30 minutes)', async () => {
    const { teacher } = await buildTeacher(t.db);
    const code = await mailedCode(teacher.email);
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.teacherId, teacher.id));
    const res = await reset(teacher.email, code, 'valid123');
    expect(res.json()).toMatchObject({ errcode: ErrorCode.VERIFICATION_CODE_INVALID, errmsg: messages.codeInvalid });
  });

  it('sets the expiry 30 minutes ahead', async () => {
    const { teacher } = await buildTeacher(t.db);
    await mailedCode(teacher.email);
    const [row] = await t.db
      .select({ minutes: sql<number>`extract(epoch from (${verificationCodes.expiresAt} - now())) / 60` })
      .from(verificationCodes)
      .where(eq(verificationCodes.teacherId, teacher.id));
    expect(Number(row!.minutes)).toBeGreaterThan(29.5);
    expect(Number(row!.minutes)).toBeLessThanOrEqual(30);
  });

  it("answers an unknown address like a wrong code, and one teacher's code does not open another account", async () => {
    const a = await buildTeacher(t.db);
    const b = await buildTeacher(t.db);
    const code = await mailedCode(a.teacher.email);
    let res = await reset('nobody-registered@example.com', code, 'valid123');
    expect(res.json()).toMatchObject({ errcode: ErrorCode.VERIFICATION_CODE_INVALID, errmsg: messages.codeInvalid });
    res = await reset(b.teacher.email, code, 'valid123');
    expect(res.json().errcode).toBe(ErrorCode.VERIFICATION_CODE_INVALID);
    expect(await signIn(t, b.teacher.loginId, b.password)).toBeTruthy();
  });

  it('holds back a client address after 20 wrong codes (429)', async () => {
    const ip = '10.98.0.1';
    for (let i = 0; i < 20; i++) await reset(`nobody${i}@example.com`, '000000', 'valid123', ip);
    const res = await reset('nobody@example.com', '000000', 'valid123', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().errmsg).toBe(messages.rateLimited);
  });

  it('lets a teacher held back by wrong sign-ins sign in with the new password at once', async () => {
    const { teacher } = await buildTeacher(t.db);
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/teacher/login-safe',
        payload: { username: teacher.loginId, password: t.encrypt('wrong999') },
        remoteAddress: freshIp(),
      });
    }
    const code = await mailedCode(teacher.email);
    expect((await reset(teacher.email, code, 'valid123')).json().errcode).toBe(0);
    expect(await signIn(t, teacher.loginId, 'valid123')).toBeTruthy();
  });

  it('does not need a token, and a signed-in token of another teacher changes nothing', async () => {
    const other = await teacherWithToken(t);
    const { teacher, password } = await buildTeacher(t.db);
    const res = await post(
      '/api/v2/teacher/reset-password-safe',
      { email: teacher.email, code: '123456', password: t.encrypt('valid123') },
      { headers: other.auth },
    );
    expect(res.json().errcode).toBe(ErrorCode.VERIFICATION_CODE_INVALID);
    expect(await signIn(t, teacher.loginId, password)).toBeTruthy();
  });
});
