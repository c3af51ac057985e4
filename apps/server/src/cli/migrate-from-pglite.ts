import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { isEmpty } from '../seed/demo.js';

/**
 * `npm run db:migrate-from-pglite`: moves the data of a DATA_DIR made by the earlier embedded
 * database (PGlite, DATA_DIR/pglite) into the embedded PostgreSQL (DATA_DIR/postgres), or into
 * DATABASE_URL's database when set. The server must be stopped. Both sides are first brought to
 * the current migrations; then every table of the public schema is copied (foreign-key triggers
 * off for the copy, all in one transaction), sequences take the source's values, and the PGlite
 * folder is renamed to pglite.migrated-<time> so the server starts on the new database.
 */
const config = loadConfig();
const source = path.join(config.dataDir, 'pglite');
if (!fs.existsSync(source)) {
  console.error(`${source} がありません。移行するデータはありません。`);
  process.exit(1);
}

// Migration 0005 creates the pg_trgm extension (keyword search index) on both sides.
const pglite = await PGlite.create(source, { extensions: { pg_trgm } });
const socket = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 4 });
await socket.start();
const from = new pg.Pool({ connectionString: `postgres://postgres@${socket.getServerConn()}/postgres`, max: 1 });
const target = await openDatabase({ ...config, share: false, allowPglite: true });
try {
  await runMigrations(from);
  await runMigrations(target.pool);
  if (!(await isEmpty(target.db))) {
    throw new Error('移行先のデータベースにデータがあります。空のデータベースにだけ移行できます。');
  }
  const tables = (
    await from.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows.map((r) => r.name);
  const sequences = (
    await from.query<{ name: string }>(
      `select relname as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace order by 1`,
    )
  ).rows.map((r) => r.name);
  const id = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const to = await target.pool.connect();
  try {
    await to.query('begin');
    await to.query('set local session_replication_role = replica'); // no FK checks while copying
    for (const t of tables) await to.query(`truncate ${id(t)} cascade`);
    for (const t of tables) {
      let copied = 0;
      // Generated columns (students.search_key) are computed by the target, never copied.
      const cols = (
        await to.query<{ name: string }>(
          `select column_name as name from information_schema.columns
            where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
          [t],
        )
      ).rows
        .map((r) => id(r.name))
        .join(', ');
      for (let offset = 0; ; offset += 2000) {
        const { rows } = await from.query<{ rows: unknown[] | null }>(
          `select json_agg(x) as rows from (select * from ${id(t)} order by ctid offset $1 limit 2000) x`,
          [offset],
        );
        const batch = rows[0]?.rows ?? [];
        if (batch.length === 0) break;
        await to.query(
          `insert into ${id(t)} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${id(t)}, $1::json)`,
          [JSON.stringify(batch)],
        );
        copied += batch.length;
      }
      console.log(`${t}: ${copied}`);
    }
    for (const s of sequences) {
      const { rows } = await from.query<{ last_value: string; is_called: boolean }>(
        `select last_value, is_called from ${id(s)}`,
      );
      await to.query('select setval($1::regclass, $2, $3)', [id(s), rows[0]!.last_value, rows[0]!.is_called]);
    }
    await to.query('commit');
  } catch (e) {
    await to.query('rollback').catch(() => {});
    throw e;
  } finally {
    to.release();
  }
} finally {
  await from.end();
  await socket.stop();
  await pglite.close();
  await target.close();
}
const kept = `${source}.migrated-${new Date().toISOString().replace(/[:.]/g, '-')}`;
fs.renameSync(source, kept);
console.log(`移行しました。元の PGlite のデータは ${kept} に残してあります（不要なら削除してください）。`);
