import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiSignIn,
  createTeacher,
  LIBRARY_INSTALL_MS,
  openBrowser,
  screenshot,
  sharedServer,
  signInThroughForm,
  type TestTeacher,
  waitForLibrary,
} from './harness';

/**
 * Homework distribution as a teacher does it: a routine, a periodic and a word-test homework
 * through the wizard (with the spec's messages on bad input), the list filtered to each, and an
 * overdue homework reissued. The spec seeds its own teacher, class and children; the library's
 * material comes from the server's install (it runs in the background after start, so the spec
 * waits until the library answers).
 */
dayjs.locale('ja');
const server = sharedServer();
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let teacher: TestTeacher;
let token: string;
let classRow: { team_id: number; name: string };
const run = Math.random().toString(36).slice(2, 7);
const CLASS_NAME = '5年1組';

/** The wizard's pickers take typed dates in their display format. */
const typed = (d: dayjs.Dayjs) => d.format('YYYY年M月D日(dd) HH:mm');
const inMinutes = (m: number) => dayjs().add(m, 'minute').second(0).millisecond(0);
const inDays = (n: number) => dayjs().add(n, 'day').hour(17).minute(0).second(0).millisecond(0);

async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  ms = 600_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => null);
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  teacher = await createTeacher(server, { prefix: 'homework', nickname: '田中 先生' });
  token = (await apiSignIn(server.url, teacher.loginId, teacher.password))!;
  classRow = await apiCall(server.url, token, 'POST', '/api/v2/team/create', { name: CLASS_NAME });
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('生徒');
  ws.addRow(['生徒ID', '氏名', 'ふりがな', '学年', '組', '出席番号', '初期パスワード']);
  for (let n = 1; n <= 3; n++) ws.addRow([`${run}hw-${n}`, `生徒 ${n}`, `せいと ${n}`, '5年', '1組', n, '']);
  const form = new FormData();
  form.append('team_id', String(classRow.team_id));
  form.append('file', new Blob([Buffer.from(await wb.xlsx.writeBuffer())]), '名簿.xlsx');
  const res = await fetch(`${server.url}/api/v2/team/import-team-students-list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(((await res.json()) as { errcode: number }).errcode).toBe(0);
  // The library installs in the background after the server's first start.
  await waitForLibrary(server.url);
}, LIBRARY_INSTALL_MS + 120_000);

beforeEach(async () => {
  browser = await openBrowser();
  page = browser.page;
  await page.goto(server.url);
  await signInThroughForm(page, teacher.loginId, teacher.password);
  await page.waitForURL(/#\/homework-management/);
});
afterEach(async () => {
  await browser?.close();
});

/**
 * Click the wizard's 次へ once the step in the address is the step on screen: a click between the
 * address changing and React rendering the new step would run the previous step's handler (which
 * moves on again instead of checking the new step's fields).
 */
async function next() {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const inAddress = /\/(\d+)(?:\?.*)?$/.exec(location.hash)?.[1];
          const onScreen = document.querySelector('[data-wizard-step]')?.getAttribute('data-wizard-step');
          return inAddress !== undefined && inAddress === onScreen;
        }),
      { message: 'the wizard shows the step of its address' },
    )
    .toBe(true);
  await page.getByRole('button', { name: '次へ', exact: true }).click();
}
const expectMessage = (text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();

/**
 * Type a date and time into a picker as shown (「2026年11月26日(木) 17:00」) and confirm it with Enter,
 * as a teacher does from a keyboard: the picker takes the text and its popup closes, so nothing
 * covers the next field. Waits until the popup is hidden and the field shows the typed value.
 */
async function typeTime(label: string, d: dayjs.Dayjs) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(typed(d));
  await input.press('Enter');
  await expect
    .poll(() => page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').count(), {
      message: `the ${label} picker takes the typed date and closes its popup`,
    })
    .toBe(0);
  expect(await input.inputValue()).toBe(typed(d));
}

/**
 * The wizard's 必要練習回数 box (the homework list, kept alive under the wizard, has a filter of the
 * same name: the role query skips hidden elements, getByLabel does not).
 */
const requiredTimes = () => page.getByRole('textbox', { name: '必要練習回数', exact: true });

/** Check the first n resources of the library and open the wizard of a variant. */
async function chooseMaterial(n: number, button: string) {
  await page.goto(`${server.url}/#/homework-create/form`);
  const boxes = page.getByRole('checkbox', { name: /を宿題に入れる$/ });
  await boxes.first().waitFor();
  for (let i = 0; i < n; i++) await boxes.nth(i).check();
  await page.getByRole('button', { name: button }).click();
}

async function chooseClass() {
  await next();
  await expectMessage('クラスまたは生徒を選択してください。');
  await page.getByRole('checkbox', { name: new RegExp(CLASS_NAME) }).check();
  await next();
}

/** The list's filters are native selects. */
const filter = (label: string, option: string) =>
  page.getByLabel(label, { exact: true }).selectOption({ label: option });

async function filterListByType(type: string) {
  await page.goto(`${server.url}/#/homework-management`);
  await filter('種類', type);
}

describe('homework distribution', { timeout: 600_000 }, () => {
  it('creates a routine homework with the spec messages on bad input and finds it by its type', async () => {
    await chooseMaterial(2, '次へ（通常宿題）');
    await page.getByTestId('wizard-content').waitFor();
    await next();
    await chooseClass();
    // Step 3: nothing filled in.
    await next();
    await expectMessage('タイトルを入力してください。');
    await expectMessage('終了時刻を入力してください。');
    await page.getByLabel('タイトル', { exact: true }).fill('音読:第1回');
    await page.getByRole('radio', { name: '日時を指定して配信' }).check();
    await typeTime('配信日時', inDays(3));
    await typeTime('終了日時', inDays(2));
    await requiredTimes().fill('12345678901');
    await next();
    await expectMessage('タイトルに次の文字は使えません');
    await expectMessage('終了時刻が間違っています。');
    await expectMessage('10桁以内の数字を入力してください。');
    const title = `音読 ${run}`;
    await page.getByLabel('タイトル', { exact: true }).fill(title);
    await page.getByRole('radio', { name: 'すぐに配信' }).check();
    await typeTime('終了日時', inDays(7));
    await requiredTimes().fill('3');
    await next();
    await page.getByTestId('wizard-summary').waitFor();
    // A reload keeps the wizard.
    await page.reload();
    await expect(page.getByTestId('wizard-summary').textContent()).resolves.toContain(title);
    await screenshot(page, 'homework-wizard-confirm');
    await page.getByRole('button', { name: '配信する' }).dblclick();
    await page.getByText(`宿題「${title}」を配信しました。`).waitFor();
    await page.getByRole('region', { name: title }).waitFor();

    await filterListByType('通常宿題');
    await page.getByRole('region', { name: title }).waitFor();
    expect(await page.getByRole('region', { name: title }).count()).toBe(1); // published once
    await expect(page.getByRole('region', { name: title }).textContent()).resolves.toContain('実施中');
    await screenshot(page, 'homework-list-routine');
  });

  it('creates a periodic plan (start too soon refused) and finds it among the plans', async () => {
    await chooseMaterial(2, '次へ（定期宿題）');
    await next();
    await expectMessage('配信する曜日を1つ以上選択してください。');
    await page.getByRole('checkbox', { name: '月曜日' }).check();
    await page.getByRole('checkbox', { name: '木曜日' }).check();
    await next();
    await chooseClass();
    const title = `定期 ${run}`;
    await page.getByLabel('タイトル', { exact: true }).fill(title);
    await typeTime('配信開始日時', inMinutes(10));
    await typeTime('定期配信の終了日時', inDays(30));
    await next();
    await expectMessage('開始時刻は現在から30分以上先の時刻を設定してください。');
    await typeTime('配信開始日時', inDays(1).hour(8));
    await next();
    await page.getByTestId('wizard-summary').waitFor();
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByText(`定期宿題「${title}」を登録しました。`).waitFor();
    const row = page.getByTestId('plan-row').filter({ hasText: title });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('毎週 月・木');
    await row.getByRole('link', { name: title }).click();
    await page.getByText('配信の予定と実績').waitFor();
    await screenshot(page, 'homework-periodic-plan-detail');
    // Its distributions become homework of type 定期宿題 when the scheduler makes them.
    await filterListByType('定期宿題');
    await page
      .getByText(/条件に合う宿題はありません。|定期/)
      .first()
      .waitFor();
  });

  it('creates a word test (test time checked, all words when more than the range) and finds it by its type', async () => {
    await page.goto(`${server.url}/#/homework-create/form`);
    await page.getByRole('button', { name: '単語テストをつくる' }).click();
    await next();
    await expectMessage('単語帳を選択してください。');
    // Native selects: the first word book, its first part as the whole range.
    const book = page.getByLabel('単語帳', { exact: true });
    await book.locator('option:not([disabled])').first().waitFor({ state: 'attached' });
    await book.selectOption({ index: 1 });
    const from = page.getByLabel('出題範囲（はじめ）', { exact: true });
    await from.locator('option:not([disabled])').first().waitFor({ state: 'attached' });
    await from.selectOption({ index: 1 });
    await page.getByLabel('出題範囲（おわり）', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('出題数').fill('200');
    await page.getByTestId('word-range-info').filter({ hasText: 'すべての単語' }).waitFor();
    await next();
    await chooseClass();
    const title = `単語テスト ${run}`;
    await page.getByLabel('タイトル', { exact: true }).fill(title);
    await typeTime('テスト開始日時', inMinutes(5));
    await typeTime('終了日時', inDays(7));
    await next();
    await expectMessage('テスト時刻の設定に誤りがあります。');
    await typeTime('テスト開始日時', inDays(8));
    await next();
    await expectMessage('テスト時刻の設定に誤りがあります。');
    await typeTime('テスト開始日時', inDays(1));
    await next();
    await page.getByTestId('wizard-summary').waitFor();
    await page.getByRole('button', { name: '配信する' }).click();
    await page.getByText(`宿題「${title}」を配信しました。`).waitFor();

    await filterListByType('単語テスト');
    await page.getByRole('region', { name: title }).waitFor();
  });

  it('reissues an overdue homework to the children who have not submitted', async () => {
    const resources = await apiCall<{ rows: { resource_id: number }[] }>(
      server.url,
      token,
      'GET',
      '/api/v2/resource/search',
      { page: 1, limit: 1 },
    );
    const title = `期限切れ ${run}`;
    // Published through the API with a deadline a few seconds away; the state follows the clock.
    await apiCall(server.url, token, 'POST', '/api/v2/homework-publish/publish-homework', {
      homework_type: 'routine',
      request_key: `e2e-overdue-${run}`,
      title,
      team_ids: [classRow.team_id],
      resource_ids: [resources.rows[0]!.resource_id],
      publish_type: 'now',
      end_time: new Date(Date.now() + 5_000).toISOString(),
    });
    await page.goto(`${server.url}/#/homework-management`);
    await filter('状態', '期限切れ');
    const row = page.getByRole('region', { name: title });
    await waitUntil(
      'the homework to be overdue',
      async () => {
        await page.reload();
        return (await row.count()) > 0;
      },
      120_000,
    );
    await row.getByRole('button', { name: '再配信' }).click();
    await page.getByTestId('delay-confirm').filter({ hasText: '締切を7日延長' }).waitFor();
    await page.getByRole('button', { name: '再配信する' }).click();
    await page.getByText(/未提出の3人に再配信しました/).waitFor();
    await filter('状態', '実施中');
    await row.getByText('再配信あり').waitFor();
    await page.goto(`${server.url}/#/homework/reissue-list`);
    await page.getByTestId('reissue-row').filter({ hasText: title }).waitFor();
    await screenshot(page, 'homework-reissues');
  });
});
