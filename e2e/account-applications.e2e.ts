import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiSignIn,
  createTeacher,
  openBrowser,
  screenshot,
  sharedServer,
  signInThroughForm,
  type TestTeacher,
} from './harness';

/**
 * Account applications (docs/account-applications.md) as a school lives them: the teacher applies
 * for new student accounts with a roster (checked and shown row by row before sending), the
 * operator approves with the admin command, the new class and its children appear on the
 * teacher's side, and a child of it signs in on the students' side.
 */
const server = sharedServer();
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let teacher: TestTeacher;
let token: string;
const run = Math.random().toString(36).slice(2, 7);
const className = `申請${run}組`;
const loginId = (n: number) => `ap${run}-${n}`;
let rosterFile: string;

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });
const settled = (p: Page) => p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

beforeAll(async () => {
  teacher = await createTeacher(server, { prefix: 'apply', nickname: '鈴木 先生' });
  token = (await apiSignIn(server.url, teacher.loginId, teacher.password))!;
  const lines = ['生徒ID,氏名,ふりがな,学年,組,出席番号,初期パスワード,クラス'];
  for (let n = 1; n <= 3; n++)
    lines.push(`${loginId(n)},申請 花子${n},しんせい はなこ,3年,1組,${n},hana${n}pass,${className}`);
  rosterFile = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-apply-')), '新入生名簿.csv');
  await fs.writeFile(rosterFile, `${lines.join('\r\n')}\r\n`);
  browser = await openBrowser();
  page = browser.page;
  await page.goto(`${server.url}/#/login`);
  await signInThroughForm(page, teacher.loginId, teacher.password);
  await page.waitForURL(/#\/homework-management$/);
});
afterAll(async () => {
  await browser?.close();
  if (rosterFile) await fs.rm(path.dirname(rosterFile), { recursive: true, force: true });
});

describe('account applications', { timeout: 120_000 }, () => {
  it('applies with a roster, the operator approves, the class appears and a child signs in', async () => {
    await page.goto(`${server.url}/#/account-application`);
    await page.getByText('まだ申請はありません。', { exact: false }).waitFor();
    await page.getByRole('button', { name: '新しく申請する' }).click();
    await page.waitForURL(/#\/account-application-create$/);

    await page.getByRole('radio', { name: '新規の生徒アカウント' }).check();
    // A roster with the same id twice: the rows and what is wrong, and no way forward.
    await page.locator('input[type="file"]').setInputFiles({
      name: '誤りのある名簿.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `生徒ID,氏名,クラス\r\n${loginId(9)},一郎,${className}\r\n${loginId(9)},二郎,${className}\r\n`,
      ),
    });
    await page.getByText(`生徒ID「${loginId(9)}」がファイル内で重複しています（2行目と同じ）。`).waitFor();
    expect(await page.getByRole('button', { name: '確認へ進む' }).isDisabled()).toBe(true);
    await settled(page);
    await screenshot(page, 'apply-roster-errors');

    await page.locator('input[type="file"]').setInputFiles(rosterFile);
    const preview = page.getByTestId('roster-preview');
    await preview.getByText('名簿の3人を確認しました。誤りはありません。').waitFor();
    await poll(() => preview.locator('.ant-table-row').count()).toBe(3);
    await settled(page);
    await screenshot(page, 'apply-roster-preview');

    await page.getByRole('button', { name: '確認へ進む' }).click();
    const dialog = page.getByRole('dialog', { name: 'この内容で申請しますか？' });
    await dialog.getByText('新入生名簿.csv（3人）').waitFor();
    await settled(page);
    await screenshot(page, 'apply-confirm');
    await dialog.getByRole('button', { name: '申請する' }).click();
    await page.waitForURL(/#\/account-application$/);
    const row = page.getByTestId('application').first();
    await row.getByText('申請中').waitFor();

    const list = await apiCall<{ rows: { id: number; apply_status: string }[] }>(
      server.url,
      token,
      'GET',
      '/api/v2/account-apply/order-list',
    );
    expect(list.rows.map((r) => r.apply_status)).toEqual(['pending']);
    const id = list.rows[0]!.id;
    expect(await server.admin('application-list')).toContain(`#${id}\t${teacher.loginId}`);
    expect(await server.admin('application-approve', String(id))).toContain('生徒アカウント 3 人を作成しました');

    await page.reload();
    await row.getByText('完了').waitFor();
    await row.getByText('生徒アカウント3人を作成しました。').waitFor();
    await settled(page);
    await screenshot(page, 'apply-completed');

    // The new class with its children, on the teacher's side.
    await row.getByRole('link', { name: className }).click();
    await page.waitForURL(/#\/manage-class\/\d+$/);
    await poll(() => page.locator('.ant-table-row').count()).toBe(3);
    await page.getByText(loginId(2)).waitFor();

    // A child of it signs in on the students' side with the roster's password.
    const studentBrowser = await openBrowser();
    try {
      await studentBrowser.page.goto(`${server.url}/learn/#/signin`);
      await studentBrowser.page.getByLabel('ID').fill(loginId(1));
      await studentBrowser.page.getByLabel('パスワード').fill('hana1pass');
      await studentBrowser.page.getByRole('button', { name: 'ログイン' }).click();
      await studentBrowser.page.getByRole('heading', { name: 'しゅくだい' }).waitFor();
      await studentBrowser.page.getByText('申請 花子1さん').waitFor();
      await screenshot(studentBrowser.page, 'apply-child-signed-in');
    } finally {
      await studentBrowser.close();
    }
  });
});
