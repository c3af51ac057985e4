import { describe, expect, it } from 'vitest';
import { loginForm, loginSafe } from './calls/auth.js';
import { ErrorCode, httpStatusOf } from './errors.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('login rules (spec §5)', () => {
  it('requires the ID and treats whitespace-only as empty', () => {
    for (const username of ['', '   ', '\t\n', '　']) {
      expect(firstMessage(loginForm.safeParse({ username, password: 'pass1234' }))).toBe(
        'アカウントIDを入力してください。',
      );
    }
    expect(firstMessage(loginForm.safeParse({ password: 'pass1234' }))).toBe('アカウントIDを入力してください。');
  });

  it('requires the password and treats whitespace-only as empty, without trimming a real one', () => {
    expect(firstMessage(loginForm.safeParse({ username: 'a', password: '  ' }))).toBe('パスワードを入力してください。');
    expect(loginForm.parse({ username: ' teacher01 ', password: ' pass 1234 ' })).toEqual({
      username: 'teacher01',
      password: ' pass 1234 ',
    });
  });

  it('the server-side login schema gives the same messages', () => {
    expect(firstMessage(loginSafe.input.safeParse({ username: ' ', password: 'x' }))).toBe(
      'アカウントIDを入力してください。',
    );
    expect(firstMessage(loginSafe.input.safeParse({ username: 'a', password: '' }))).toBe(
      'パスワードを入力してください。',
    );
  });
});

describe('error codes', () => {
  it('map to the HTTP statuses of api-paths.md', () => {
    expect(httpStatusOf(ErrorCode.LOGIN_FAILED)).toBe(200);
    expect(httpStatusOf(ErrorCode.BAD_REQUEST)).toBe(400);
    expect(httpStatusOf(ErrorCode.UNAUTHORIZED)).toBe(401);
    expect(httpStatusOf(ErrorCode.FORBIDDEN)).toBe(403);
    expect(httpStatusOf(ErrorCode.NOT_FOUND)).toBe(404);
    expect(httpStatusOf(ErrorCode.PAYLOAD_TOO_LARGE)).toBe(413);
    expect(httpStatusOf(ErrorCode.LOGIN_RATE_LIMITED)).toBe(429);
    expect(httpStatusOf(ErrorCode.INTERNAL)).toBe(500);
  });
});
