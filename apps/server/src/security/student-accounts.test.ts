import {
  changeStudentInfo,
  changeStudentPasswordSafe,
  getLearnStudentInfo,
  getStudentInfo,
  resetStudentsInfo,
  studentBatchDelete,
} from '@ondoku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../test/factories.js';
import { signInStudent } from '../test/learn-factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * What a teacher does to a student's account reaches the student's sessions and only the fields
 * it names (docs/security.md, "Sessions"; docs/classes.md, "Changing a student").
 */
let t: TestApp;
let teacher: SignedInTeacher;
let classId: number;
beforeAll(async () => {
  t = await buildTestApp();
  teacher = await teacherWithToken(t);
  classId = (await buildClass(t, { teacher: teacher.teacher, name: '5年2組' })).id;
});
afterAll(() => t.close());

const newStudent = async () =>
  (await buildStudents(t, 1, { teacher: teacher.teacher, classIds: [classId], prefix: 'acct' }))[0]!;
const reads = async (token: string) => (await call(t, getLearnStudentInfo, {}, { as: token })).status;

describe("a student's sessions end with their password", () => {
  it('a password set by the teacher signs every session of the student out, and only theirs', async () => {
    const [kid, other] = [await newStudent(), await newStudent()];
    const phone = await signInStudent(t, kid);
    const tablet = await signInStudent(t, kid);
    const bystander = await signInStudent(t, other);
    expect([await reads(phone.token), await reads(tablet.token)]).toEqual([200, 200]);

    const set = await call(
      t,
      changeStudentPasswordSafe,
      { student_id: kid, password: t.encrypt('newpass12') },
      { as: teacher },
    );
    expect(set.errcode).toBe(0);
    expect([await reads(phone.token), await reads(tablet.token)]).toEqual([401, 401]);
    expect(await reads(bystander.token)).toBe(200);
    // A session started after the change lives.
    expect(await reads((await signInStudent(t, kid)).token)).toBe(200);
  });

  it('new initial passwords (reset-students-info) sign the listed students out', async () => {
    const [a, b, c] = [await newStudent(), await newStudent(), await newStudent()];
    const [sa, sb, sc] = [await signInStudent(t, a), await signInStudent(t, b), await signInStudent(t, c)];
    expect((await call(t, resetStudentsInfo, { student_ids: [a, b] }, { as: teacher })).data.count).toBe(2);
    expect([await reads(sa.token), await reads(sb.token), await reads(sc.token)]).toEqual([401, 401, 200]);
  });

  it("a deleted student's session ends", async () => {
    const kid = await newStudent();
    const s = await signInStudent(t, kid);
    expect((await call(t, studentBatchDelete, { student_ids: [kid] }, { as: teacher })).data.count).toBe(1);
    expect(await reads(s.token)).toBe(401);
  });

  it("another teacher's reset changes nothing and ends no session", async () => {
    const kid = await newStudent();
    const s = await signInStudent(t, kid);
    const stranger = await teacherWithToken(t);
    expect((await call(t, resetStudentsInfo, { student_ids: [kid] }, { as: stranger })).status).toBe(403);
    expect(
      (await call(t, changeStudentPasswordSafe, { student_id: kid, password: t.encrypt('newpass12') }, { as: stranger }))
        .status,
    ).toBe(404);
    expect(await reads(s.token)).toBe(200);
  });
});

describe('change-student-info changes only what it names', () => {
  it('a call with only the name keeps furigana, grade, class and number', async () => {
    const kid = await newStudent();
    const full = await call(
      t,
      changeStudentInfo,
      { student_id: kid, name: '山田 花子', furigana: 'やまだ はなこ', grade_name: '5年', class_name: '2組', number: '7' },
      { as: teacher },
    );
    expect(full.errcode).toBe(0);
    const renamed = await call(t, changeStudentInfo, { student_id: kid, name: '山田 はな子' }, { as: teacher });
    expect(renamed.errcode).toBe(0);
    const info = (await call(t, getStudentInfo, { student_id: kid }, { as: teacher })).data;
    expect([info.name, info.furigana, info.grade_name, info.class_name, info.number]).toEqual([
      '山田 はな子',
      'やまだ はなこ',
      '5年',
      '2組',
      '7',
    ]);

    // Sent empty, they are cleared.
    await call(
      t,
      changeStudentInfo,
      { student_id: kid, name: '山田 はな子', furigana: '', grade_name: '', class_name: '', number: null },
      { as: teacher },
    );
    const cleared = (await call(t, getStudentInfo, { student_id: kid }, { as: teacher })).data;
    expect([cleared.furigana, cleared.grade_name, cleared.class_name, cleared.number]).toEqual(['', '', '', null]);
  });
});
