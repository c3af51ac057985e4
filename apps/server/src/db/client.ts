import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { freePort, startEmbeddedPostgres, waitForPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import * as schema from './schema/index.js';

/** The application's database: drizzle over one pg pool (`$client`: named prepared statements of fixed text). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction on it: repositories that may run inside one take this. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'embedded' | 'postgres';
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
  // A database that does not answer a connection within 5 s is away: the call answers 503
  // instead of waiting without end (docs/database.md, "When the database goes away").
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE, connectionTimeoutMillis: 5_000 });
  pool.on('error', (err) => process.emitWarning(`idle database connection lost: ${err.message}`));
  return pool;
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
 * The embedded PostgreSQL of DATA_DIR is started by the first process that needs it (the server,
 * or an operator command while the server is down) and stopped by it. That process records its
 * pid and the port here; another process finding a live owner connects to the same server.
 */
const runningFile = (dataDir: string) => path.join(dataDir, 'postgres.running.json');

interface Owner {
  pid: number;
  port: number;
}

async function liveOwner(dataDir: string): Promise<Owner | null> {
  try {
    const owner = JSON.parse(await fs.readFile(runningFile(dataDir), 'utf8')) as Owner;
    if (owner.pid === process.pid) return null;
    process.kill(owner.pid, 0); // throws when no such process
    // A pid reused by an unrelated program after the owner died: the owner is always Node.
    const cmdline = await fs.readFile(`/proc/${owner.pid}/cmdline`, 'utf8').catch(() => null);
    if (cmdline !== null && !/node|tsx/.test(cmdline)) return null;
    return owner;
  } catch {
    return null;
  }
}

export const pgliteUpgradeMessage = (dataDir: string) =>
  `${path.join(dataDir, 'pglite')} holds data of the earlier embedded database (PGlite). ` +
  'Ondoku now embeds PostgreSQL. Move the data over once with `npm run db:migrate-from-pglite` ' +
  '(with the same DATA_DIR; the server must be stopped), then start again. ' +
  'To start afresh instead, remove that folder.';

/**
 * One code path: `DATABASE_URL` → that PostgreSQL; otherwise the embedded PostgreSQL in
 * `DATA_DIR/postgres` (started here, or shared with the process that already runs it).
 * `share: false` (the server) refuses to start when another process owns the embedded database.
 */
export async function openDatabase(cfg: {
  databaseUrl?: string;
  dataDir: string;
  share?: boolean;
  /** db:migrate-from-pglite: open the new database although DATA_DIR/pglite is still there. */
  allowPglite?: boolean;
  log?: (line: string) => void;
}): Promise<Database> {
  if (cfg.databaseUrl) return openPostgres(cfg.databaseUrl);
  const dir = path.join(cfg.dataDir, 'postgres');
  if (
    !cfg.allowPglite &&
    fsSync.existsSync(path.join(cfg.dataDir, 'pglite')) &&
    !fsSync.existsSync(path.join(dir, 'PG_VERSION'))
  ) {
    throw new Error(pgliteUpgradeMessage(cfg.dataDir));
  }
  const owner = await liveOwner(cfg.dataDir);
  if (owner) {
    if (cfg.share === false) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${owner.pid} (another server or an operator command). Stop it first.`,
      );
    }
    const password = (await fs.readFile(`${dir}.password`, 'utf8')).trim();
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${owner.port}/postgres`;
    await waitForPostgres(url);
    return { ...(await openPostgres(url)), kind: 'embedded' };
  }
  await fs.mkdir(cfg.dataDir, { recursive: true });
  // Recorded before starting, so a command run meanwhile waits for this server instead of
  // taking the folder for a stale one.
  const port = await freePort();
  const file = runningFile(cfg.dataDir);
  await fs.writeFile(file, JSON.stringify({ pid: process.pid, port } satisfies Owner));
  // The postmaster is supervised: killed or crashed, it is started again on the same port, so
  // the pool's next connections find it and the server recovers without a restart
  // (docs/database.md, "When the database goes away").
  let closing = false;
  let server: EmbeddedPostgres;
  const restart = async (how: string) => {
    process.emitWarning(`embedded PostgreSQL stopped unexpectedly (${how}); starting it again`);
    for (let attempt = 1; !closing; attempt++) {
      await new Promise((r) => setTimeout(r, Math.min(250 * attempt, 5_000)));
      if (closing) return;
      try {
        server = await startEmbeddedPostgres({ dir, port, log: cfg.log, onUnexpectedExit });
        if (closing)
          await server.stop(); // closed while it was starting
        else process.emitWarning('embedded PostgreSQL is running again');
        return;
      } catch (e) {
        // Backends of the killed postmaster may still hold its shared memory for a moment.
        if (attempt % 10 === 0) process.emitWarning(`embedded PostgreSQL did not start yet: ${(e as Error).message}`);
      }
    }
  };
  const onUnexpectedExit = (how: string) => void restart(how);
  try {
    server = await startEmbeddedPostgres({ dir, port, log: cfg.log, onUnexpectedExit });
  } catch (e) {
    await fs.rm(file, { force: true });
    throw e;
  }
  const database = await openPostgres(server.url);
  return {
    ...database,
    kind: 'embedded',
    async close() {
      closing = true;
      await database.close();
      await server.stop();
      await fs.rm(file, { force: true });
    },
  };
}
