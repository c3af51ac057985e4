// Reads run as named prepared statements (db/prepared.ts): one name per text, the rows those of a
// plain query, and inside a transaction the read is a plain query.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../test/test-app.js';
import { preparedRows } from './prepared.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const probe = (n: number) => sql`select ${n}::int as n, 'x' || ${String(n)} as s, now() as at`;

describe('preparedRows', () => {
  it('sends a named statement, one name per text, and answers its rows', async () => {
    const { db, pool } = t.database;
    const spy = vi.spyOn(pool, 'query');
    try {
      const rows = await preparedRows<{ n: number; s: string; at: Date }>(db, probe(1));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.n).toBe(1);
      expect(rows[0]!.s).toBe('x1');
      expect(new Date(rows[0]!.at).getTime()).toBeGreaterThan(0);
      const again = await Promise.all([2, 3, 4].map((n) => preparedRows<{ n: number }>(db, probe(n))));
      expect(again.map((r) => r[0]!.n)).toEqual([2, 3, 4]);
      const names = spy.mock.calls.map(([config]) => (config as unknown as { name?: string }).name);
      expect(names).toHaveLength(4);
      expect(new Set(names).size).toBe(1);
      expect(names[0]).toMatch(/^r_[0-9a-f]{24}$/);
    } finally {
      spy.mockRestore();
    }
  });

  it('runs as a plain query inside a transaction', async () => {
    const { db } = t.database;
    const rows = await db.transaction((tx) => preparedRows<{ n: number }>(tx, probe(5)));
    expect(rows[0]!.n).toBe(5);
  });
});
