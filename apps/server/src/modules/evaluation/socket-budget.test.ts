import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createSocketBudget } from './socket-budget.js';

/**
 * The socket limits hold across server processes: two budgets on one database are two processes
 * (each has its own id and heartbeat), as behind a load balancer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const studentReader = (id: number) => ({ kind: 'student' as const, id, group: 1 });

describe('evaluation socket budget across processes', () => {
  it('a child with two sockets open on one process is refused a third on the other', async () => {
    const a = createSocketBudget({ db: t.db });
    const b = createSocketBudget({ db: t.db });
    try {
      const first = await a.admit(studentReader(101), 2);
      const second = await b.admit(studentReader(101), 2);
      expect(first).not.toBeNull();
      expect(second).not.toBeNull();
      expect(await a.admit(studentReader(101), 2)).toBeNull();
      expect(await b.admit(studentReader(101), 2)).toBeNull();
      // Another child, and a teacher with the same number, are not affected.
      expect(await b.admit(studentReader(102), 2)).not.toBeNull();
      expect(await b.admit({ kind: 'teacher', id: 101, group: 101 }, 2)).not.toBeNull();
      // A closed socket gives its place back, on whichever process it was.
      first!();
      await waitUntil(async () => (await openRows(101)) === 1);
      expect(await b.admit(studentReader(101), 2)).not.toBeNull();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('admissions at the same moment on two processes never pass the limit', async () => {
    const a = createSocketBudget({ db: t.db });
    const b = createSocketBudget({ db: t.db });
    try {
      const tries = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).admit(studentReader(201), 2)),
      );
      expect(tries.filter(Boolean)).toHaveLength(2);
      expect(await openRows(201)).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("a process that died holds its children's places only until the lease runs out", async () => {
    // The dead process never renews (its heartbeat is far off) and never closes.
    const dead = createSocketBudget({ db: t.db, leaseSeconds: 1, heartbeatMs: 3_600_000 });
    const live = createSocketBudget({ db: t.db, leaseSeconds: 1, heartbeatMs: 200 });
    try {
      expect(await dead.admit(studentReader(301), 1)).not.toBeNull();
      expect(await live.admit(studentReader(301), 1)).toBeNull();
      await new Promise((r) => setTimeout(r, 1_300));
      const kept = await live.admit(studentReader(301), 1);
      expect(kept).not.toBeNull();
      // A live process's place is renewed by its heartbeat, so it outlasts the lease.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await dead.admit(studentReader(301), 1)).toBeNull();
    } finally {
      await live.close();
      await dead.close();
    }
  });

  it("shutting down gives back the process's places", async () => {
    const a = createSocketBudget({ db: t.db });
    expect(await a.admit(studentReader(401), 1)).not.toBeNull();
    await a.close();
    expect(await openRows(401)).toBe(0);
  });
});

async function openRows(studentId: number) {
  const r = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from evaluation_sockets where reader_kind = 'student' and reader_id = ${studentId}`,
  );
  return r.rows[0]!.n;
}

async function waitUntil(ok: () => Promise<boolean>) {
  for (let i = 0; i < 100 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 20));
}
