import { defineCall } from '@ondoku/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { AppError } from './app-error.js';
import { replySerializerCompiler } from './reply-serializer.js';
import { route } from './route.js';

/**
 * route()'s transaction and after-commit work (docs/architecture.md, "The handler shape"): the
 * work runs once the transaction committed, never after a rollback, and its failure is logged
 * while the committed success still answers.
 */

const call = (path: string) =>
  defineCall({
    method: 'POST',
    path,
    access: 'public',
    tag: 'system',
    summary: 'test',
    input: z.object({ n: z.number() }),
    output: z.object({ n: z.number() }),
  });

let t: TestApp;
let app: FastifyInstance;
const logged: string[] = [];
/** What the after-commit work saw of the row its handler wrote, from outside the transaction. */
const seen: (number | null)[] = [];

const rowOf = async (n: number) => {
  const r = await t.db.execute<{ n: number }>(sql`select n from route_test where n = ${n}`);
  return r.rows[0]?.n ?? null;
};

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.execute(sql`create table route_test (n int primary key)`);
  const stream = new Writable({
    write(chunk, _enc, done) {
      logged.push(String(chunk));
      done();
    },
  });
  app = Fastify({ logger: { level: 'error', stream } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler);
  app.decorate('db', t.db);
  route(app, call('/t/commit'), { transaction: true }, async ({ input, tx, afterCommit }) => {
    await tx.execute(sql`insert into route_test values (${input.n})`);
    afterCommit(async () => void seen.push(await rowOf(input.n)));
    return { n: input.n };
  });
  route(app, call('/t/rollback'), { transaction: true }, async ({ input, tx, afterCommit }) => {
    await tx.execute(sql`insert into route_test values (${input.n})`);
    afterCommit(() => void seen.push(-1));
    throw AppError.badRequest('no');
  });
  route(app, call('/t/failing-work'), { transaction: true }, async ({ input, tx, afterCommit }) => {
    await tx.execute(sql`insert into route_test values (${input.n})`);
    afterCommit(() => {
      throw new Error('the runner is away');
    });
    afterCommit(async () => void seen.push(await rowOf(input.n)));
    return { n: input.n };
  });
  route(app, call('/t/snapshot'), { transaction: 'repeatable read' }, async ({ tx }) => {
    const r = await tx.execute<{ iso: string; ro: string }>(
      sql`select current_setting('transaction_isolation') as iso, current_setting('transaction_read_only') as ro`,
    );
    return { n: r.rows[0]!.iso === 'repeatable read' && r.rows[0]!.ro === 'on' ? 1 : 0 };
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await t?.close();
});

const post = (url: string, n: number) => app.inject({ method: 'POST', url, payload: { n } });

describe('route(): transaction and after-commit work', () => {
  it('runs the work once the transaction committed: it sees the row', async () => {
    seen.length = 0;
    const res = await post('/t/commit', 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ errcode: 0, errmsg: '', data: { n: 1 } });
    expect(seen).toEqual([1]);
  });

  it('never runs it after a rollback', async () => {
    seen.length = 0;
    const res = await post('/t/rollback', 2);
    expect(res.statusCode).not.toBe(200);
    expect(seen).toEqual([]);
    expect(await rowOf(2)).toBeNull();
  });

  it('logs failing work, runs the rest, and still answers the committed success', async () => {
    seen.length = 0;
    logged.length = 0;
    const res = await post('/t/failing-work', 3);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ errcode: 0, errmsg: '', data: { n: 3 } });
    expect(seen).toEqual([3]);
    expect(logged.join('')).toContain('after-commit work failed');
    expect(logged.join('')).toContain('the runner is away');
  });

  it("'repeatable read' gives the handler one read-only snapshot", async () => {
    const res = await post('/t/snapshot', 0);
    expect(res.json()).toEqual({ errcode: 0, errmsg: '', data: { n: 1 } });
  });
});
