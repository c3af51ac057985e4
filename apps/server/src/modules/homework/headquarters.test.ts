import { getMyHomeworkPageList, hideClass } from '@ondoku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken } from '../../test/factories.js';
import { buildResource } from '../../test/homework-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { publishHeadquartersHomework } from './headquarters.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('headquarters homework (the operator command)', () => {
  it("hands headquarters material to each named teacher's visible classes, once per key", async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const a1 = await buildClass(t, { teacher: a.teacher });
    const a2 = await buildClass(t, { teacher: a.teacher });
    const b1 = await buildClass(t, { teacher: b.teacher });
    for (const c of [a1, a2]) await buildStudents(t, 2, { teacher: a.teacher, classIds: [c.id] });
    await buildStudents(t, 2, { teacher: b.teacher, classIds: [b1.id] });
    await call(t, hideClass, { team_id: a2.id }, { as: a });
    const hq = await buildResource(t, { title: '本部の教材' });
    const now = new Date();
    const input = {
      title: '本部からの宿題',
      resourceKeys: [hq.key],
      teacherLoginIds: [a.teacher.loginId, b.teacher.loginId],
      endTime: new Date(now.getTime() + 7 * 86_400_000),
      key: 'spring-2026',
    };
    const results = await publishHeadquartersHomework(t.db, input, now);
    expect(results.map((r) => [r.teacher, r.homeworkIds.length, r.error])).toEqual(
      expect.arrayContaining([
        [a.teacher.loginId, 1, undefined],
        [b.teacher.loginId, 1, undefined],
      ]),
    );
    const rows = (await call(t, getMyHomeworkPageList, {}, { as: a })).data.rows;
    expect(rows).toEqual([
      expect.objectContaining({ origin_type: 'headquarters', team: { team_id: a1.id, name: a1.name } }),
    ]);
    expect((await call(t, getMyHomeworkPageList, { origin_type: 'classroom' }, { as: a })).data.total).toBe(0);
    // The same key again publishes nothing more.
    await publishHeadquartersHomework(t.db, input, now);
    expect((await call(t, getMyHomeworkPageList, {}, { as: a })).data.total).toBe(1);
    // Only headquarters material, only known teachers.
    const own = await buildResource(t, { teacher: a.teacher });
    await expect(
      publishHeadquartersHomework(t.db, { ...input, resourceKeys: [own.key], key: 'x' }, now),
    ).rejects.toThrow('本部教材が見つかりません');
    await expect(
      publishHeadquartersHomework(t.db, { ...input, teacherLoginIds: ['nobody'], key: 'y' }, now),
    ).rejects.toThrow('教師が見つかりません: nobody');
  });
});
