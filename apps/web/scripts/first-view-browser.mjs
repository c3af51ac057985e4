#!/usr/bin/env node
/**
 * First-view weight measured in a real browser (docs/benchmarks.md, "First view"): the cross-check
 * of first-view.mjs. Starts the built server (`npm run build` first) on a free port with an empty
 * DATA_DIR as the e2e harness does, creates a teacher with the operator command, and drives
 * Debian's Chromium headless (playwright-core): the login page, then sign-in → homework list, each
 * left idle for 3 s so idle-time loads count. Sums the transferred bytes (encoded body, as
 * compressed by the server) of every JS and CSS reply, once with brotli and once with gzip only
 * (Accept-Encoding), and prints them.
 *
 * Usage: npm run build && npm run bench:first-view-browser -- [--files] [--shots DIR]
 * (--shots: the login page and the homework list at 1024 px, the homework list, its account menu
 * and the class list, a screen built with antd, at 1440 px and the class list at 1024 px)
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../../..');
const showFiles = process.argv.includes('--files');
const shotsAt = process.argv.indexOf('--shots');
const shotsDir = shotsAt > 0 ? process.argv[shotsAt + 1] : null;

const port = await new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address();
    srv.close(() => resolve(p));
  });
});
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-first-view-'));
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  SMTP_URL: '',
  SEED_DEMO: 'false',
  TTS_CACHE_DIR: path.join(root, 'node_modules/.cache/ondoku-tts'),
};
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], { env, stdio: 'ignore' });
const url = `http://127.0.0.1:${port}`;
try {
  for (const deadline = Date.now() + 90_000; ;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const loginId = `firstview-${Math.random().toString(36).slice(2, 8)}`;
  await promisify(execFile)(
    process.execPath,
    [
      path.join(root, 'apps/server/dist/admin.js'),
      'create-teacher',
      '--login-id',
      loginId,
      '--email',
      `${loginId}@example.com`,
      '--password',
      'pass1234',
      '--nickname',
      '山田 花子',
    ],
    { env },
  );

  const rows = [];
  for (const encoding of ['br', 'gzip']) {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1024, height: 768 } });
    if (encoding === 'gzip') await context.setExtraHTTPHeaders({ 'accept-encoding': 'gzip' });
    const page = await context.newPage();
    const loaded = [];
    page.on('requestfinished', async (req) => {
      const u = new URL(req.url());
      if (!/\.(js|css)$/.test(u.pathname)) return;
      const resp = await req.response();
      const sizes = await req.sizes();
      loaded.push({
        file: u.pathname,
        bytes: sizes.responseBodySize,
        enc: resp?.headers()['content-encoding'] ?? 'none',
      });
    });
    const settle = async () => {
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(3000);
      await page.waitForLoadState('networkidle');
    };
    await page.goto(`${url}/#/login`);
    await page.getByRole('button', { name: 'ログイン' }).waitFor();
    await settle();
    if (shotsDir && encoding === 'br') await page.screenshot({ path: path.join(shotsDir, 'login-1024.png') });
    const loginFiles = [...loaded];
    await page.getByPlaceholder('アカウントIDまたはメールアドレス').fill(loginId);
    await page.getByPlaceholder('パスワード').fill('pass1234');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(/#\/homework-management$/);
    await page.getByText('まだ宿題がありません。').waitFor();
    await settle();
    if (shotsDir && encoding === 'br') await page.screenshot({ path: path.join(shotsDir, 'homework-list-1024.png') });
    const listFiles = [...loaded];
    if (shotsDir && encoding === 'br') {
      // The frame on a desktop screen, and one screen built with antd (the class list) at both widths.
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: path.join(shotsDir, 'homework-list-1440.png') });
      await page.getByTestId('account-menu').click();
      await page.getByRole('menuitem', { name: 'ログアウト' }).waitFor();
      await page.screenshot({ path: path.join(shotsDir, 'account-menu-1440.png') });
      await page.keyboard.press('Escape');
      await page.goto(`${url}/#/grades`);
      await page.getByText('クラス・ID編集').first().waitFor();
      await settle();
      await page.screenshot({ path: path.join(shotsDir, 'class-editing-1440.png') });
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.screenshot({ path: path.join(shotsDir, 'class-editing-1024.png') });
    }
    await browser.close();
    const sum = (list) => list.reduce((t, f) => t + f.bytes, 0);
    const encs = (list) => [...new Set(list.map((f) => f.enc))].join('/');
    rows.push({ encoding, view: 'login', files: loginFiles, total: sum(loginFiles), encs: encs(loginFiles) });
    rows.push({
      encoding,
      view: 'login → homework list',
      files: listFiles,
      total: sum(listFiles),
      encs: encs(listFiles),
    });
  }
  // Times (docs/benchmarks.md, "The first screen at once"): a warm reload of the homework list
  // (signed in, the browser's cache warm) until its empty state shows, and a cold login page (a
  // new context: empty cache) until its button shows, each at 1 × and 4 × CPU (Chromium's
  // throttling, a school Chromebook), the median of five.
  const times = [];
  {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    for (const rate of [1, 4]) {
      const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1024, height: 768 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await page.goto(`${url}/#/login`);
      await page.getByPlaceholder('アカウントIDまたはメールアドレス').fill(loginId);
      await page.getByPlaceholder('パスワード').fill('pass1234');
      await page.getByRole('button', { name: 'ログイン' }).click();
      await page.getByText('まだ宿題がありません。').waitFor();
      await page.waitForLoadState('networkidle');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const reloads = [];
      for (let i = 0; i < 5; i++) {
        const requests = [];
        const onRequest = (r) => requests.push(r.url());
        page.on('request', onRequest);
        const t0 = performance.now();
        await page.reload();
        await page.getByText('まだ宿題がありません。').waitFor();
        reloads.push({ ms: performance.now() - t0, requests: requests.length });
        page.off('request', onRequest);
        await page.waitForLoadState('networkidle');
      }
      await context.close();
      const cold = [];
      for (let i = 0; i < 5; i++) {
        const c = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1024, height: 768 } });
        const p = await c.newPage();
        await (await c.newCDPSession(p)).send('Emulation.setCPUThrottlingRate', { rate });
        let requests = 0;
        p.on('request', () => requests++);
        const t0 = performance.now();
        await p.goto(`${url}/#/login`);
        await p.getByRole('button', { name: 'ログイン' }).waitFor();
        cold.push({ ms: performance.now() - t0, requests });
        await c.close();
      }
      times.push({
        rate,
        reload: median(reloads.map((r) => r.ms)),
        reloadRequests: median(reloads.map((r) => r.requests)),
        cold: median(cold.map((r) => r.ms)),
        coldRequests: median(cold.map((r) => r.requests)),
      });
    }
    await browser.close();
  }
  console.log(
    `Times in Chromium (median of 5; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; targets: reload ≤ 300 ms at 1 ×, ≤ 1 s at 4 ×; cold login ≤ 500 ms, ≤ 1.5 s at 4 ×)`,
  );
  for (const t of times)
    console.log(
      `  CPU ${t.rate} ×: warm reload of the homework list ${t.reload.toFixed(0)} ms (${t.reloadRequests} requests); cold login page ${t.cold.toFixed(0)} ms (${t.coldRequests} requests)`,
    );
  console.log('');
  console.log(`First view in Chromium (JS + CSS transferred, 3 s idle after each view), ${url}\n`);
  for (const r of rows)
    console.log(
      `${r.view.padEnd(24)}${r.encoding.padEnd(6)}${String(r.files.length).padStart(4)} files ${(r.total / 1024).toFixed(1).padStart(8)} KB  (${r.encs})`,
    );
  if (showFiles)
    for (const r of rows.filter((x) => x.encoding === 'gzip')) {
      console.log(`\n${r.view} (gzip):`);
      for (const f of [...r.files].sort((a, b) => b.bytes - a.bytes))
        console.log(`  ${f.file.padEnd(52)}${(f.bytes / 1024).toFixed(1).padStart(8)} KB`);
    }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r()));
  await fs.rm(dataDir, { recursive: true, force: true });
}
