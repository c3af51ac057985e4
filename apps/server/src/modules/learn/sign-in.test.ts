import {
  allCalls,
  changeStudentPasswordSafe,
  ErrorCode,
  getLearnStudentInfo,
  getStudentHomeworkList,
  getStudentsLoginCards,
  learnCardUrl,
  learnLimits,
  learnMessages,
  needsStudent,
  needsTeacher,
  resetStudentsInfo,
  studentJoinClass,
  studentLogin,
  studentLogout,
  studentPassCardLogin,
} from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { signInStudent } from '../../test/learn-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let teacher: SignedInTeacher;
let classId: number;
let classCode: string;
beforeAll(async () => {
  t = await buildTestApp();
  teacher = await teacherWithToken(t);
  const c = await buildClass(t, { teacher: teacher.teacher, name: '3年1組', allowJoin: 1 });
  classId = c.id;
  classCode = c.code;
});
afterAll(() => t.close());

/** A new child of the teacher with the printed initial password. */
async function studentRow() {
  const [loginId] = await buildStudents(t, 1, { teacher: teacher.teacher, classIds: [classId], prefix: 'kid' });
  const [row] = await t.db.select().from(students).where(eq(students.loginId, loginId!));
  return { loginId: loginId!, row: row!, password: t.secretBox.open(row!.initialPasswordEnc!) };
}

const cardKeyOf = async (loginId: string) => {
  const r = await call(t, getStudentsLoginCards, { student_ids: [loginId] }, { as: teacher });
  expect(r.status).toBe(200);
  return r.data.rows[0]!.card_key;
};

describe('student/login', () => {
  it('signs a child in with the password of the card (RSA-encrypted) and answers the child', async () => {
    const kid = await studentRow();
    const r = await call(t, studentLogin, { student_id: kid.loginId.toUpperCase(), password: t.encrypt(kid.password) });
    expect(r.errcode).toBe(0);
    expect(r.data.student).toEqual({
      student_id: kid.loginId,
      name: kid.row.name,
      furigana: kid.row.furigana,
      grade_name: '3年',
      teams: [{ team_id: classId, name: '3年1組' }],
    });
    const info = await call(t, getLearnStudentInfo, {}, { as: r.data.token });
    expect(info.data.student.student_id).toBe(kid.loginId);
  });

  it('refuses a wrong password or an unknown id alike, and 400 for empty fields', async () => {
    const kid = await studentRow();
    const wrong = await call(t, studentLogin, { student_id: kid.loginId, password: t.encrypt('nope12345') });
    expect([wrong.status, wrong.errcode, wrong.errmsg]).toEqual([
      200,
      ErrorCode.LOGIN_FAILED,
      learnMessages.signInFailed,
    ]);
    const unknown = await call(t, studentLogin, { student_id: 'nobody-here', password: t.encrypt('x1234567') });
    expect(unknown.errmsg).toBe(learnMessages.signInFailed);
    const empty = await call(t, studentLogin, { student_id: ' ', password: t.encrypt('x') });
    expect([empty.status, empty.errmsg]).toEqual([400, learnMessages.loginIdRequired]);
    const noPassword = await call(t, studentLogin, { student_id: kid.loginId, password: '' });
    expect([noPassword.status, noPassword.errmsg]).toEqual([400, learnMessages.passwordRequired]);
  });

  it('pauses a login id after too many failures, even with the right password then', async () => {
    const kid = await studentRow();
    for (let i = 0; i < learnLimits.signInFailuresPer15Min; i++) {
      const r = await call(t, studentLogin, { student_id: kid.loginId, password: t.encrypt(`wrong${i}xx`) });
      expect(r.errmsg).toBe(learnMessages.signInFailed);
    }
    const r = await call(t, studentLogin, { student_id: kid.loginId, password: t.encrypt(kid.password) });
    expect([r.status, r.errcode, r.errmsg]).toEqual([429, ErrorCode.LOGIN_RATE_LIMITED, learnMessages.signInPaused]);
  });

  it('refuses a graduate (archived) with accountClosed, and their old token stops working', async () => {
    const kid = await studentRow();
    const before = await call(t, studentLogin, { student_id: kid.loginId, password: t.encrypt(kid.password) });
    expect(before.errcode).toBe(0);
    await t.db.update(students).set({ archivedAt: new Date() }).where(eq(students.id, kid.row.id));
    const r = await call(t, studentLogin, { student_id: kid.loginId, password: t.encrypt(kid.password) });
    expect([r.errcode, r.errmsg]).toEqual([ErrorCode.ACCOUNT_CLOSED, learnMessages.accountClosed]);
    expect((await call(t, getLearnStudentInfo, {}, { as: before.data.token })).status).toBe(401);
  });
});

describe('student/pass-card-login (the sign-in QR of the login card)', () => {
  it('the login cards carry a key that signs the child in, as a /learn/ card URL', async () => {
    const kid = await studentRow();
    const key = await cardKeyOf(kid.loginId);
    expect(key).toMatch(new RegExp(`^${kid.row.id}\\.0\\.[\\w-]{22}$`));
    expect(learnCardUrl('https://x.example/', key)).toBe(
      `https://x.example/learn/#/card?key=${encodeURIComponent(key)}`,
    );
    const r = await call(t, studentPassCardLogin, { key });
    expect(r.errcode).toBe(0);
    expect(r.data.student.student_id).toBe(kid.loginId);
    // The key is not used up: the same card signs in again (another iPad).
    expect((await call(t, studentPassCardLogin, { key })).errcode).toBe(0);
  });

  it('a forged key (another id, another version, another signature) is refused', async () => {
    const kid = await studentRow();
    const key = await cardKeyOf(kid.loginId);
    const [, , sig] = key.split('.');
    for (const forged of [
      `${kid.row.id + 1}.0.${sig}`,
      `${kid.row.id}.1.${sig}`,
      `${kid.row.id}.0.${'A'.repeat(22)}`,
      'x',
    ]) {
      const r = await call(t, studentPassCardLogin, { key: forged });
      expect([r.errcode, r.errmsg], forged).toEqual([ErrorCode.PASS_CARD_INVALID, learnMessages.cardInvalid]);
    }
    const empty = await call(t, studentPassCardLogin, { key: '' });
    expect([empty.status, empty.errmsg]).toEqual([400, learnMessages.cardInvalid]);
  });

  it('a password reset by the teacher renews the card: the old key stops working, the new one works', async () => {
    const kid = await studentRow();
    const old = await cardKeyOf(kid.loginId);
    expect((await call(t, resetStudentsInfo, { student_ids: [kid.loginId] }, { as: teacher })).data.count).toBe(1);
    const renewed = await cardKeyOf(kid.loginId);
    expect(renewed).not.toBe(old);
    expect((await call(t, studentPassCardLogin, { key: old })).errmsg).toBe(learnMessages.cardInvalid);
    expect((await call(t, studentPassCardLogin, { key: renewed })).errcode).toBe(0);

    const set = await call(
      t,
      changeStudentPasswordSafe,
      { student_id: kid.loginId, password: t.encrypt('newpass12') },
      { as: teacher },
    );
    expect(set.errcode).toBe(0);
    expect((await call(t, studentPassCardLogin, { key: renewed })).errmsg).toBe(learnMessages.cardInvalid);
    expect((await call(t, studentPassCardLogin, { key: await cardKeyOf(kid.loginId) })).errcode).toBe(0);
  });

  it('a graduate cannot sign in with the card', async () => {
    const kid = await studentRow();
    const key = await cardKeyOf(kid.loginId);
    await t.db.update(students).set({ archivedAt: new Date() }).where(eq(students.id, kid.row.id));
    expect((await call(t, studentPassCardLogin, { key })).errmsg).toBe(learnMessages.accountClosed);
  });
});

describe('student tokens and teacher tokens never cross', () => {
  it('every student call answers 401 without a token and with a teacher token', async () => {
    const studentCalls = allCalls.filter(needsStudent);
    expect(studentCalls.length).toBeGreaterThan(10);
    for (const c of studentCalls) {
      for (const as of [undefined, teacher.token, 'not-a-token']) {
        const r = await call(t, c, {}, { as });
        expect(r.status, `${c.path} as ${String(as)}`).toBe(401);
        expect(r.errcode).toBe(ErrorCode.UNAUTHORIZED);
      }
    }
  });

  it('a student token answers 401 on every teacher call (JSON, files and uploads)', async () => {
    const kid = await studentRow();
    const me = await signInStudent(t, kid.loginId);
    const teacherCalls = allCalls.filter(needsTeacher);
    expect(teacherCalls.length).toBeGreaterThan(50);
    for (const c of teacherCalls) {
      const res = await t.app.inject({
        method: c.method,
        url: c.path,
        payload: c.method === 'POST' ? {} : undefined,
        headers: { authorization: `Bearer ${me.token}` },
      });
      expect(res.statusCode, c.path).toBe(401);
    }
    expect((await call(t, getStudentHomeworkList, {}, { as: me })).status).toBe(200);
  });

  it('logout revokes the child’s token only', async () => {
    const kid = await studentRow();
    const a = await signInStudent(t, kid.loginId);
    const b = await signInStudent(t, kid.loginId);
    expect((await call(t, studentLogout, {}, { as: a })).errcode).toBe(0);
    expect((await call(t, getLearnStudentInfo, {}, { as: a })).status).toBe(401);
    expect((await call(t, getLearnStudentInfo, {}, { as: b })).status).toBe(200);
  });
});

describe('student/join-class', () => {
  it("joins one of the teacher's open classes by its code; 400 without a code", async () => {
    const kid = await studentRow();
    const other = await buildClass(t, { teacher: teacher.teacher, name: '3年2組', allowJoin: 1 });
    const me = await signInStudent(t, kid.loginId);
    const r = await call(t, studentJoinClass, { code: other.code.toLowerCase() }, { as: me });
    expect(r.data).toEqual({ team_id: other.id, name: '3年2組', joined: true });
    const again = await call(t, studentJoinClass, { code: classCode }, { as: me });
    expect(again.data).toEqual({ team_id: classId, name: '3年1組', joined: false });
    const info = await call(t, getLearnStudentInfo, {}, { as: me });
    expect(info.data.student.teams.map((x) => x.team_id).sort()).toEqual([classId, other.id].sort());
    const empty = await call(t, studentJoinClass, { code: ' ' }, { as: me });
    expect([empty.status, empty.errmsg]).toEqual([400, learnMessages.codeRequired]);
  });

  it("another teacher's class code answers as a wrong code", async () => {
    const kid = await studentRow();
    const stranger = await buildClass(t, { allowJoin: 1 });
    const me = await signInStudent(t, kid.loginId);
    const r = await call(t, studentJoinClass, { code: stranger.code }, { as: me });
    expect(r.errcode).toBe(ErrorCode.CLASS_CODE_INVALID);
  });
});
