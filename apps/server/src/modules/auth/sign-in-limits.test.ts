import { ErrorCode, limits } from '@ondoku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildTeacher } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/** docs/security.md "Sign-in limits": checked under parallel requests. */
const L = limits.loginRateLimit;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (app: TestApp, username: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v2/teacher/login-safe',
    payload: { username, password: app.encrypt(password) },
    remoteAddress: ip,
    headers,
  });
const passCard = (key: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v2/teacher/pass-card-login', payload: { key }, remoteAddress: ip });

/** How many replies were a checked password (LOGIN_FAILED) and how many were held back (429). */
const tally = (replies: { statusCode: number; json(): { errcode: number } }[]) => ({
  checked: replies.filter((r) => r.json().errcode === ErrorCode.LOGIN_FAILED).length,
  limited: replies.filter((r) => r.statusCode === 429).length,
  other: replies.filter((r) => r.statusCode !== 429 && r.json().errcode !== ErrorCode.LOGIN_FAILED).length,
});

describe('sign-in limits under parallel requests', () => {
  it('200 wrong passwords at once for one account: at most 5 checked, then locked even for the right one', async () => {
    const { teacher, password } = await buildTeacher(t.db);
    const wrong = 'wrong999';
    const replies = await Promise.all(Array.from({ length: 200 }, () => login(t, teacher.loginId, wrong, '10.20.0.1')));
    const n = tally(replies);
    expect(n.other).toBe(0);
    expect(n.checked).toBeLessThanOrEqual(L.perAccountAddress);
    expect(n.checked + n.limited).toBe(200);
    const right = await login(t, teacher.loginId, password, '10.20.0.1');
    expect(right.statusCode).toBe(429);
    expect(right.json().errcode).toBe(ErrorCode.LOGIN_RATE_LIMITED);
  });

  it('counts failures per teacher, whether the login id or the e-mail was typed', async () => {
    const { teacher, password } = await buildTeacher(t.db);
    for (let i = 0; i < 3; i++) await login(t, teacher.loginId, 'wrong999', '10.21.0.1');
    for (let i = 0; i < 2; i++) await login(t, teacher.email, 'wrong999', '10.21.0.1');
    expect((await login(t, teacher.loginId, password, '10.21.0.1')).statusCode).toBe(429);
    expect((await login(t, teacher.email.toUpperCase(), password, '10.21.0.1')).statusCode).toBe(429);
  });

  it(`many wrong sign-ins at once from one address: at most ${L.perAddress} checked`, async () => {
    const replies = await Promise.all(
      Array.from({ length: L.perAddress + 50 }, (_, i) => login(t, `nobody-par-${i}`, 'wrong999', '10.22.0.1')),
    );
    const n = tally(replies);
    expect(n.other).toBe(0);
    expect(n.checked).toBe(L.perAddress);
    expect(n.limited).toBe(50);
    const { teacher, password } = await buildTeacher(t.db);
    expect((await login(t, teacher.loginId, password, '10.22.0.1')).statusCode).toBe(429);
    expect((await login(t, teacher.loginId, password, '10.22.0.2')).json().errcode).toBe(0);
  });
});

describe('one school behind one address', () => {
  it('locks an account only for the address that failed; other teachers there and the teacher elsewhere sign in', async () => {
    const victim = await buildTeacher(t.db);
    const colleague = await buildTeacher(t.db);
    for (let i = 0; i < L.perAccountAddress; i++) await login(t, victim.teacher.loginId, 'wrong999', '10.30.0.1');
    expect((await login(t, victim.teacher.loginId, victim.password, '10.30.0.1')).statusCode).toBe(429);
    expect((await login(t, victim.teacher.loginId, victim.password, '10.30.0.2')).json().errcode).toBe(0);
    expect((await login(t, colleague.teacher.loginId, colleague.password, '10.30.0.1')).json().errcode).toBe(0);
  });

  it('40 failures of various accounts from one address do not lock its teachers out', async () => {
    for (let i = 0; i < 40; i++) await login(t, `nobody-school-${i}`, 'wrong999', '10.31.0.1');
    const { teacher, password } = await buildTeacher(t.db);
    expect((await login(t, teacher.loginId, password, '10.31.0.1')).json().errcode).toBe(0);
  });

  it('junk pass-card keys hold back pass cards only, never password sign-ins', async () => {
    const replies = await Promise.all(
      Array.from({ length: L.passCardPerAddress + 10 }, (_, i) =>
        passCard(`junk-key-${i}-${'x'.repeat(20)}`, '10.32.0.1'),
      ),
    );
    expect(replies.filter((r) => r.json().errcode === ErrorCode.PASS_CARD_INVALID)).toHaveLength(L.passCardPerAddress);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(10);
    const { teacher, password } = await buildTeacher(t.db);
    expect((await login(t, teacher.loginId, password, '10.32.0.1')).json().errcode).toBe(0);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.0/8']);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  for (const trustProxy of [1, ['127.0.0.1']]) {
    it(`rotating X-Forwarded-For does not reset the address count (TRUST_PROXY=${String(trustProxy)})`, async () => {
      const behind = await buildTestApp({ trustProxy });
      try {
        const xff = (i: number) => ({ 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}, 203.0.113.9` });
        for (let i = 0; i < L.perAddress; i++) {
          const res = await login(behind, `nobody-xff-${i}`, 'wrong999', '127.0.0.1', xff(i));
          expect(res.json().errcode).toBe(ErrorCode.LOGIN_FAILED);
        }
        const { teacher, password } = await buildTeacher(behind.db);
        const held = await login(behind, teacher.loginId, password, '127.0.0.1', xff(9999));
        expect(held.statusCode).toBe(429);
        // Another client behind the same proxy is another address.
        const other = await login(behind, teacher.loginId, password, '127.0.0.1', {
          'x-forwarded-for': '203.0.113.10',
        });
        expect(other.json().errcode).toBe(0);
      } finally {
        await behind.close();
      }
      // A second app and 100 sign-ins: 7–10 s alone, over 30 s once at load 12 beside the other files.
    }, 90_000);
  }
});
