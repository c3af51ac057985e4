import { ErrorCode, limits, messages, studentMessages } from '@ondoku/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../db/schema/index.js';
import { buildClass, buildStudents, teacherWithToken } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/** docs/security.md "Existence probes": imports per teacher, taken ids reported per teacher. */
const P = limits.probeRateLimit;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HEAD = ['生徒ID', '氏名', 'ふりがな', '学年', '組', '出席番号', '初期パスワード'];
const csv = (ids: string[]) =>
  Buffer.from(
    [HEAD, ...ids.map((id, i) => [id, `生徒 ${i}`, 'せいと', '3年', '1組', String((i % 40) + 1), 'pass1234'])]
      .map((r) => r.map((c) => `"${c}"`).join(','))
      .join('\r\n') + '\r\n',
  );
const importInto = (auth: Record<string, string>, classId: number, ids: string[]) => {
  const mp = multipart({ team_id: String(classId) }, { name: 'roster.csv', data: csv(ids) });
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/team/import-team-students-list',
    payload: mp.payload,
    headers: { ...auth, ...mp.headers },
  });
};
const fresh = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}${Date.now().toString(36)}x${i}`);

describe('roster imports as existence probes', () => {
  it("reports a taken id the same way whether it is the teacher's own student or another teacher's", async () => {
    const me = await teacherWithToken(t);
    const myClass = await buildClass(t, { teacher: me.teacher });
    const mine = (await buildStudents(t, 1, { teacher: me.teacher, classIds: [myClass.id] }))[0]!;
    const theirs = (await buildStudents(t, 1))[0]!;
    const res = await importInto(me.auth, myClass.id, [mine, theirs]);
    expect(res.statusCode).toBe(200);
    const errors = res.json().data.errors as { row: number; student_id: string; message: string }[];
    expect(errors).toEqual([
      { row: 2, student_id: mine, message: studentMessages.rowIdTaken(mine) },
      { row: 3, student_id: theirs, message: studentMessages.rowIdTaken(theirs) },
    ]);
  });

  it(`limits imports to ${P.importsPerTeacher} per teacher per window (429 after)`, async () => {
    const me = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: me.teacher });
    for (let i = 0; i < P.importsPerTeacher; i++) {
      const res = await importInto(me.auth, c.id, ['']); // a row error: nothing written
      expect(res.statusCode).toBe(200);
    }
    const res = await importInto(me.auth, c.id, fresh(1, 'ok'));
    expect([res.statusCode, res.json().errcode, res.json().errmsg]).toEqual([
      429,
      ErrorCode.RATE_LIMITED,
      messages.rateLimited,
    ]);
    // Another teacher is not held back.
    const other = await teacherWithToken(t);
    const oc = await buildClass(t, { teacher: other.teacher });
    expect((await importInto(other.auth, oc.id, fresh(1, 'ok'))).json().errcode).toBe(0);
  });

  it(`reports at most ${P.takenIdsPerTeacher} taken ids per teacher per window; clean imports still work`, async () => {
    const ids = await buildStudents(t, P.takenIdsPerTeacher + 1);
    const me = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: me.teacher });
    const first = await importInto(me.auth, c.id, ids.slice(0, P.takenIdsPerTeacher - 10));
    expect(first.json().data.errors).toHaveLength(P.takenIdsPerTeacher - 10);
    const second = await importInto(me.auth, c.id, ids.slice(P.takenIdsPerTeacher - 10));
    expect(second.statusCode).toBe(429);
    expect(second.body).not.toContain(ids.at(-1)!);
    expect(second.json().errmsg).toBe(messages.rateLimited);
    const clean = await importInto(me.auth, c.id, fresh(2, 'clean'));
    expect(clean.json()).toMatchObject({ errcode: 0, data: { imported: 2, errors: [] } });
  });
});

describe('the e-mail-taken reply of the e-mail change', () => {
  it(`answers "taken" at most ${P.emailTakenPerTeacher} times per teacher per hour, even after the mail window`, async () => {
    const me = await teacherWithToken(t);
    const others = await Promise.all(Array.from({ length: P.emailTakenPerTeacher + 1 }, () => teacherWithToken(t)));
    const send = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/send-email-authentication-mail',
        payload: { email },
        headers: me.auth,
      });
    for (const o of others.slice(0, P.emailTakenPerTeacher)) {
      expect((await send(o.teacher.email)).json().errcode).toBe(ErrorCode.EMAIL_TAKEN);
    }
    // The mail window (15 minutes) passes; the probe window (an hour) does not.
    await t.db.update(rateLimitCounters).set({ windowStart: sql`now() - interval '16 minutes'` });
    const res = await send(others.at(-1)!.teacher.email);
    expect(res.statusCode).toBe(429);
    expect(res.json().errcode).toBe(ErrorCode.RATE_LIMITED);
  });
});
