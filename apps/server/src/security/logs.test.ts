import { Writable } from 'node:stream';
import { changeStudentInfo, searchStudent } from '@ondoku/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logOptions, redactError, redactUrl } from '../lib/log-options.js';
import { call } from '../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * The log of a run holds no tickets, signatures, search words, names or e-mail addresses
 * (docs/security.md, "Logs"): requests that carry them are made with the production logger
 * options, and everything written is searched for them.
 */
let t: TestApp;
let teacher: SignedInTeacher;
let written = '';
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      written += chunk.toString();
      done();
    },
  });
  t = await buildTestApp({ logger: { ...logOptions('info'), stream } });
  teacher = await teacherWithToken(t);
});
afterAll(() => t.close());

describe('the log', () => {
  it('keeps query values, names and e-mail addresses out of request and error lines', async () => {
    const c = await buildClass(t, { teacher: teacher.teacher });
    const [loginId] = await buildStudents(t, 1, { teacher: teacher.teacher, classIds: [c.id], prefix: 'logkid' });
    await call(t, changeStudentInfo, { student_id: loginId!, name: '秘密 花子' }, { as: teacher });
    expect((await call(t, searchStudent, { kw: '秘密' }, { as: teacher })).status).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/v2/new-evaluation-service/socket?ticket=SECRET-TICKET-123' });
    await t.app.inject({ method: 'GET', url: '/api/v2/recording/abc?exp=1&sig=SECRET-SIG-456' });

    expect(written).toContain('search-student?kw');
    for (const secret of ['秘密', 'SECRET-TICKET-123', 'SECRET-SIG-456', loginId!])
      expect(written).not.toContain(secret);
  });

  it("an error of a failed query loses its parameters and PostgreSQL's detail", async () => {
    const err = await t.db.execute(sql`select ${'hanako@example.jp'}::int`).catch((e: unknown) => e);
    const shown = JSON.stringify(redactError(err));
    expect(shown).toContain('params: [hidden]');
    expect(shown).not.toContain('hanako@example.jp');
    expect(JSON.stringify(redactError(new Error('mail to <taro@example.jp> failed')))).not.toContain('taro@');
  });

  it('shows the names of query parameters only', () => {
    expect(redactUrl('/api/v2/teacher/search-student?kw=%E5%B1%B1&page=1')).toBe(
      '/api/v2/teacher/search-student?kw&page',
    );
    expect(redactUrl('/a')).toBe('/a');
  });
});
