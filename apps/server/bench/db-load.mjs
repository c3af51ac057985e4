// Start figures of the built server on a fresh DATA_DIR: time until /api/health answers (first
// start, which creates the database and demo data, and a restart), resident
// memory once idle (the server process, plus its embedded PostgreSQL processes if any), and
// requests per second of GET /api/v2/teacher/info (50 concurrent keep-alive requests for 10 s,
// loopback only). Usage: npm run build && node apps/server/bench/db-load.mjs [seconds]
import { execFileSync, spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const seconds = Number(process.argv[2] ?? 10);
const root = path.resolve(import.meta.dirname, '../../..');
const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ondoku-bench-'));
const url = `http://127.0.0.1:${port}`;
const serverEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SPEECH_WORKERS: '1',
};
async function start() {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: serverEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, ms: performance.now() - t0 };
}
const stop = async (child) => {
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
};
// First start: creates the database and the demo data. Then a restart on the same DATA_DIR.
const first = await start();
await stop(first.child);
const { child, ms: restartMs } = await start();
await new Promise((r) => setTimeout(r, 3000));
const rss = (pid) =>
  Number(
    execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
      .toString()
      .trim(),
  );
const descendants = (pid) => {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,comm=']).toString().trim().split('\n');
  const rows = out
    .map((l) => l.trim().split(/\s+/))
    .map(([p, pp, c]) => ({ pid: Number(p), ppid: Number(pp), comm: c }));
  const found = [];
  const walk = (p) => rows.filter((r) => r.ppid === p).forEach((r) => (found.push(r), walk(r.pid)));
  walk(pid);
  return found;
};
const serverRss = rss(child.pid);
const pgProcs = descendants(child.pid).filter((r) => r.comm.startsWith('postgres'));
const pgRss = pgProcs.reduce((s, r) => s + rss(r.pid), 0);

const { data } = await (await fetch(`${url}/api/v2/teacher/public-key`)).json();
const password = publicEncrypt(
  { key: data.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
  Buffer.from('pass1234'),
).toString('base64');
const login = await (
  await fetch(`${url}/api/v2/teacher/login-safe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher01', password }),
  })
).json();
const token = login.data.token;
const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
let done = 0;
let failed = 0;
const end = Date.now() + seconds * 1000;
const one = () =>
  new Promise((resolve) => {
    http
      .get(`${url}/api/v2/teacher/info`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) done++;
          else failed++;
          resolve();
        });
      })
      .on('error', () => (failed++, resolve()));
  });
await Promise.all(
  Array.from({ length: 50 }, async () => {
    while (Date.now() < end) await one();
  }),
);
agent.destroy();
const peakRss = rss(child.pid);
console.log(
  JSON.stringify({
    firstStartMs: Math.round(first.ms),
    restartMs: Math.round(restartMs),
    idleRssServerMB: +(serverRss / 1024).toFixed(1),
    idleRssPostgresMB: +(pgRss / 1024).toFixed(1),
    postgresProcesses: pgProcs.length,
    reqPerSec: Math.round(done / seconds),
    failed,
    rssAfterLoadServerMB: +(peakRss / 1024).toFixed(1),
  }),
);
await stop(child);
fs.rmSync(dataDir, { recursive: true, force: true });
