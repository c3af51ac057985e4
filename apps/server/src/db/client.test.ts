// A connection the database server cuts while it sits idle in the pool must not take the process
// down (an unhandled pool 'error' event would), and the next query gets a new connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('database pool', () => {
  it('survives idle connections cut by the server', async () => {
    const { pool } = t.database;
    // Two clients in the pool, both idle afterwards.
    await Promise.all([pool.query('select pg_sleep(0.05)'), pool.query('select pg_sleep(0.05)')]);
    expect(pool.idleCount).toBeGreaterThanOrEqual(2);
    const warned = new Promise<string>((resolve) =>
      process.once('warning', (w) => {
        resolve(w.message);
      }),
    );
    const killer = await pool.connect();
    try {
      const { rows } = await killer.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
    } finally {
      killer.release();
    }
    expect(await warned).toMatch(/idle database connection lost/);
    const { rows } = await pool.query<{ one: number }>('select 1 as one');
    expect(rows[0]!.one).toBe(1);
  });
});
