import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  createTeacher,
  openBrowser,
  screenshot,
  sharedServer,
  signInThroughForm,
  startServer,
  type RunningServer,
  type TestTeacher,
} from './harness';

const server = sharedServer();
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
/** This spec's own teachers: a teacher, a second one for the key login, and the guest type. */
let teacher: TestTeacher;
let second: TestTeacher;
let guest: TestTeacher;

beforeAll(async () => {
  teacher = await createTeacher(server, { prefix: 'signin', nickname: '山田 花子' });
  second = await createTeacher(server, { prefix: 'signin2', nickname: '佐藤 健' });
  guest = await createTeacher(server, { prefix: 'signin-guest', nickname: 'ゲスト', guest: true });
});
beforeEach(async () => {
  browser = await openBrowser();
  page = browser.page;
});
afterEach(async () => {
  await browser?.close();
});

const hashOf = (p: Page) => new URL(p.url()).hash;

describe('sign-in', () => {
  it('sends a signed-out visitor to login, and signs a teacher in to the homework list', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL(/#\/login$/);
    await expect.poll(() => page.getByRole('button', { name: 'ログイン' }).isVisible()).toBe(true);
    await screenshot(page, 'login');
    await signInThroughForm(page, teacher.loginId, teacher.password);
    await page.waitForURL(/#\/homework-management$/);
    await expect.poll(() => page.getByTestId('account-menu').textContent()).toContain('山田 花子');
    await expect.poll(() => page.getByText('まだ宿題がありません。').isVisible()).toBe(true);
    await screenshot(page, 'homework-list');
  });

  it('shows the spec messages for empty fields and a Japanese error for a wrong password', async () => {
    await page.goto(`${server.url}/#/login`);
    await page.getByPlaceholder('アカウントIDまたはメールアドレス').fill('   ');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect.poll(() => page.getByText('アカウントIDを入力してください。').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('パスワードを入力してください。').isVisible()).toBe(true);
    await screenshot(page, 'login-empty');
    await signInThroughForm(page, teacher.loginId, 'wrong-pass1');
    await expect
      .poll(() => page.getByText('アカウントID（メールアドレス）またはパスワードが正しくありません。').isVisible())
      .toBe(true);
    expect(hashOf(page)).toBe('#/login');
  });

  it('signs in by e-mail; at /login a signed-in teacher goes home; unknown routes go to the homework list', async () => {
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, teacher.email, teacher.password);
    await page.waitForURL(/#\/homework-management$/);
    await page.goto(`${server.url}/#/login`);
    await page.waitForURL(/#\/homework-management$/);
    await page.goto(`${server.url}/#/no-such-screen`);
    await page.waitForURL(/#\/homework-management$/);
  });

  it('signs out from the header menu, and then the admin pages lead to login', async () => {
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, teacher.loginId, teacher.password);
    await page.waitForURL(/#\/homework-management$/);
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await page.waitForURL(/#\/login$/);
    await page.goto(`${server.url}/#/homework-management`);
    await page.waitForURL(/#\/login$/);
  });

  it('hides the account entry for the guest type', async () => {
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, guest.loginId, guest.password);
    await page.waitForURL(/#\/homework-management$/);
    await page.getByTestId('account-menu').click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'ログアウト' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'アカウント設定' }).count()).toBe(0);
  });

  it('returns to login when the token is revoked elsewhere (401)', async () => {
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, teacher.loginId, teacher.password);
    await page.waitForURL(/#\/homework-management$/);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('ondoku.session')!).token as string);
    const res = await fetch(`${server.url}/api/v2/teacher/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await res.json()).errcode).toBe(0);
    await page.reload();
    await page.waitForURL(/#\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('ondoku.session'))).toBeNull();
  });
});

describe('one-time key login', () => {
  it('signs in with ?key= once; a second use is refused on the login screen', async () => {
    const out = await server.admin('issue-key', second.loginId);
    const key = /ログインキー: (\S+)/.exec(out)![1]!;
    await page.goto(`${server.url}/#/login?key=${encodeURIComponent(key)}`);
    await page.waitForURL(/#\/homework-management$/);
    await expect.poll(() => page.getByTestId('account-menu').textContent()).toContain('佐藤 健');
    // Signed in already, but a key in the address still proceeds with the key login.
    await page.goto(`${server.url}/#/login?key=${encodeURIComponent(key)}`);
    await expect
      .poll(() => page.getByText('ログインキーが無効か、有効期限が切れています。', { exact: false }).isVisible())
      .toBe(true);
  });

  it('accepts the key in the real query string too', async () => {
    const out = await server.admin('issue-key', teacher.loginId);
    const key = /ログインキー: (\S+)/.exec(out)![1]!;
    await page.goto(`${server.url}/?key=${encodeURIComponent(key)}`);
    await page.waitForURL(/#\/homework-management$/);
  });
});

describe('start-up status check', () => {
  // The start-up status is the whole server's: set on the shared server, it would stop the specs
  // that the other e2e group runs beside this one (docs/testing.md, "2026-11-28: the e2e specs in
  // groups"). These tests set it on a server of their own.
  let own: RunningServer;
  let ownTeacher: TestTeacher;
  beforeAll(async () => {
    // One speech worker: these tests never evaluate (nor install the library: harness.startServer).
    own = await startServer({ env: { SPEECH_WORKERS: '1' } });
    ownTeacher = await createTeacher(own, { prefix: 'signin-status', nickname: '山田 花子' });
  });
  afterAll(async () => {
    await own?.stop();
  });
  afterEach(async () => {
    await own.admin('set-status', '2');
  });

  it('status 0 blocks the app with a system-failure alert and an exit button', async () => {
    await own.admin('set-status', '0', '--title', 'システム障害のお知らせ', '--message', 'ただいま復旧作業中です。');
    await page.goto(`${own.url}/#/login`);
    await expect.poll(() => page.getByText('ただいま復旧作業中です。').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'アプリを終了' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'ログイン' }).count()).toBe(0);
    await screenshot(page, 'status-disabled');
  });

  it('status 1 shows a notice with a return button, then the app continues', async () => {
    await own.admin(
      'set-status',
      '1',
      '--title',
      'メンテナンスのお知らせ',
      '--message',
      '今夜22時から1時間停止します。',
    );
    await page.goto(`${own.url}/#/login`);
    await expect.poll(() => page.getByText('今夜22時から1時間停止します。').isVisible()).toBe(true);
    await screenshot(page, 'status-tips');
    await page.getByRole('button', { name: '戻る' }).click();
    await signInThroughForm(page, ownTeacher.loginId, ownTeacher.password);
    await page.waitForURL(/#\/homework-management$/);
  });
});
