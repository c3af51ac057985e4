import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction on it: repositories that may run inside one take this. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'postgres';
  /** host:port of the embedded database's loopback socket. */
  conn?: string;
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

// timestamptz values come back as Date; bigint counts as numbers (they stay far below 2^53 here).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

const POOL_SIZE = 10;

/**
 * A pool whose idle connections may be cut by the server (a restart, an administrator, a dropped
 * test database): pg-pool then discards the client and emits 'error' on the pool, which would
 * end the process if nothing listened. The next query opens a new connection.
 */
function newPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE });
  pool.on('error', (err) => process.emitWarning(`idle database connection lost: ${err.message}`));
  return pool;
}

/**
 * The embedded database: PGlite in `dataDir` (or in memory), exposed on a loopback port through
 * pglite-socket so the app, the migrations and later the jobs all use the one `pg` code path
 * they use with PostgreSQL. Direct in-process PGlite queries are never mixed with socket clients.
 */
export async function openPglite(dataDir: string | 'memory'): Promise<Database> {
  if (dataDir !== 'memory') await fs.mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir === 'memory' ? undefined : dataDir);
  const socket = new PGLiteSocketServer({
    db: pglite,
    host: '127.0.0.1',
    port: 0,
    maxConnections: POOL_SIZE + 2,
  });
  await socket.start();
  const pool = newPool(`postgres://postgres@${socket.getServerConn()}/postgres`);
  return {
    kind: 'pglite',
    conn: socket.getServerConn(),
    db: drizzle(pool, { schema }),
    pool,
    async close() {
      await pool.end();
      await socket.stop();
      await pglite.close();
    },
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = newPool(connectionString);
  return {
    kind: 'postgres',
    db: drizzle(pool, { schema }),
    pool,
    close: () => pool.end(),
  };
}

/**
 * PGlite is single-process: while the server runs, an operator command must not open the same
 * folder. The server records its loopback port here, and commands connect through it instead.
 */
const runningFile = (dataDir: string) => path.join(dataDir, 'pglite.running.json');

async function runningServerUrl(dataDir: string): Promise<string | null> {
  try {
    const { pid, conn } = JSON.parse(await fs.readFile(runningFile(dataDir), 'utf8')) as { pid: number; conn: string };
    process.kill(pid, 0); // throws when no such process
    return `postgres://postgres@${conn}/postgres`;
  } catch {
    return null;
  }
}

export async function openDatabase(cfg: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (cfg.databaseUrl) return openPostgres(cfg.databaseUrl);
  const shared = await runningServerUrl(cfg.dataDir);
  if (shared) return { ...(await openPostgres(shared)), kind: 'pglite' };
  const database = await openPglite(path.join(cfg.dataDir, 'pglite'));
  const file = runningFile(cfg.dataDir);
  await fs.writeFile(file, JSON.stringify({ pid: process.pid, conn: database.conn }));
  return {
    ...database,
    async close() {
      await fs.rm(file, { force: true });
      await database.close();
    },
  };
}
