import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClass, getStudentInitialPwdList } from '@ondoku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/call.js';
import { buildClass, buildStudents, teacherWithToken } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/** Security headers on the web app, API replies and errors (docs/security.md, "Headers"). */
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><body></body></html>');
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
};

describe('security headers', () => {
  it('on the web app page', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('on API replies, errors and unknown paths', async () => {
    const key = await t.app.inject({ url: '/api/v2/teacher/public-key' });
    expectSecurityHeaders(key.headers);
    const bad = await t.app.inject({
      method: 'POST',
      url: createClass.path,
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(401);
    expectSecurityHeaders(bad.headers);
    const missing = await t.app.inject({ url: '/api/v2/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing.headers);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('the initial-password list is never cached', async () => {
    const me = await teacherWithToken(t);
    const cls = await buildClass(t, { teacher: me.teacher });
    await buildStudents(t, 2, { teacher: me.teacher, classIds: [cls.id] });
    const res = await call(t, getStudentInitialPwdList, { team_id: cls.id }, { as: me });
    expect(res.status).toBe(200);
    expect(res.data.rows.length).toBe(2);
    expect(res.res.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(res.res.headers);
  });
});
