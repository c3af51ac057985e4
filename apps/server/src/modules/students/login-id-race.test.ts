import { classMessages, createClass, ErrorCode, studentMessages } from '@ondoku/contract';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { classes, students } from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { buildClass, buildStudent, teacherWithToken } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import type * as TestAppModule from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import type * as ClassRepository from '../classes/class-repository.js';
import type * as StudentRepository from './student-repository.js';

/**
 * A login id or class name taken between the friendly pre-check and the insert (a racing call
 * won) must still answer the "already used" message, not 500: the unique index decides
 * (db/errors.ts). The pre-checks are made to miss here, as a racing call would make them.
 */
const missed = vi.hoisted(() => ({ loginIdChecks: 0, classNameChecks: 0 }));
vi.mock('./student-repository.js', async (importOriginal) => ({
  ...(await importOriginal<typeof StudentRepository>()),
  unsafeFindTakenLoginIds: async () => {
    missed.loginIdChecks++;
    return new Set<string>();
  },
}));
vi.mock('../classes/class-repository.js', async (importOriginal) => ({
  ...(await importOriginal<typeof ClassRepository>()),
  findClassByName: async () => {
    missed.classNameChecks++;
    return null;
  },
}));

let t: TestApp;
beforeAll(async () => {
  // The API projects share a worker's modules between files (isolate: false, vitest.config.ts):
  // an earlier file may have imported the app with the real repositories. Import it afresh, so
  // the routes call the mocks above…
  vi.resetModules();
  const { buildTestApp } = (await import('../../test/test-app.js')) as typeof TestAppModule;
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  // …and leave the real repositories to the files after this one.
  vi.doUnmock('./student-repository.js');
  vi.doUnmock('../classes/class-repository.js');
  vi.resetModules();
});

describe('a login id taken between the check and the insert', () => {
  it('answers studentIdTaken (200 envelope), not 500, and creates nothing', async () => {
    const other = await teacherWithToken(t);
    const taken = await buildStudent(t, { teacher: other.teacher });
    const me = await teacherWithToken(t);
    const fresh = `fresh-${Date.now().toString(36)}`;
    const mp = multipart(
      {},
      { name: 'a.csv', data: Buffer.from(`生徒ID,氏名,クラス\r\n${fresh},新しい,新1組\r\n${taken},盗む,新1組\r\n`) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/team/import-students-list',
      payload: mp.payload,
      headers: { ...me.auth, ...mp.headers },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      errcode: ErrorCode.STUDENT_ID_TAKEN,
      errmsg: studentMessages.studentIdTaken,
      data: null,
    });
    // All or nothing: neither the other row nor the class it named was created.
    expect(
      await t.db
        .select()
        .from(students)
        .where(like(students.loginId, `${fresh}%`)),
    ).toEqual([]);
    expect((await t.db.select().from(classes).where(like(classes.name, '新1組'))).length).toBe(0);
    // The pre-check was the mocked one (it missed), so the unique index answered.
    expect(missed.loginIdChecks).toBeGreaterThan(0);
  });
});

describe('a class name taken between the check and the insert', () => {
  it('answers classNameTaken from the unique index, for create and for an import naming it', async () => {
    const me = await teacherWithToken(t);
    expect((await call(t, createClass, { name: '3年1組' }, { as: me })).errcode).toBe(0);
    const again = await call(t, createClass, { name: '3年1組' }, { as: me });
    expect([again.status, again.errcode, again.errmsg]).toEqual([
      200,
      ErrorCode.CLASS_NAME_TAKEN,
      classMessages.classNameTaken,
    ]);
    // Another teacher may use the same name.
    expect((await call(t, createClass, { name: '3年1組' }, { as: await teacherWithToken(t) })).errcode).toBe(0);

    await buildClass(t, { teacher: me.teacher, name: '既存' });
    const mp = multipart(
      {},
      { name: 'a.csv', data: Buffer.from(`生徒ID,氏名,クラス\r\nnew-${Date.now().toString(36)},新,既存\r\n`) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/team/import-students-list',
      payload: mp.payload,
      headers: { ...me.auth, ...mp.headers },
    });
    expect(res.json()).toEqual({
      errcode: ErrorCode.CLASS_NAME_TAKEN,
      errmsg: classMessages.classNameTaken,
      data: null,
    });
    expect(missed.classNameChecks).toBeGreaterThan(0);
  });
});
