import { ErrorCode, getStudentsLoginCards, learnLimits, limits } from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../db/schema/index.js';
import { unknownStudentHash } from '../modules/students/passwords.js';
import { call } from '../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * Children's sign-in cannot be locked from elsewhere, sprayed from one address or probed by its
 * timing, and the children's QR sign-in has a bucket of its own (docs/security.md, "Children's
 * sign-in"). Each case uses addresses of its own, so the cases do not share counters.
 */
let t: TestApp;
let teacher: SignedInTeacher;
let classId: number;
beforeAll(async () => {
  t = await buildTestApp();
  teacher = await teacherWithToken(t);
  classId = (await buildClass(t, { teacher: teacher.teacher, name: '3年1組' })).id;
});
afterAll(() => t.close());

const login = (loginId: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/student/login',
    payload: { student_id: loginId, password: t.encrypt(password) },
    remoteAddress: ip,
  });
const studentCard = (key: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v2/student/pass-card-login', payload: { key }, remoteAddress: ip });
const teacherCard = (key: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/v2/teacher/pass-card-login', payload: { key }, remoteAddress: ip });

async function kids(n: number) {
  const ids = await buildStudents(t, n, { teacher: teacher.teacher, classIds: [classId], prefix: 'sg' });
  return Promise.all(
    ids.map(async (loginId) => {
      const [row] = await t.db.select().from(students).where(eq(students.loginId, loginId));
      return { loginId, password: t.secretBox.open(row!.initialPasswordEnc!) };
    }),
  );
}

describe("children's sign-in", () => {
  it('100 parallel wrong passwords from one address lock that address only: the child signs in from school', async () => {
    const [kid] = await kids(1);
    const replies = await Promise.all(Array.from({ length: 100 }, () => login(kid!.loginId, 'wrong-guess1', '10.66.0.1')));
    const checked = replies.filter((r) => r.json().errcode === ErrorCode.LOGIN_FAILED).length;
    expect(checked).toBe(learnLimits.signInFailuresPer15Min);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(100 - checked);
    // The attacker's address stays paused, even with the right password…
    expect((await login(kid!.loginId, kid!.password, '10.66.0.1')).statusCode).toBe(429);
    // …while the child at school is not held back.
    expect((await login(kid!.loginId, kid!.password, '10.66.0.2')).json().errcode).toBe(0);
  });

  it('one address spraying many ids is stopped at the ceiling across ids', async () => {
    const many = await kids(12);
    const ip = '10.67.0.1';
    let checked = 0;
    let limited = 0;
    // Fewer than `per` tries per id, so only the address's ceiling can stop them.
    for (let round = 0; round < Math.ceil((learnLimits.signInFailuresPerAddress15Min + 20) / many.length); round++) {
      const replies = await Promise.all(many.map((k) => login(k.loginId, `guess-${round}-x9`, ip)));
      checked += replies.filter((r) => r.json().errcode === ErrorCode.LOGIN_FAILED).length;
      limited += replies.filter((r) => r.statusCode === 429).length;
    }
    expect(checked).toBe(learnLimits.signInFailuresPerAddress15Min);
    expect(limited).toBeGreaterThan(0);
    // Another address of the school is not affected.
    expect((await login(many[0]!.loginId, many[0]!.password, '10.67.0.2')).json().errcode).toBe(0);
  });

  it('a right password gives its address slot back: a class signing in does not fill the ceiling', async () => {
    const many = await kids(5);
    const ip = '10.68.0.1';
    for (let i = 0; i < learnLimits.signInFailuresPerAddress15Min + 5; i++) {
      const k = many[i % many.length]!;
      expect((await login(k.loginId, k.password, ip)).json().errcode).toBe(0);
    }
  });

  it('an unknown id costs a hash of the same parameters as a known one', async () => {
    const [kid] = await kids(1);
    const [row] = await t.db.select().from(students).where(eq(students.loginId, kid!.loginId));
    const params = (h: string) => h.split('$')[3];
    expect(params(await unknownStudentHash())).toBe(params(row!.passwordHash!));
    expect((await login('nobody-at-all', 'whatever1', '10.69.0.1')).json().errcode).toBe(ErrorCode.LOGIN_FAILED);
  });

  it("junk teacher pass-card keys do not block the children's QR sign-in from the same address", async () => {
    const [kid] = await kids(1);
    const ip = '10.70.0.1';
    for (let i = 0; i <= limits.loginRateLimit.passCardPerAddress; i++) await teacherCard(`junk-${i}`, ip);
    expect((await teacherCard('junk-last', ip)).statusCode).toBe(429);
    const cards = await call(t, getStudentsLoginCards, { student_ids: [kid!.loginId] }, { as: teacher });
    const r = await studentCard(cards.data.rows[0]!.card_key, ip);
    expect(r.json().errcode).toBe(0);
  });
});
