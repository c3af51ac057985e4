import { vi } from 'vitest';
import type { TestApp } from './test-app.js';

/**
 * Probes for the read-cache tests (docs/architecture.md, "Read caches"): whether a read was
 * answered from memory, and whether a change made behind the server's back was heard.
 */

/** The database queries the app makes while `fn` runs, without the change feed's own sync notifications. */
export async function queriesDuring(t: TestApp, fn: () => Promise<unknown>) {
  const spy = vi.spyOn(t.database.pool, 'query');
  try {
    await fn();
    return spy.mock.calls.filter(([q]) => !JSON.stringify(q).includes('pg_notify')).length;
  } finally {
    spy.mockRestore();
  }
}

/** Waits (up to 5 s) until `check` holds: a change made behind the server's back is heard in time. */
export async function eventually(check: () => Promise<boolean>) {
  const until = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('not within 5 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}
