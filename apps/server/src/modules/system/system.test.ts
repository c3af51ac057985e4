import { ErrorCode, getPreparation, limits, messages } from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientLogs } from '../../db/schema/index.js';
import { preparationReporter } from '../../lib/preparation.js';
import { call } from '../../test/call.js';
import { teacherWithToken } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { writeSystemStatus } from './repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('health and status', () => {
  it('reports the database ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    // The test template holds the test fixture's library, not this build's headquarters library.
    expect(res.json()).toEqual({
      errcode: 0,
      errmsg: '',
      data: { status: 'ok', database: 'ready', library: 'installing' },
    });
  });

  it('is normal (2) until an operator sets another status', async () => {
    const get = async () => (await t.app.inject({ method: 'GET', url: '/api/ops/system-status' })).json().data;
    expect(await get()).toEqual({ status: 2, title: '', message: '' });
    await writeSystemStatus(t.db, { status: 0, title: 'メンテナンス', message: '22時まで停止します。' });
    expect(await get()).toEqual({ status: 0, title: 'メンテナンス', message: '22時まで停止します。' });
    await writeSystemStatus(t.db, { status: 2, title: '', message: '' });
  });

  it('system/preparation: the library for everybody and a demo only for its teacher, with progress, until finished', async () => {
    const demo = await teacherWithToken(t);
    const other = await teacherWithToken(t);
    expect((await call(t, getPreparation, {})).status).toBe(401);
    expect((await call(t, getPreparation, {}, { as: demo })).data).toEqual({ library: null, demo_homework: null });
    const library = preparationReporter(t.db, 'library', { everyMs: 1 });
    const homework = preparationReporter(t.db, 'demo-homework', { teacherId: demo.teacher.id, everyMs: 1 });
    await library.start(159);
    await homework.start(0);
    for (let i = 0; i < 63; i++) library.step();
    await new Promise((r) => setTimeout(r, 50));
    expect((await call(t, getPreparation, {}, { as: demo })).data).toEqual({
      library: { done: 63, total: 159 },
      demo_homework: { done: 0, total: 0 },
    });
    expect((await call(t, getPreparation, {}, { as: other })).data).toEqual({
      library: { done: 63, total: 159 },
      demo_homework: null,
    });
    await library.finish();
    await homework.start(28);
    homework.step(3);
    await new Promise((r) => setTimeout(r, 50));
    expect((await call(t, getPreparation, {}, { as: demo })).data).toEqual({
      library: null,
      demo_homework: { done: 3, total: 28 },
    });
    await homework.finish();
    expect((await call(t, getPreparation, {}, { as: demo })).data).toEqual({ library: null, demo_homework: null });
  });

  it('answers unknown paths with the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errcode: ErrorCode.NOT_FOUND, errmsg: messages.notFound, data: null });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/teacher/login-safe',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errcode).toBe(ErrorCode.BAD_REQUEST);
  });
});

describe('submit-client-log', () => {
  const send = (auth: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v2/submit-client-log', headers: auth, payload: payload as object });

  it('stores a log for the signed-in teacher', async () => {
    const { teacher, auth } = await teacherWithToken(t);
    const res = await send(auth, { client: 'teacher-web', device: 'Chrome', content: 'TypeError: x is undefined' });
    expect(res.json()).toEqual({ errcode: 0, errmsg: '', data: null });
    const rows = await t.db.select().from(clientLogs).where(eq(clientLogs.teacherId, teacher.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.content).toBe('TypeError: x is undefined');
  });

  it('refuses oversized content and empty content', async () => {
    const { auth } = await teacherWithToken(t);
    const big = await send(auth, { client: 'w', content: 'x'.repeat(limits.clientLog.maxContentChars + 1) });
    expect(big.statusCode).toBe(400);
    const empty = await send(auth, { client: 'w', content: '   ' });
    expect(empty.statusCode).toBe(400);
  });

  it('is rate-limited per teacher', async () => {
    const { auth } = await teacherWithToken(t);
    for (let i = 0; i < limits.clientLog.perMinute; i++) {
      expect((await send(auth, { client: 'w', content: `e${i}` })).json().errcode).toBe(0);
    }
    const res = await send(auth, { client: 'w', content: 'one more' });
    expect(res.statusCode).toBe(429);
    expect(res.json().errmsg).toBe(messages.rateLimited);
  });

  it('needs a token', async () => {
    expect((await send({}, { client: 'w', content: 'x' })).statusCode).toBe(401);
  });
});
