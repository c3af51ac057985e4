// The embedded PostgreSQL of `npm start`: binaries usable without npm's install scripts, a
// loopback-only server with a generated password kept 0600 and fsync on, a postmaster left behind
// by a killed owner replaced at the next start, and the database shared with operator commands.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { ensureBinaries, startEmbeddedPostgres } from './embedded-postgres.js';

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ondoku-embedded-'));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end();
  }
}

describe.skipIf(process.env.TEST_DB === 'postgres')('embedded PostgreSQL', () => {
  it('restores the binaries’ symbolic links idempotently', () => {
    const bin = ensureBinaries();
    expect(ensureBinaries()).toBe(bin);
    expect(fs.existsSync(path.join(bin, 'postgres'))).toBe(true);
  });

  it('serves on loopback with a private password and fsync, and replaces a stale postmaster', async () => {
    const dir = path.join(tmp, 'a', 'postgres');
    const first = await startEmbeddedPostgres({ dir });
    expect(fs.statSync(`${dir}.password`).mode & 0o777).toBe(0o600);
    const [settings] = await query<{ listen: string; fsync: string; socket: string }>(
      first.url,
      `select current_setting('listen_addresses') as listen, current_setting('fsync') as fsync,
              current_setting('unix_socket_directories') as socket`,
    );
    expect(settings).toEqual({ listen: '127.0.0.1', fsync: 'on', socket: '' });
    await expect(query(first.url.replace(/:[^:@/]+@/, ':wrong@'), 'select 1')).rejects.toThrow(/password/);
    await query(first.url, 'create table kept (v text); insert into kept values ($$音読$$)');

    // As if the owner had been killed: its postmaster still runs when the next start comes.
    const second = await startEmbeddedPostgres({ dir });
    try {
      await expect(query(first.url, 'select 1')).rejects.toThrow();
      expect(await query<{ v: string }>(second.url, 'select v from kept')).toEqual([{ v: '音読' }]);
    } finally {
      await second.stop();
      await first.stop();
    }
    expect(fs.existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
  });

  it('refuses a DATA_DIR holding only PGlite data, saying how to move it', async () => {
    const dataDir = path.join(tmp, 'old');
    fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    await expect(openDatabase({ dataDir })).rejects.toThrow(/npm run db:migrate-from-pglite/);
  });

  it('lets a second process connect to the running database; the server refuses to share it', async () => {
    const dataDir = path.join(tmp, 'shared');
    const owner = await openDatabase({ dataDir });
    try {
      // Pretend the owner is another live process (our parent), as for `npm run admin`.
      const file = path.join(dataDir, 'postgres.running.json');
      const rec = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number; port: number };
      fs.writeFileSync(file, JSON.stringify({ ...rec, pid: process.ppid }));
      const command = await openDatabase({ dataDir });
      expect((await command.pool.query<{ n: number }>('select 1 as n')).rows[0]!.n).toBe(1);
      await command.close();
      await expect(openDatabase({ dataDir, share: false })).rejects.toThrow(/in use by process/);
    } finally {
      await owner.close();
    }
  });
});
