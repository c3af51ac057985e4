import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/**
 * End-to-end harness: the real built server (`node apps/server/dist/server.js`) on a free port
 * with an empty DATA_DIR, and Debian's Chromium driven headless by playwright-core with a fresh
 * profile. One server serves the whole e2e project (global-setup.ts starts and stops it;
 * `sharedServer()` in a spec); each spec seeds its own teacher and data through the operator
 * command and the API, never relying on the demo data (the shared server has the demo school's
 * accounts and classes for demo-rollover.e2e.ts alone). Only tests about the process itself
 * (durability: restart, crash) or about what the whole server shows (sign-in's start-up status)
 * start servers of their own: the specs run in groups side by side (e2e/groups.ts).
 */
const root = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');
const adminEntry = path.join(root, 'apps/server/dist/admin.js');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const shotsDir = path.join(root, 'test-results', 'screenshots');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  admin(...args: string[]): Promise<string>;
  /** Stop with SIGTERM (graceful) and remove DATA_DIR unless keepData. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
  /** Kill hard (SIGKILL), keeping DATA_DIR: a crash. */
  kill(): Promise<void>;
  /** What the server printed so far. */
  log(): string;
}

export interface ServerOptions {
  /** Reuse a DATA_DIR (to restart on the same data). */
  dataDir?: string;
  env?: Record<string, string>;
}

function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: '',
    // The library's model audio is synthesised once per checkout, not once per run (docs/library.md).
    TTS_CACHE_DIR: path.join(root, 'node_modules/.cache/ondoku-tts'),
    // Specs make their own data; the demo school's readings would keep the speech workers busy
    // for minutes (docs/seed.md) beside the specs' own evaluations.
    SEED_DEMO: 'false',
    // A spec's own server (durability, the status check) neither browses the library nor reads
    // aloud: no install of its own and no warm-up, which on a cold synthesis cache took the cores
    // from the shared server's install (docs/testing.md, "2026-11-28 night"). The shared server
    // (global-setup.ts) turns both back on.
    LIBRARY_INSTALL: 'false',
    SPEECH_WARM_UP: 'false',
    ...extra,
  };
}

/** `npm run admin` on the server's data (through its database port while it runs). */
const adminCommand =
  (env: NodeJS.ProcessEnv) =>
  async (...args: string[]) => {
    const { stdout } = await promisify(execFile)(process.execPath, [adminEntry, ...args], { env });
    return stdout;
  };

/** What global-setup.ts hands to the specs. */
export interface SharedServerInfo {
  url: string;
  port: number;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eServer: SharedServerInfo;
  }
}

/** How long a first start's background install of the content library may take (cold synthesis cache). */
export const LIBRARY_INSTALL_MS = 20 * 60_000;

/** Wait until the server's content library is installed (/api/health reports it). */
export async function waitForLibrary(url: string) {
  const deadline = Date.now() + LIBRARY_INSTALL_MS;
  for (;;) {
    const health = (await fetch(`${url}/api/health`).then((r) => r.json())) as { data?: { library?: string } };
    if (health.data?.library === 'ready') return;
    if (Date.now() > deadline) throw new Error('the content library was not installed within 20 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The e2e project's one server (started by global-setup.ts). */
export function sharedServer() {
  const info = inject('e2eServer');
  return { ...info, admin: adminCommand(serverEnv(info.port, info.dataDir)) };
}
export type SharedServer = ReturnType<typeof sharedServer>;

export interface TestTeacher {
  loginId: string;
  email: string;
  password: string;
  nickname: string;
}

/**
 * A teacher of this spec alone, created by the operator command: a unique login id and e-mail,
 * so specs share the server without sharing data.
 */
export async function createTeacher(
  server: Pick<SharedServer, 'admin'>,
  opts: { prefix: string; nickname?: string; guest?: boolean; password?: string },
): Promise<TestTeacher> {
  const id = `${opts.prefix}-${Math.random().toString(36).slice(2, 8)}`;
  const teacher = {
    loginId: id,
    email: `${id}@example.com`,
    password: opts.password ?? 'pass1234',
    nickname: opts.nickname ?? '山田 花子',
  };
  await server.admin(
    'create-teacher',
    '--login-id',
    teacher.loginId,
    '--email',
    teacher.email,
    '--password',
    teacher.password,
    '--nickname',
    teacher.nickname,
    ...(opts.guest ? ['--guest'] : []),
  );
  return teacher;
}

/** One row of a roster as a teacher's Excel sheet has it: 生徒ID, 氏名, ふりがな, 学年, 組, 出席番号, 初期パスワード. */
export type RosterRow = [string, string, string, string | number, string | number, number, string];

/**
 * Imports a roster into a class as the teacher's Excel upload does (the import must succeed) and
 * returns the class's sign-in cards (`get-student-initial-pwd-list`).
 */
export async function importRoster(url: string, token: string, classId: number, rows: RosterRow[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('生徒');
  ws.addRow(['生徒ID', '氏名', 'ふりがな', '学年', '組', '出席番号', '初期パスワード']);
  for (const row of rows) ws.addRow(row);
  const form = new FormData();
  form.append('team_id', String(classId));
  form.append('file', new Blob([Buffer.from(await wb.xlsx.writeBuffer())]), '名簿.xlsx');
  const res = await fetch(`${url}/api/v2/team/import-team-students-list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(((await res.json()) as { errcode: number }).errcode).toBe(0);
  return apiCall<{ rows: { student_id: string; card_key: string }[] }>(
    url,
    token,
    'GET',
    '/api/v2/team/get-student-initial-pwd-list',
    { team_id: classId },
  );
}

/** A JSON call as the web app makes it (bearer token); resolves `data`, throws on errcode ≠ 0. */
export async function apiCall<T = unknown>(
  url: string,
  token: string,
  method: 'GET' | 'POST',
  apiPath: string,
  input: Record<string, unknown> = {},
): Promise<T> {
  const query = method === 'GET' ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
  const res = await fetch(`${url}${apiPath}${query}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(input) : undefined,
  });
  const body = (await res.json()) as { errcode: number; errmsg: string; data: T };
  if (body.errcode !== 0) throw new Error(`${apiPath}: ${body.errcode} ${body.errmsg}`);
  return body.data;
}

/**
 * The newest mail to `to` with `subject` on the server's local mailbox (the shared server has no
 * SMTP_URL), waiting until it arrives (reset mails are sent after the reply). `seen` ids are skipped.
 */
export async function waitForMail(
  url: string,
  to: string,
  subject: string,
  seen: Set<string> = new Set(),
): Promise<{ id: string; text: string }> {
  const deadline = Date.now() + 30_000;
  const row = new RegExp(
    `<td>${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</td><td><a href="/dev/mailbox/([^"]+)">${subject}</a>`,
  );
  for (;;) {
    const html = await (await fetch(`${url}/dev/mailbox`)).text();
    const id = [...html.matchAll(new RegExp(row, 'g'))].map((m) => m[1]!).find((i) => !seen.has(i));
    if (id) {
      seen.add(id);
      const mail = await (await fetch(`${url}/dev/mailbox/${id}`)).text();
      const text = /<pre data-testid="mail-text">([\s\S]*?)<\/pre>/.exec(mail)?.[1] ?? '';
      return { id, text };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}: ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The 6-digit code of a code mail. */
export const codeOf = (mail: { text: string }) => /確認コード：(\d{6})/.exec(mail.text)![1]!;

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  if (!existsSync(serverEntry)) throw new Error('The server is not built: run `npm run build` first.');
  for (const app of ['apps/web', 'apps/learn'])
    if (!existsSync(path.join(root, app, 'dist/index.html')))
      throw new Error(`${app} is not built: run \`npm run build\` first.`);
  const port = await freePort();
  const dataDir = opts.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-e2e-')));
  const env = serverEnv(port, dataDir, opts.env);
  const proc: ChildProcess = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  proc.stdout!.on('data', (d) => (log += d));
  proc.stderr!.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    admin: adminCommand(env),
    async stop({ keepData = false } = {}) {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await new Promise((r) => proc.once('exit', r));
      }
      if (!keepData) await fs.rm(dataDir, { recursive: true, force: true });
    },
    log: () => log,
    async kill() {
      proc.kill('SIGKILL');
      await new Promise((r) => proc.once('exit', r));
    },
  };
}

export async function openBrowser(
  extraArgs: string[] = [],
): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    locale: 'ja-JP',
    viewport: { width: 1024, height: 768 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string) {
  await fs.mkdir(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** Fill the login form and press the button, as a teacher does. */
export async function signInThroughForm(page: Page, username: string, password: string) {
  await page.getByPlaceholder('アカウントIDまたはメールアドレス').fill(username);
  await page.getByPlaceholder('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

/** Sign in through the API as the web app does (password RSA-OAEP encrypted); the token, or null when refused. */
export async function apiSignIn(url: string, username: string, password: string): Promise<string | null> {
  const { data } = (await (await fetch(`${url}/api/v2/teacher/public-key`)).json()) as { data: { public_key: string } };
  const encrypted = publicEncrypt(
    { key: data.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const res = await fetch(`${url}/api/v2/teacher/login-safe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: encrypted }),
  });
  const body = (await res.json()) as { errcode: number; data: { token: string } };
  return body.errcode === 0 ? body.data.token : null;
}

/**
 * Clicks a confirmation dialog's OK button and returns the status and the start of the body of
 * the call it makes (`path`, without the query), waiting up to 60 s: a CI run has the server
 * beside the API files, and a failure then says what the server answered. A click made while the
 * dialog still zooms in can be lost on a loaded machine (as a dropdown's, see library.e2e.ts), so
 * it clicks again while the dialog stays open and nothing was sent; once the call starts the
 * button is loading, and antd ignores clicks on it.
 */
export async function confirmCall(page: Page, ok: Locator, path: string): Promise<string> {
  const isCall = (r: { url(): string }) => new URL(r.url()).pathname === path;
  const reply = page.waitForResponse(isCall, { timeout: 60_000 });
  let sent = false;
  const onRequest = (r: { url(): string }) => {
    if (isCall(r)) sent = true;
  };
  page.on('request', onRequest);
  try {
    await expect
      .poll(
        async () => {
          if (!sent && (await ok.isVisible())) await ok.click({ timeout: 5_000 }).catch(() => undefined);
          return sent;
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(true);
    const r = await reply;
    return `${r.status()} ${(await r.text()).slice(0, 300)}`;
  } finally {
    page.off('request', onRequest);
  }
}
