import {
  CLASS_CODE_ALPHABET,
  classMessages,
  createClass,
  deleteClass,
  ErrorCode,
  getClassCode,
  getClassInfo,
  getMyClassRows,
  getStudentPageRows,
  getUnassignedStudentPageRows,
  renewClassCode,
  restoreClass,
  updateClass,
  yearLimits,
  yearMessages,
} from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, classStudents } from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const row = async (id: number) => (await t.db.select().from(classes).where(eq(classes.id, id)))[0]!;

describe('team/delete and team/restore', () => {
  it('401 without a token; another teacher gets 404 and nothing changes', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher });
    expect((await call(t, deleteClass, { team_id: c.id })).status).toBe(401);
    expect((await call(t, deleteClass, { team_id: c.id }, { as: b })).status).toBe(404);
    expect((await row(c.id)).deletedAt).toBeNull();
    expect((await call(t, deleteClass, {}, { as: a })).status).toBe(400);
  });

  it('soft-deletes: gone from every list, children kept, only-here children become クラス未所属; restore undoes it', async () => {
    const a = await teacherWithToken(t);
    const c1 = await buildClass(t, { teacher: a.teacher, name: '消す組' });
    const c2 = await buildClass(t, { teacher: a.teacher, name: '残る組' });
    const onlyHere = await buildStudents(t, 2, { teacher: a.teacher, classIds: [c1.id] });
    const both = await buildStudents(t, 1, { teacher: a.teacher, classIds: [c1.id, c2.id] });

    const res = await call(t, deleteClass, { team_id: c1.id }, { as: a });
    expect(res.errcode).toBe(0);
    expect(res.data).toMatchObject({ team_id: c1.id, name: '消す組', unassigned_count: 2 });
    const until = Date.parse(res.data.restorable_until);
    expect(until - Date.now()).toBeGreaterThan((yearLimits.restoreWindowSeconds - 5) * 1000);

    // The row and its memberships stay (homework and results keep their class).
    expect((await row(c1.id)).deletedAt).not.toBeNull();
    expect(await t.db.select().from(classStudents).where(eq(classStudents.classId, c1.id))).toHaveLength(3);
    const rows = (await call(t, getMyClassRows, {}, { as: a })).data.rows;
    expect(rows.map((r) => r.name)).toEqual(['残る組']);
    expect((await call(t, getClassInfo, { team_id: c1.id }, { as: a })).status).toBe(404);
    expect((await call(t, updateClass, { id: c1.id, name: 'x', allow_join: 1 }, { as: a })).status).toBe(404);

    const unassigned = await call(t, getUnassignedStudentPageRows, {}, { as: a });
    expect(unassigned.data.rows.map((s) => s.student_id).sort()).toEqual([...onlyHere].sort());
    const all = await call(t, getStudentPageRows, {}, { as: a });
    const classesOf = Object.fromEntries(all.data.rows.map((s) => [s.student_id, s.teams.map((x) => x.name)]));
    expect(classesOf[both[0]!]).toEqual(['残る組']);
    expect(classesOf[onlyHere[0]!]).toEqual([]);

    // A deleted class does not block its name.
    const again = await call(t, createClass, { name: '消す組' }, { as: a });
    expect(again.errcode).toBe(0);
    // …so restoring it while the name is used again is refused, and nothing changes.
    const clash = await call(t, restoreClass, { team_id: c1.id }, { as: a });
    expect([clash.errcode, clash.errmsg]).toEqual([ErrorCode.CLASS_NAME_TAKEN, classMessages.classNameTaken]);
    expect((await row(c1.id)).deletedAt).not.toBeNull();
    await call(t, deleteClass, { team_id: again.data.team_id }, { as: a });

    const restored = await call(t, restoreClass, { team_id: c1.id }, { as: a });
    expect(restored.data).toMatchObject({ team_id: c1.id, name: '消す組', student_count: 3 });
    expect((await call(t, getUnassignedStudentPageRows, {}, { as: a })).data.rows).toEqual([]);
    expect((await row(c1.id)).deletedAt).toBeNull();
  });

  it('after the window the deletion is final', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher });
    await call(t, deleteClass, { team_id: c.id }, { as: a });
    expect((await call(t, restoreClass, { team_id: c.id }, { as: b })).status).toBe(404);
    const old = new Date(Date.now() - (yearLimits.restoreWindowSeconds + 1) * 1000);
    await t.db.update(classes).set({ deletedAt: old }).where(eq(classes.id, c.id));
    const late = await call(t, restoreClass, { team_id: c.id }, { as: a });
    expect([late.status, late.errcode, late.errmsg]).toEqual([
      200,
      ErrorCode.CLASS_RESTORE_EXPIRED,
      yearMessages.restoreExpired,
    ]);
    expect((await row(c.id)).deletedAt).toEqual(old);
    // A live class is not "restorable".
    const live = await buildClass(t, { teacher: a.teacher });
    expect((await call(t, restoreClass, { team_id: live.id }, { as: a })).status).toBe(404);
  });

  it('deleted classes do not count toward the class limit', async () => {
    const a = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher });
    await call(t, deleteClass, { team_id: c.id }, { as: a });
    for (let i = 0; i < 100; i++) await buildClass(t, { teacher: a.teacher, name: `L${i}` });
    const over = await call(t, createClass, { name: '101' }, { as: a });
    expect(over.errcode).toBe(ErrorCode.CLASS_LIMIT);
    // Restoring would go over the limit too.
    expect((await call(t, restoreClass, { team_id: c.id }, { as: a })).errcode).toBe(ErrorCode.CLASS_LIMIT);
  });
});

describe('class codes', () => {
  it('every class gets a readable code, unique; 401; another teacher 404', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c1 = await buildClass(t, { teacher: a.teacher });
    const c2 = await buildClass(t, { teacher: a.teacher });
    expect((await call(t, getClassCode, { team_id: c1.id })).status).toBe(401);
    const r1 = await call(t, getClassCode, { team_id: c1.id }, { as: a });
    const r2 = await call(t, getClassCode, { team_id: c2.id }, { as: a });
    for (const r of [r1, r2]) {
      expect(r.data.code).toMatch(new RegExp(`^[${CLASS_CODE_ALPHABET}]{6}$`));
      expect(r.data.code).not.toMatch(/[01OIL]/);
    }
    expect(r1.data.code).not.toBe(r2.data.code);
    expect(r1.data).toMatchObject({ team_id: c1.id, allow_join: 1 });
    const stranger = await call(t, getClassCode, { team_id: c1.id }, { as: b });
    expect(stranger.status).toBe(404);
    expect(stranger.res.body).not.toContain(r1.data.code);
    expect((await call(t, renewClassCode, { team_id: c1.id }, { as: b })).status).toBe(404);
    expect((await row(c1.id)).code).toBe(r1.data.code);
  });

  it('renewing gives a new code and stores it (the old one stops working: see the join tests)', async () => {
    const a = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher });
    const before = (await row(c.id)).code;
    const renewed = await call(t, renewClassCode, { team_id: c.id }, { as: a });
    expect(renewed.errcode).toBe(0);
    expect(renewed.data.code).not.toBe(before);
    expect((await row(c.id)).code).toBe(renewed.data.code);
  });
});
