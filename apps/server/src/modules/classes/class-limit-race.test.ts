import { classLimits, classMessages, createClass, ErrorCode } from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes } from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { teacherWithToken } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('class limit under concurrency', () => {
  it('126 parallel creations leave exactly the limit, the rest answered classLimit (never 5xx)', async () => {
    const me = await teacherWithToken(t);
    const extra = 26;
    const replies = await Promise.all(
      Array.from({ length: classLimits.maxClasses + extra }, (_, i) =>
        call(t, createClass, { name: `組${i}` }, { as: me }),
      ),
    );
    const rows = await t.db.select().from(classes).where(eq(classes.teacherId, me.teacher.id));
    expect(replies.filter((r) => r.status >= 500).map((r) => r.errmsg)).toEqual([]);
    expect(rows).toHaveLength(classLimits.maxClasses);
    expect(replies.filter((r) => r.errcode === 0)).toHaveLength(classLimits.maxClasses);
    const refused = replies.filter((r) => r.errcode !== 0);
    expect(refused).toHaveLength(extra);
    for (const r of refused) {
      expect([r.status, r.errcode, r.errmsg]).toEqual([200, ErrorCode.CLASS_LIMIT, classMessages.classLimit]);
    }
  });
});
