import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiSignIn,
  LIBRARY_INSTALL_MS,
  openBrowser,
  sharedServer,
  shotsDir,
  signInThroughForm,
  waitForLibrary,
  importRoster,
} from './harness';

/**
 * Messages and notices (docs/messages.md, docs/notices.md) in Chromium: a teacher writes to a
 * class, a child reads it on the students' side, the teacher sees it read; a system notice the
 * operator publishes reaches the header's bell without a reload; the live-lesson item with and
 * without showLive (a new tab in a browser, the native bridge inside the app); /explain opens
 * from the header and prints. It also makes the guide's screenshots from the product
 * (apps/web/public/explain, docs/explain.md).
 */
const server = sharedServer();
const run = Math.random().toString(36).slice(2, 6);
const root = path.resolve(import.meta.dirname, '..');
const guideShots = path.join(root, 'apps/web/public/explain');
const school = `e2e小学校 ${run}`;
const teacher = { loginId: `msg-${run}`, email: `msg-${run}@example.com`, password: 'pass1234' };
let token: string;
let classId: number;
let cardKey: string;
/** The second child's card: they have not opened the message. */
let otherCardKey: string;

/**
 * A screenshot into test-results/screenshots; a picture of the guide also into
 * apps/web/public/explain when it is missing or when GUIDE_SHOTS=1 asks to refresh them
 * (docs/explain.md), so an ordinary run leaves the committed pictures as they are.
 */
async function shot(page: Page, name: string, guide = false) {
  await fs.mkdir(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `messages-${name}.png`) });
  const file = path.join(guideShots, `${name}.jpg`);
  if (guide && (process.env.GUIDE_SHOTS === '1' || !existsSync(file))) {
    await fs.mkdir(guideShots, { recursive: true });
    await page.screenshot({ path: file, type: 'jpeg', quality: 70 });
  }
}

beforeAll(async () => {
  await server.admin(
    ...['create-teacher', '--login-id', teacher.loginId, '--email', teacher.email, '--password', teacher.password],
    ...['--nickname', '木村 ゆき', '--school', school],
  );
  token = (await apiSignIn(server.url, teacher.loginId, teacher.password))!;
  classId = (await apiCall<{ team_id: number }>(server.url, token, 'POST', '/api/v2/team/create', { name: `4年2組` }))
    .team_id;
  const cards = await importRoster(server.url, token, classId, [
    [`${run}msg-1`, '高橋 ひかり', 'たかはし ひかり', '4年', '2組', 1, ''],
    [`${run}msg-2`, '中村 そら', 'なかむら そら', '4年', '2組', 2, ''],
  ]);
  cardKey = cards.rows.find((r) => r.student_id === `${run}msg-1`)!.card_key;
  otherCardKey = cards.rows.find((r) => r.student_id === `${run}msg-2`)!.card_key;
});

const notices: string[] = [];
afterAll(async () => {
  // The shared server's other teachers see system notices too: withdraw ours.
  for (const id of notices) await server.admin('system-notice', 'withdraw', id);
});

describe('messages.e2e.ts', { timeout: 180_000 }, () => {
  it('a teacher writes to a class, a child reads it, the teacher sees it read; the operator’s notice reaches the bell without a reload', async () => {
    const teacherBrowser = await openBrowser();
    const studentBrowser = await openBrowser();
    try {
      const { page } = teacherBrowser;
      await page.goto(server.url);
      await signInThroughForm(page, teacher.loginId, teacher.password);
      await page.getByRole('heading', { name: '宿題一覧' }).waitFor();

      await page.getByRole('link', { name: 'メッセージ' }).click();
      await page.getByRole('heading', { name: 'メッセージ' }).waitFor();
      await page.getByRole('link', { name: /メッセージを書く/ }).click();
      await page.getByRole('checkbox', { name: /4年2組/ }).check();
      await page.getByRole('textbox', { name: 'タイトル' }).fill('音読発表会のお知らせ');
      await page
        .getByRole('textbox', { name: '本文' })
        .fill('来週の金曜日に音読発表会をします。教科書12ページを毎日練習しましょう。');
      await shot(page, 'message-send', true);
      await page.getByRole('button', { name: '送信する' }).click();
      await page.getByTestId('outbox-row').first().waitFor();
      expect(await page.getByTestId('read-count').first().innerText()).toMatch(/既読\s*0\s*\/\s*2人/);

      // The child reads it on the students' side.
      const studentPage = studentBrowser.page;
      await studentPage.goto(`${server.url}/learn/#/card?key=${encodeURIComponent(cardKey)}`);
      await studentPage.getByRole('heading', { name: 'しゅくだい' }).waitFor();
      await studentPage.getByTestId('inbox-banner').waitFor();
      expect(await studentPage.getByTestId('inbox-banner').innerText()).toContain(
        'あたらしい おしらせが 1けん あるよ！',
      );
      await shot(studentPage, 'learn-home');
      await studentPage.getByTestId('inbox-banner').click();
      const message = studentPage.getByRole('article', { name: '先生からのメッセージ' });
      await message.getByRole('heading', { name: '音読発表会のお知らせ' }).waitFor();
      await shot(studentPage, 'learn-inbox');

      // The teacher sees it read: the outbox's count, then who read it.
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByTestId('read-count').first().waitFor();
            return page.getByTestId('read-count').first().innerText();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toMatch(/既読\s*1\s*\/\s*2人/);
      await page.getByRole('link', { name: '音読発表会のお知らせ' }).click();
      await page.getByTestId('readers').getByText('高橋 ひかり').waitFor();
      await page.getByTestId('non-readers').getByText('中村 そら').waitFor();
      await shot(page, 'message-info', true);

      // The operator publishes a notice; the bell counts it without a reload (the teacher comes
      // back to the tab: the count is asked again at once, besides the minute's poll).
      const bell = page.locator('.admin-bell');
      const before = await bell.getAttribute('aria-label');
      const out = await server.admin(
        ...['system-notice', 'publish', '--title', `メンテナンスのお知らせ ${run}`],
        ...['--body', '12月1日(月) 2:00〜4:00 はご利用いただけません。'],
        ...['--until', new Date(Date.now() + 10 * 60_000).toISOString()],
      );
      notices.push(/id=(\d+)/.exec(out)![1]!);
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).not.toBe(before);
      expect(await bell.getAttribute('aria-label')).toMatch(/お知らせ（未読\d+件）/);
      await bell.click();
      await page.getByRole('tab', { name: /運営からのお知らせ/ }).click();
      await page
        .getByTestId('system-notice')
        .filter({ hasText: `メンテナンスのお知らせ ${run}` })
        .click();
      await page.getByTestId('system-notice-content').getByText('ご利用いただけません').waitFor();
      await shot(page, 'system-notice');
      await page.getByRole('dialog').getByRole('button', { name: '閉じる' }).last().click();
      await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe(before);
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await shot(page, 'notices');
    } finally {
      await teacherBrowser.close();
      await studentBrowser.close();
    }
  });

  it('the live-lesson item only with showLive: a new tab in a browser, the native bridge inside the app', async () => {
    const live = `${server.url}/api/health?live=${run}`;
    const browser = await openBrowser();
    try {
      const { page, context } = browser;
      await page.goto(server.url);
      await signInThroughForm(page, teacher.loginId, teacher.password);
      await page.getByRole('heading', { name: '宿題一覧' }).waitFor();
      expect(await page.getByRole('button', { name: 'オンライン授業' }).count()).toBe(0);

      await Promise.all([server.admin('show-live', teacher.loginId, 'on'), server.admin('set-live-url', school, live)]);
      await page.reload();
      const item = page.getByRole('button', { name: 'オンライン授業' });
      await item.waitFor();
      const tab = context.waitForEvent('page');
      await item.click();
      const opened = await tab;
      await opened.waitForURL((u) => u.toString() === live);
      await opened.close();

      // Inside the native app the shell opens it.
      await page.addInitScript(() => {
        const sent: string[] = [];
        (window as unknown as { sent: string[] }).sent = sent;
        (window as unknown as { OndokuNative: { postMessage(m: string): void } }).OndokuNative = {
          postMessage: (m: string) => sent.push(m),
        };
      });
      await page.reload();
      await item.click();
      const sent = await page.evaluate(() => (window as unknown as { sent: string[] }).sent);
      expect(sent.map((m) => JSON.parse(m) as unknown)).toContainEqual({ type: 'openExternal', url: live });
    } finally {
      await browser.close();
    }
  });

  it('/explain opens from the header and prints; the guide pictures the product', async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await page.goto(server.url);
      await signInThroughForm(page, teacher.loginId, teacher.password);
      await page.getByRole('heading', { name: '宿題一覧' }).waitFor();
      // The guide's other pictures, from this teacher's screens.
      await page.goto(`${server.url}/#/grades`);
      await page.getByRole('heading', { name: 'クラス・ID編集' }).waitFor();
      await page
        .getByRole('link', { name: /4年2組/ })
        .first()
        .waitFor();
      await shot(page, 'classes', true);
      await page.goto(`${server.url}/#/student/year-rollover`);
      await page
        .getByRole('heading', { name: /年度更新/ })
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, 'year-rollover', true);

      await page.getByRole('button', { name: '使い方ガイド' }).click();
      await page.getByRole('heading', { name: '音読 Ondoku 先生用ガイド' }).waitFor();
      expect(await page.getByTestId('guide-section').count()).toBe(7);
      await page.getByRole('heading', { name: 'メッセージとお知らせ' }).waitFor();
      await page.emulateMedia({ media: 'print' });
      // Printed, the guide stands alone: no menu, no header, no print button.
      expect(await page.locator('.admin-sider').evaluate((e) => getComputedStyle(e).visibility)).toBe('hidden');
      expect(await page.getByRole('button', { name: '印刷する' }).isVisible()).toBe(false);
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
      await page.emulateMedia({ media: 'screen' });
      await page.setViewportSize({ width: 1024, height: 768 });
      await shot(page, 'explain');
    } finally {
      await browser.close();
    }
  });

  it(
    'the guide’s pictures of a homework: the list and its results (once the library is installed)',
    async () => {
      // The library installs in the background after the server's first start.
      await waitForLibrary(server.url);
      const found = await apiCall<{ rows: { resource_id: number }[] }>(
        server.url,
        token,
        'GET',
        '/api/v2/resource/search',
        { page: 1, limit: 1, type: 'sentence_reading' },
      );
      const { homework_ids } = await apiCall<{ homework_ids: number[] }>(
        server.url,
        token,
        'POST',
        '/api/v2/homework-publish/publish-homework',
        {
          homework_type: 'routine',
          request_key: `e2e-messages-${run}`,
          title: '音読の宿題（教科書12ページ）',
          team_ids: [classId],
          resource_ids: [found.rows[0]!.resource_id],
          publish_type: 'now',
          end_time: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        },
      );
      const browser = await openBrowser();
      try {
        const { page } = browser;
        await page.goto(server.url);
        await signInThroughForm(page, teacher.loginId, teacher.password);
        await page.getByRole('heading', { name: '宿題一覧' }).waitFor();
        await page.getByText('音読の宿題（教科書12ページ）').first().waitFor();
        await shot(page, 'homework-list', true);
        await page.goto(`${server.url}/#/homework-details/${homework_ids[0]}`);
        await page.getByTestId('submission-rate').waitFor();
        await shot(page, 'results', true);
        await page.goto(`${server.url}/#/homework-create/form`);
        await page.getByTestId('resource-row').first().waitFor();
        await shot(page, 'homework-create', true);
        // A child's home with the homework and the message not read yet.
        await page.goto(`${server.url}/learn/#/card?key=${encodeURIComponent(otherCardKey)}`);
        await page.getByRole('article', { name: '音読の宿題（教科書12ページ）' }).waitFor();
        await page.getByTestId('inbox-banner').waitFor();
        await shot(page, 'learn-home', true);
      } finally {
        await browser.close();
      }
    },
    LIBRARY_INSTALL_MS + 120_000,
  );
});
