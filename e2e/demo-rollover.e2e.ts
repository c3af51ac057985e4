import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiSignIn, confirmCall, openBrowser, screenshot, sharedServer, signInThroughForm } from './harness';

/**
 * The April roll-over on the demo school (docs/classes.md, "The April roll-over"): the shared
 * server holds the demo accounts, classes and children (e2e/global-setup.ts starts it with
 * `SEED_DEMO=classes`, the same seed `npm start` runs, without the term of homework whose readings
 * would keep the speech workers busy; no other spec signs in as a demo account), and teacher01
 * takes the year forward in the browser with the wizard's own suggestions: 3年1組 → 4年1組,
 * 3年2組 → 4年2組, 5年1組 → 6年1組. Then every class and every child is checked through the API.
 * (The same roll-over with the term of homework, whose counts stay, is
 * apps/server/src/seed/demo-homework.test.ts.)
 */
const server = sharedServer();
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let token: string;

interface Row {
  student_id: string;
  name: string;
  grade_name: string;
  teams: { team_id: number; name: string }[];
}
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });
const settled = (p: Page) => p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

const students = async () =>
  (await apiCall<{ rows: Row[] }>(server.url, token, 'GET', '/api/v2/team/student-page-rows', { limit: '100' })).rows;
const classRows = async () =>
  (
    await apiCall<{ rows: { name: string; student_count: number }[] }>(
      server.url,
      token,
      'GET',
      '/api/v2/team/my-team-rows',
    )
  ).rows
    .map((c) => [c.name, c.student_count] as const)
    .sort();

beforeAll(async () => {
  token = (await apiSignIn(server.url, 'teacher01', 'pass1234'))!;
  browser = await openBrowser();
  page = browser.page;
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('the demo school in April', { timeout: 180_000 }, () => {
  it('teacher01 takes the demo school a year forward; every class and child follows', async () => {
    const before = await students();
    expect(before).toHaveLength(28 + 31 + 34);
    expect(await classRows()).toEqual([
      ['3年1組', 28],
      ['3年2組', 31],
      ['5年1組', 34],
    ]);

    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, 'teacher01', 'pass1234');
    await page.waitForURL(/#\/homework-management$/);
    await page.goto(`${server.url}/#/grades`);
    await page.getByRole('button', { name: '年度更新' }).click();
    await page.waitForURL(/#\/student\/year-rollover$/);
    await poll(() => page.locator('.ant-table-row').count()).toBe(3);
    // The wizard's suggestions are the next grade's class of the same 組.
    await poll(() => page.getByLabel('3年1組の次のクラス').inputValue()).toBe('4年1組');
    await poll(() => page.getByLabel('3年2組の次のクラス').inputValue()).toBe('4年2組');
    await poll(() => page.getByLabel('5年1組の次のクラス').inputValue()).toBe('6年1組');
    await settled(page);
    await screenshot(page, 'demo-rollover-plan');

    await page.getByRole('button', { name: '変更内容を確認' }).click();
    await poll(() => page.getByText(/まだ何も変わっていません/).count()).toBe(1);
    expect(await page.getByTestId('created-teams').innerText()).toMatch(/4年1組[\s\S]*4年2組[\s\S]*6年1組/);
    // The preview writes nothing.
    expect((await students()).map((s) => `${s.student_id} ${s.grade_name}`).sort()).toEqual(
      before.map((s) => `${s.student_id} ${s.grade_name}`).sort(),
    );
    await settled(page);
    await screenshot(page, 'demo-rollover-preview');

    await page.getByRole('button', { name: '年度更新を実行' }).click();
    const ok = page.getByRole('dialog').getByRole('button', { name: '年度更新を実行' });
    expect(await confirmCall(page, ok, '/api/v2/team/year-rollover-commit')).toMatch(/^200 /);
    await poll(() => page.getByTestId('rollover-done').count()).toBe(1);
    await settled(page);
    await screenshot(page, 'demo-rollover-done');

    // Every class: the three new ones, with every child; last year's are no longer listed.
    expect(await classRows()).toEqual([
      ['4年1組', 28],
      ['4年2組', 31],
      ['6年1組', 34],
    ]);
    // Every child: same account and name, one grade up, in the next class of their class, no other.
    const next: Record<string, string> = { '3年1組': '4年1組', '3年2組': '4年2組', '5年1組': '6年1組' };
    const expected = Object.fromEntries(
      before.map((s) => [
        s.student_id,
        `${s.name} ${Number.parseInt(s.grade_name, 10) + 1}年 ${s.teams.map((t) => next[t.name]).join('+')}`,
      ]),
    );
    const after = Object.fromEntries(
      (await students()).map((s) => [
        s.student_id,
        `${s.name} ${s.grade_name} ${s.teams.map((t) => t.name).join('+')}`,
      ]),
    );
    expect(after).toEqual(expected);
    const grads = await apiCall<{ rows: Row[] }>(server.url, token, 'GET', '/api/v2/team/graduate-page-rows');
    expect(grads.rows).toEqual([]);
    // The class list on the page shows the new classes only.
    await page.goto(`${server.url}/#/grades`);
    await poll(async () =>
      (await page.getByTestId('class-row').allInnerTexts()).map((t) => t.split('\n')[0]!.trim()).sort(),
    ).toEqual(['4年1組', '4年2組', '6年1組']);
  });
});
