import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, getMyClassRows, messages } from '@ondoku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { call } from '../test/call.js';
import { teacherWithToken, type SignedInTeacher } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * The server recovers from a lost database by itself (docs/database.md, "When the database goes
 * away"): the embedded PostgreSQL's postmaster is killed; while it is away /api/health and the
 * calls answer 503 with the spec's message, the server starts PostgreSQL again, and everything
 * works without a restart.
 */
let dataDir: string;
let database: Database;
let t: TestApp;
let teacher: SignedInTeacher;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-outage-'));
  database = await openDatabase({ dataDir, share: false });
  await runMigrations(database.pool);
  t = await buildTestApp({ sameDatabaseAs: { database } });
  teacher = await teacherWithToken(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await database?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode;
const postmasterPid = async () =>
  Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);

describe('when the database goes away', () => {
  it('answers 503 while the postmaster is gone and works again once the server has restarted it', async () => {
    expect(await health()).toBe(200);
    expect((await call(t, getMyClassRows, {}, { as: teacher })).status).toBe(200);

    const pid = await postmasterPid();
    process.kill(pid, 'SIGKILL');
    await expect.poll(health, { timeout: 10_000, interval: 50 }).toBe(503);
    const away = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(away.json()).toEqual({ errcode: ErrorCode.UNAVAILABLE, errmsg: messages.serviceError, data: null });

    // Back by itself: a new postmaster, the same data, the same token.
    await expect.poll(health, { timeout: 60_000, interval: 250 }).toBe(200);
    expect(await postmasterPid()).not.toBe(pid);
    const rows = await call(t, getMyClassRows, {}, { as: teacher });
    expect([rows.status, rows.errcode]).toEqual([200, 0]);
  }, 90_000);

  it('a call that meets the outage answers 503, never 500', async () => {
    process.kill(await postmasterPid(), 'SIGKILL');
    const statuses = new Set<number>();
    const until = Date.now() + 3_000;
    while (Date.now() < until) {
      const r = await call(t, getMyClassRows, {}, { as: teacher });
      statuses.add(r.status);
      if (r.status === 503) expect(r.errmsg).toBe(messages.serviceError);
    }
    expect(statuses.has(500)).toBe(false);
    await expect.poll(health, { timeout: 60_000, interval: 250 }).toBe(200);
  }, 90_000);
});
