import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  importRoster,
  type RosterRow,
} from './harness';

/**
 * What a teacher sees agrees with itself (docs/results.md "Submitted and done"), and the screens
 * a walk at 1024 px found rough: a homework with 必要練習回数 2 that two of four children submitted
 * once (提出 2/4人, 練習完了 0/4人, 提出済み（練習 1/2回）), an overdue row of the homework list at
 * 1024 and 1366 px (its four buttons beside the bar, never over it), the class list's and a
 * student's card heads at 1024 px (the title whole), and a report header for 学年/組 imported as
 * digits. Choice material is submitted through the children's calls (no recording needed).
 */
const server = sharedServer();
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let teacher: TestTeacher;
let token: string;
let classRow: { team_id: number; name: string };
let required: number;
let overdue: string;
const run = Math.random().toString(36).slice(2, 7);
const loginIds = [1, 2, 3, 4].map((n) => `${run}cs-${n}`);

async function waitUntil<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 120_000) {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => null);
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A child hands a choice topic in once, through the children's calls, answering every item. */
async function handIn(cardKey: string, homeworkId: number) {
  const { data } = (await (
    await fetch(`${server.url}/api/v2/student/pass-card-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: cardKey }),
    })
  ).json()) as { data: { token: string } };
  const kid = data.token;
  const list = await apiCall<{ rows: { homework_id: number; topics: { topic_id: number }[] }[] }>(
    server.url,
    kid,
    'GET',
    '/api/v2/student/homework-list',
    {},
  );
  const topic = list.rows.find((r) => r.homework_id === homeworkId)!.topics[0]!.topic_id;
  const content = await apiCall<{ items: { index: number }[] }>(
    server.url,
    kid,
    'GET',
    '/api/v2/student/topic-content',
    {
      homework_id: homeworkId,
      topic_id: topic,
    },
  );
  await apiCall(server.url, kid, 'POST', '/api/v2/student/submit-topic', {
    homework_id: homeworkId,
    topic_id: topic,
    answers: content.items.map((i) => ({ question_id: i.index, answer: '0' })),
  });
}

beforeAll(async () => {
  teacher = await createTeacher(server, { prefix: 'consistency', nickname: '山田 先生' });
  token = (await apiSignIn(server.url, teacher.loginId, teacher.password))!;
  classRow = await apiCall(server.url, token, 'POST', '/api/v2/team/create', { name: `6年1組 ${run}` });
  // Two classes, so the class list offers to reorder them by dragging.
  await apiCall(server.url, token, 'POST', '/api/v2/team/create', { name: `6年2組 ${run}` });
  // 学年 and 組 as plain digits, as a school's roster often has them.
  const cards = await importRoster(
    server.url,
    token,
    classRow.team_id,
    loginIds.map((id, i): RosterRow => [id, `生徒 ${i + 1}`, `せいと ${i + 1}`, 6, 1, i + 1, '']),
  );
  await waitForLibrary(server.url);
  const choices = await apiCall<{ rows: { resource_id: number }[] }>(
    server.url,
    token,
    'GET',
    '/api/v2/resource/search',
    {
      page: 1,
      limit: 1,
      type: 'grammar_choice',
    },
  );
  const resource = choices.rows[0]!.resource_id;
  const publish = (key: string, title: string, end: number, requiredTimes: number | null) =>
    apiCall<{ homework_ids: number[] }>(server.url, token, 'POST', '/api/v2/homework-publish/publish-homework', {
      homework_type: 'routine',
      request_key: `e2e-${key}-${run}`,
      title,
      team_ids: [classRow.team_id],
      resource_ids: [resource],
      publish_type: 'now',
      end_time: new Date(Date.now() + end).toISOString(),
      required_times: requiredTimes,
    });
  required = (await publish('required', `必要回数 ${run}`, 7 * 86_400_000, 2)).homework_ids[0]!;
  overdue = `期限切れの宿題 ${run}`;
  await publish('overdue', overdue, 4_000, null);
  const keyOf = new Map(cards.rows.map((c) => [c.student_id, c.card_key]));
  for (const id of loginIds.slice(0, 2)) await handIn(keyOf.get(id)!, required);

  browser = await openBrowser();
  page = browser.page;
  await page.goto(server.url);
  await signInThroughForm(page, teacher.loginId, teacher.password);
  await page.waitForURL(/#\/homework-management/);
}, LIBRARY_INSTALL_MS + 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('what a teacher sees agrees, at 1024 px', { timeout: 300_000 }, () => {
  it('an overdue row at 1024 and 1366 px: the buttons stand beside the bar and its percentage', async () => {
    const row = page.getByRole('region', { name: overdue });
    await waitUntil('the homework to be overdue', async () => {
      await page.reload();
      await row.waitFor({ timeout: 10_000 });
      return (await row.getByRole('button', { name: '再配信' }).count()) > 0;
    });
    for (const width of [1024, 1366]) {
      await page.setViewportSize({ width, height: 768 });
      const bar = await row.getByRole('progressbar', { name: '提出率' }).boundingBox();
      const percent = await row.getByText('0%', { exact: true }).boundingBox();
      const buttons = await row.getByRole('button', { name: '詳細' }).boundingBox();
      const right = await row.getByRole('button', { name: '削除' }).boundingBox();
      const rowBox = await row.boundingBox();
      // The first button starts right of the bar and the percentage; the last one ends inside the row.
      expect(buttons!.x).toBeGreaterThanOrEqual(bar!.x + bar!.width);
      expect(buttons!.x).toBeGreaterThanOrEqual(percent!.x + percent!.width);
      expect(right!.x + right!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width);
      await screenshot(page, `consistency-homework-list-${width}`);
    }
    await page.setViewportSize({ width: 1024, height: 768 });
  });

  it('a required practice count: 提出 2/4人 and 練習完了 0/4人 on the details, 提出済み（練習 1/2回） for both', async () => {
    await page.goto(`${server.url}/#/homework-details/${required}`);
    await page.getByTestId('submission-rate').filter({ hasText: '50%' }).waitFor();
    await page.getByRole('region', { name: '宿題の概要' }).getByText('提出 2/4人').waitFor();
    expect(await page.getByTestId('done-count').textContent()).toBe('0/4人');
    expect(await page.getByTestId('topic-row').textContent()).toContain('2/4人');
    await page.getByTestId('matrix-rounds').first().waitFor();
    expect(await page.getByTestId('matrix-rounds').allTextContents()).toEqual([
      '提出済み（練習 1/2回）',
      '提出済み（練習 1/2回）',
    ]);
    await page.getByRole('region', { name: '未提出の生徒（2人）' }).waitFor();
    await page.getByRole('region', { name: '必要練習回数に届いていない生徒（2人）' }).waitFor();
    await screenshot(page, 'consistency-homework-details');
    await page.goto(`${server.url}/#/commentary/${required}`);
    await page.getByTestId('answered').filter({ hasText: '提出 2/4人' }).waitFor();
  });

  it('at 1024 px the class list and a student keep their titles whole; the report reads 6年1組', async () => {
    await page.goto(`${server.url}/#/grades`);
    const title = page.locator('.ant-card-head-title').filter({ hasText: 'クラス一覧' });
    await title.waitFor();
    // Nothing of the title is cut off (antd ends a cut title with an ellipsis).
    expect(await title.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await page.getByText('ドラッグして並べ替えられます').waitFor();
    await screenshot(page, 'consistency-class-list-1024');

    await page.goto(`${server.url}/#/student/student-details/${loginIds[0]}`);
    const name = page.locator('.ant-card-head-title').filter({ hasText: '生徒 1' });
    await name.waitFor();
    const nameBox = await name.boundingBox();
    const edit = await page.getByRole('button', { name: '情報を編集' }).boundingBox();
    expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    // The buttons are beside the name with room between, or on a line of their own.
    expect(edit!.x >= nameBox!.x + nameBox!.width + 16 || edit!.y >= nameBox!.y + nameBox!.height).toBe(true);
    await screenshot(page, 'consistency-student-details-1024');

    await page.goto(`${server.url}/#/homework/student-report?student_id=${loginIds[0]}`);
    await page.getByText(`生徒ID ${loginIds[0]}・6年1組・出席番号 1`).waitFor();
    await screenshot(page, 'consistency-student-report-1024');
  });
});
