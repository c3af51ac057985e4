import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, classStudents, students } from '../../db/schema/index.js';
import { buildClass, buildStudents, teacherWithToken } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The acceptance rule of issue 4: teacher02's token can neither read nor change anything of
 * teacher01's classes and students, whatever ids or teacher_id parameter it sends.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const snapshot = async () => ({
  classes: await t.db.select().from(classes).orderBy(asc(classes.id)),
  students: await t.db.select().from(students).orderBy(asc(students.id)),
  members: await t.db.select().from(classStudents).orderBy(asc(classStudents.classId), asc(classStudents.studentId)),
});

describe("another teacher's token", () => {
  it('reads nothing and changes nothing of the owner, through every class and student call', async () => {
    const owner = await teacherWithToken(t);
    const other = await teacherWithToken(t);
    const c1 = await buildClass(t, { teacher: owner.teacher, name: '持ち主1' });
    const c2 = await buildClass(t, { teacher: owner.teacher, name: '持ち主2' });
    const ids = await buildStudents(t, 3, { teacher: owner.teacher, classIds: [c1.id], prefix: 'own' });
    const before = await snapshot();
    const q = `teacher_id=${owner.teacher.id}&flag=1`;
    const h = other.auth;

    const gets = [
      `/api/v2/team/info?team_id=${c1.id}&${q}`,
      `/api/v2/team/student-info?student_id=${ids[0]}&${q}`,
      `/api/v2/team/get-student-initial-pwd-list?team_id=${c1.id}&${q}`,
      `/api/v2/team/batch-deletion-confirm?team_id=${c1.id}&${q}`,
      `/api/v2/team/export-students-xls?team_id=${c1.id}&${q}`,
      `/api/v2/team/student-page-rows?team_id=${c1.id}&${q}`,
      `/api/v2/homework/student-list-by-team?team_id=${c1.id}&${q}`,
    ];
    for (const url of gets) {
      const res = await t.app.inject({ method: 'GET', url, headers: h });
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain(ids[0]!);
    }
    // Lists answer the caller's own (empty) data, whatever teacher_id says.
    for (const url of [
      `/api/v2/team/my-team-rows?${q}`,
      `/api/v2/team/student-page-rows?${q}`,
      `/api/v2/team/student-branch-rows?include_hidden=1&${q}`,
      `/api/v2/teacher/search-student?kw=own&${q}`,
      `/api/v2/homework/team-rows?${q}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: h });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data.rows, url).toEqual([]);
    }
    const exportAll = await t.app.inject({ method: 'GET', url: `/api/v2/team/export-students-xls?${q}`, headers: h });
    expect(exportAll.statusCode).toBe(200);
    expect(exportAll.rawPayload.includes(Buffer.from(ids[0]!))).toBe(false);

    const posts: [string, object][] = [
      ['update', { id: c1.id, name: '乗っ取り', allow_join: 0 }],
      ['reorder-sort', { team_ids: [c2.id, c1.id] }],
      ['make-hidden', { team_id: c1.id }],
      ['make-obvious', { team_id: c1.id }],
      [
        'change-student-info',
        { student_id: ids[0], name: '乗っ取り', furigana: '', grade_name: '', class_name: '', number: '' },
      ],
      ['change-student-password-safe', { student_id: ids[0], password: t.encrypt('stolen123') }],
      ['leave', { student_id: ids[0], team_id: c1.id }],
      ['student-batch-leave', { team_id: c1.id, student_ids: ids }],
      ['batch-change-grade-name', { student_ids: ids, grade_name: '9年' }],
      ['batch-change-class-name', { student_ids: ids, class_name: '9組' }],
      ['batch-deletion', { team_id: c1.id, student_count: 3 }],
      ['reset-students-info', { student_ids: ids }],
    ];
    for (const [call, body] of posts) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v2/team/${call}?${q}`, payload: body, headers: h });
      expect([403, 404], call).toContain(res.statusCode);
    }
    const mp = multipart(
      { team_id: String(c1.id) },
      { name: 'a.csv', data: Buffer.from('生徒ID,氏名\r\nsteal-001,盗む\r\n') },
    );
    const imp = await t.app.inject({
      method: 'POST',
      url: `/api/v2/team/import-team-students-list?${q}`,
      payload: mp.payload,
      headers: { ...h, ...mp.headers },
    });
    expect(imp.statusCode).toBe(404);

    expect(await snapshot()).toEqual(before);
  });
});
