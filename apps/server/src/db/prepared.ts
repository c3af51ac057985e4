import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client.js';

const dialect = new PgDialect();
/** Statement names by text: as many as a read has shapes (its filters), values are parameters. */
const names = new Map<string, string>();

/**
 * Run a read built with drizzle's `sql` as a named prepared statement (docs/database.md,
 * "Prepared reads"): PostgreSQL parses and plans it once per connection instead of on every
 * request (planning the homework list took 2–4 ms, more than running it). Rows come as pg parses
 * them (timestamps as Date): callers convert with `new Date(x)` either way. Inside a
 * transaction it runs as a plain query.
 */
export async function preparedRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return (await db.execute(query)).rows as T[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (name === undefined) {
    name = `r_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  const { rows } = await client.query<T & Record<string, unknown>>({ name, text, values: params });
  return rows;
}
