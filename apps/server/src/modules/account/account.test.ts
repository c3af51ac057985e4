import { ErrorCode, messages } from '@ondoku/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fcmTokens, teachers, verificationCodes } from '../../db/schema/index.js';
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

type Auth = Record<string, string>;
const post = (url: string, payload: object, auth: Auth = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: auth });
const info = async (auth: Auth) =>
  (await t.app.inject({ method: 'GET', url: '/api/v2/teacher/info', headers: auth })).json().data.user;

const PROFILE = '/api/v2/teacher/change-profile';
const SEND_EMAIL_CODE = '/api/v2/send-email-authentication-mail';
const CHANGE_EMAIL = '/api/v2/teacher/change-email';
const CHANGE_PASSWORD = '/api/v2/teacher/change-password-safe';
const SAVE_FCM = '/api/v2/teacher/save-fcm-token';
const DELETE_FCM = '/api/v2/teacher/delete-fcm-token';

describe('every account call', () => {
  it.each([PROFILE, SEND_EMAIL_CODE, CHANGE_EMAIL, CHANGE_PASSWORD, SAVE_FCM, DELETE_FCM])(
    '%s answers 401 without a token or with a revoked one',
    async (url) => {
      expect((await post(url, {})).statusCode).toBe(401);
      const { auth } = await teacherWithToken(t);
      await post('/api/v2/teacher/logout', {}, auth);
      const res = await post(url, {}, auth);
      expect(res.statusCode).toBe(401);
      expect(res.json().errcode).toBe(ErrorCode.UNAUTHORIZED);
    },
  );

  it.each([PROFILE, SEND_EMAIL_CODE, CHANGE_EMAIL, CHANGE_PASSWORD])('%s refuses the guest type (403)', async (url) => {
    const { auth } = await teacherWithToken(t, { type: 'guest' });
    const payload = {
      nickname: 'ゲスト',
      school: '',
      email: 'new-guest@example.com',
      code: '123456',
      oldpassword: t.encrypt('pass1234'),
      newpassword: t.encrypt('pass5678'),
    };
    const res = await post(url, payload, auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errcode: ErrorCode.FORBIDDEN, errmsg: messages.forbidden, data: null });
  });
});

describe('change-profile', () => {
  it("changes the acting teacher's nickname and school only", async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t, { nickname: '別の先生' });
    const res = await post(
      PROFILE,
      { nickname: '  高橋 みどり ', school: 'あおば小学校', teacher_id: b.teacher.id },
      a.auth,
    );
    expect(res.json().errcode).toBe(0);
    expect(res.json().data.user).toMatchObject({ id: a.teacher.id, nickname: '高橋 みどり', school: 'あおば小学校' });
    expect(await info(a.auth)).toMatchObject({ nickname: '高橋 みどり', school: 'あおば小学校' });
    expect(await info(b.auth)).toMatchObject({ nickname: '別の先生' });
  });

  it('400 with the exact messages: required nickname, emoji, over-length', async () => {
    const { auth } = await teacherWithToken(t);
    const cases: [object, string][] = [
      [{ nickname: '   ', school: '' }, messages.nicknameRequired],
      [{ school: 'x' }, messages.nicknameRequired],
      [{ nickname: '山田😀', school: '' }, '無効な文字が含まれています。修正してください。'],
      [{ nickname: '山田', school: '学校👍🏽' }, '無効な文字が含まれています。修正してください。'],
      [{ nickname: '山田', school: '👨‍👩‍👧' }, '無効な文字が含まれています。修正してください。'],
      [{ nickname: 'あ'.repeat(21), school: '' }, '字数制限を超えています'],
      [{ nickname: '山田', school: 'あ'.repeat(51) }, '字数制限を超えています'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(PROFILE, payload, auth);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errmsg).toBe(message);
    }
    expect((await post(PROFILE, { nickname: 'あ'.repeat(20), school: 'い'.repeat(50) }, auth)).json().errcode).toBe(0);
  });
});

describe('e-mail change', () => {
  const sendCode = async (auth: Auth, email: string) => {
    const since = smtp.received.length;
    const res = await post(SEND_EMAIL_CODE, { email }, auth);
    expect(res.json()).toEqual({ errcode: 0, errmsg: '', data: { expires_in_minutes: 30 } });
    return smtp.codeOf(await smtp.waitFor(email.toLowerCase(), since));
  };

  it('mails a code to the new address; change-email with it changes the address (and sign-in by it)', async () => {
    const { teacher, auth, password } = { ...(await teacherWithToken(t)), password: 'pass1234' };
    const since = smtp.received.length;
    const code = await sendCode(auth, 'New.Address@Example.com');
    const mail = smtp.received.slice(since).find((m) => m.to.includes('new.address@example.com'))!;
    expect(mail.subject).toBe('【音読】メールアドレス変更の確認コード');
    expect(smtp.received.slice(since).some((m) => m.to.includes(teacher.email))).toBe(false);
    const res = await post(CHANGE_EMAIL, { email: 'new.address@example.com', code }, auth);
    expect(res.json().errcode).toBe(0);
    expect(res.json().data.user.email).toBe('new.address@example.com');
    expect(await signIn(t, 'new.address@example.com', password)).toBeTruthy();
  });

  it('400: malformed, same as the current address', async () => {
    const { teacher, auth } = await teacherWithToken(t);
    let res = await post(SEND_EMAIL_CODE, { email: 'not-an-address' }, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().errmsg).toBe('正しいメールアドレスを入力してください。');
    res = await post(SEND_EMAIL_CODE, { email: teacher.email.toUpperCase() }, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().errmsg).toBe(messages.emailSameAsCurrent);
    res = await post(CHANGE_EMAIL, { email: teacher.email, code: '123456' }, auth);
    expect(res.json().errmsg).toBe(messages.emailSameAsCurrent);
    res = await post(CHANGE_EMAIL, { email: 'x@example.com', code: '12345' }, auth);
    expect(res.json().errmsg).toBe(messages.codeFormat);
  });

  it("refuses another teacher's address", async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const res = await post(SEND_EMAIL_CODE, { email: b.teacher.email }, a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ errcode: ErrorCode.EMAIL_TAKEN, errmsg: messages.emailTaken, data: null });
  });

  it('refuses when the address was taken between the code and the change', async () => {
    const a = await teacherWithToken(t);
    const code = await sendCode(a.auth, 'contested@example.com');
    await buildTeacher(t.db, { email: 'contested@example.com' });
    const res = await post(CHANGE_EMAIL, { email: 'contested@example.com', code }, a.auth);
    expect(res.json().errcode).toBe(ErrorCode.EMAIL_TAKEN);
  });

  it('the code only works for the address it was sent to, for the teacher it was sent for', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const code = await sendCode(a.auth, 'only-this@example.com');
    let res = await post(CHANGE_EMAIL, { email: 'another@example.com', code }, a.auth);
    expect(res.json()).toEqual({
      errcode: ErrorCode.VERIFICATION_CODE_INVALID,
      errmsg: messages.codeInvalid,
      data: null,
    });
    res = await post(CHANGE_EMAIL, { email: 'only-this@example.com', code }, b.auth);
    expect(res.json().errcode).toBe(ErrorCode.VERIFICATION_CODE_INVALID);
    expect((await info(b.auth)).email).toBe(b.teacher.email);
  });

  it('five wrong codes invalidate it; an expired code is refused', async () => {
    const { teacher, auth } = await teacherWithToken(t);
    const code = await sendCode(auth, 'five-tries@example.com');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) await post(CHANGE_EMAIL, { email: 'five-tries@example.com', code: wrong }, auth);
    let res = await post(CHANGE_EMAIL, { email: 'five-tries@example.com', code }, auth);
    expect(res.json().errcode).toBe(ErrorCode.VERIFICATION_CODE_INVALID);

    const again = await sendCode(auth, 'five-tries@example.com');
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.teacherId, teacher.id));
    res = await post(CHANGE_EMAIL, { email: 'five-tries@example.com', code: again }, auth);
    expect(res.json().errcode).toBe(ErrorCode.VERIFICATION_CODE_INVALID);
  });

  it('says so when the mail server refuses the mail', async () => {
    const { auth } = await teacherWithToken(t);
    const res = await post(SEND_EMAIL_CODE, { email: 'bounce@example.com' }, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ errcode: ErrorCode.MAIL_SEND_FAILED, errmsg: messages.mailSendFailed, data: null });
  });

  it('limits the mails a teacher can ask for (429)', async () => {
    const { auth } = await teacherWithToken(t);
    for (let i = 0; i < 5; i++) await sendCode(auth, `many${i}@example.com`);
    const res = await post(SEND_EMAIL_CODE, { email: 'many5@example.com' }, auth);
    expect(res.statusCode).toBe(429);
    expect(res.json().errmsg).toBe(messages.mailRateLimited);
  });
});

describe('change-password-safe', () => {
  const change = (auth: Auth, oldpassword: string, newpassword: string) =>
    post(CHANGE_PASSWORD, { oldpassword: t.encrypt(oldpassword), newpassword: t.encrypt(newpassword) }, auth);

  it('changes the password; this session stays, the others are signed out', async () => {
    const { teacher, auth, token } = await teacherWithToken(t);
    const other = await signIn(t, teacher.loginId, 'pass1234');
    const res = await change(auth, 'pass1234', 'newpass99');
    expect(res.json()).toEqual({ errcode: 0, errmsg: '', data: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/teacher/info', headers: auth })).statusCode).toBe(200);
    const otherInfo = await t.app.inject({
      method: 'GET',
      url: '/api/v2/teacher/info',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(otherInfo.statusCode).toBe(401);
    await expect(signIn(t, teacher.loginId, 'pass1234')).rejects.toThrow();
    expect(await signIn(t, teacher.loginId, 'newpass99')).toBeTruthy();
    expect(token).toBeTruthy();
  });

  it('400 with the exact messages; a wrong current password is a business error', async () => {
    const { auth } = await teacherWithToken(t);
    const length = 'パスワードを6文字以上20文字以内で入力してください。';
    const combine = 'パスワードは英字と数字を組み合わせてください。';
    const halfWidth = 'パスワードは半角の英字・数字・記号で入力してください。';
    for (const [bad, message] of [
      ['abc12', length],
      ['abcdefgh', combine],
      ['12345678', combine],
      ['abc1234567890123456789', length],
      ['ｐａｓｓ１２３４', halfWidth],
      ['pass 1234', halfWidth],
    ] as const) {
      const res = await change(auth, 'pass1234', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errmsg, bad).toBe(message);
    }
    let res = await change(auth, 'pass1234', 'pass1234');
    expect(res.statusCode).toBe(400);
    expect(res.json().errmsg).toBe('新しいパスワードは現在のパスワードと異なるものを入力してください。');
    res = await post(CHANGE_PASSWORD, { oldpassword: ' ', newpassword: t.encrypt('newpass99') }, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().errmsg).toBe(messages.currentPasswordRequired);
    res = await post(CHANGE_PASSWORD, { oldpassword: 'not-encrypted', newpassword: 'not-encrypted' }, auth);
    expect(res.json().errcode).toBe(ErrorCode.PASSWORD_DECRYPT_FAILED);
    res = await change(auth, 'wrong1234', 'newpass99');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      errcode: ErrorCode.CURRENT_PASSWORD_WRONG,
      errmsg: messages.currentPasswordWrong,
      data: null,
    });
  });

  it('holds back after 5 wrong current passwords (429), even with the right one', async () => {
    const { auth } = await teacherWithToken(t);
    for (let i = 0; i < 5; i++) await change(auth, `wrong${i}999`, 'newpass99');
    const res = await change(auth, 'pass1234', 'newpass99');
    expect(res.statusCode).toBe(429);
  });

  it("cannot touch another teacher's password", async () => {
    const a = await teacherWithToken(t);
    const b = await buildTeacher(t.db, { password: 'other1234' });
    await change(a.auth, 'other1234', 'newpass99');
    expect(await signIn(t, b.teacher.loginId, 'other1234')).toBeTruthy();
  });
});

describe('save-fcm-token / delete-fcm-token', () => {
  const tokensOf = async (teacherId: number) =>
    (await t.db.select().from(fcmTokens).where(eq(fcmTokens.teacherId, teacherId))).map((r) => r.token);

  it('stores per teacher, idempotently; deleting only affects the acting teacher', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    for (let i = 0; i < 2; i++) {
      expect((await post(SAVE_FCM, { fcm_token: 'device-token-1' }, a.auth)).json()).toEqual({
        errcode: 0,
        errmsg: '',
        data: null,
      });
    }
    await post(SAVE_FCM, { fcm_token: 'device-token-1' }, b.auth);
    expect(await tokensOf(a.teacher.id)).toEqual(['device-token-1']);
    await post(DELETE_FCM, { fcm_token: 'device-token-1' }, b.auth);
    expect(await tokensOf(a.teacher.id)).toEqual(['device-token-1']);
    expect(await tokensOf(b.teacher.id)).toEqual([]);
    for (let i = 0; i < 2; i++)
      expect((await post(DELETE_FCM, { fcm_token: 'device-token-1' }, a.auth)).json().errcode).toBe(0);
    expect(await tokensOf(a.teacher.id)).toEqual([]);
  });

  it('400 without a token value; guests may register devices too', async () => {
    const { auth } = await teacherWithToken(t, { type: 'guest' });
    const res = await post(SAVE_FCM, { fcm_token: '  ' }, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().errmsg).toBe(messages.fcmTokenRequired);
    expect((await post(SAVE_FCM, { fcm_token: 'guest-device' }, auth)).json().errcode).toBe(0);
  });
});

describe('teachers table', () => {
  it('keeps e-mail addresses lower-case after changes', async () => {
    const rows = await t.db.select({ email: teachers.email }).from(teachers);
    for (const r of rows) expect(r.email).toBe(r.email.toLowerCase());
  });
});
