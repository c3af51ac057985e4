import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiCall,
  apiSignIn,
  createTeacher,
  openBrowser,
  screenshot,
  sharedServer,
  signInThroughForm,
  waitForLibrary,
  type TestTeacher,
  importRoster,
  type RosterRow,
} from './harness';

/**
 * Rankings, encouragement and reports in Chromium: three children practise a library exercise on
 * their own (3, 1 and 0 times), the teacher opens ランキング, changes the period, sends a stamp and
 * words to the whole class, and a child finds them on the home screen and in the inbox of the
 * students' side, and sees the class's ranking as the teacher chose; the printable integral ranking and a child's term report are shown as printed
 * on A4 (docs/rankings.md).
 */
const server = sharedServer();
const run = Math.random().toString(36).slice(2, 6);
let teacher: TestTeacher;
let token: string;
let classId: number;
let cardKeys: string[];
const loginIds = [`${run}rk-1`, `${run}rk-2`, `${run}rk-3`];

async function studentToken(key: string) {
  const res = await fetch(`${server.url}/api/v2/student/pass-card-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

beforeAll(async () => {
  teacher = await createTeacher(server, { prefix: 'rank', nickname: '木村 先生' });
  token = (await apiSignIn(server.url, teacher.loginId, teacher.password))!;
  classId = (
    await apiCall<{ team_id: number }>(server.url, token, 'POST', '/api/v2/team/create', { name: `4年2組 ${run}` })
  ).team_id;
  const cards = await importRoster(
    server.url,
    token,
    classId,
    ['青木 はると', '井上 ゆい', '上田 そうた'].map((name, i): RosterRow => [
      loginIds[i]!,
      name,
      '',
      '4年',
      '2組',
      i + 1,
      '',
    ]),
  );
  cardKeys = loginIds.map((id) => cards.rows.find((r) => r.student_id === id)!.card_key);

  // Self-practice of a choice exercise needs no microphone: 3 tries for the first child, 1 for the second.
  await waitForLibrary(server.url);
  const found = await apiCall<{ rows: { resource_id: number }[] }>(
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
  const resourceId = found.rows[0]!.resource_id;
  for (const [i, tries] of [3, 1].entries()) {
    const kid = await studentToken(cardKeys[i]!);
    const content = await apiCall<{ items: { index: number }[] }>(
      server.url,
      kid,
      'GET',
      '/api/v2/student/self-practice-content',
      { resource_id: resourceId },
    );
    for (let n = 0; n < tries; n++)
      await apiCall(server.url, kid, 'POST', '/api/v2/student/submit-self-practice', {
        resource_id: resourceId,
        answers: content.items.map((it) => ({ question_id: it.index, answer: '0' })),
      });
  }
}, 1_500_000);

let teacherBrowser: Awaited<ReturnType<typeof openBrowser>> | undefined;
afterAll(async () => {
  await teacherBrowser?.close();
});

it('the ranking with a period change, encouragement to the whole class, the printable export and a report', async () => {
  teacherBrowser = await openBrowser();
  const { page } = teacherBrowser;
  await page.goto(`${server.url}/#/login`);
  await signInThroughForm(page, teacher.loginId, teacher.password);
  await page.getByRole('link', { name: 'ランキング' }).click();
  const table = page.getByTestId('ranking-table');
  await expect.poll(() => table.locator('tbody tr').count(), { timeout: 30_000 }).toBe(3);
  await expect.poll(() => table.locator('tbody tr').first().innerText()).toMatch(/1位[\s\S]*青木 はると[\s\S]*3回/);
  expect(await table.locator('tbody tr').nth(2).innerText()).toMatch(/3位[\s\S]*上田 そうた[\s\S]*0回/);
  await expect.poll(() => page.getByTestId('ranking-period').innerText()).toContain('今週');
  await page.getByTestId('ranking-chart').waitFor();
  await screenshot(page, 'rankings-week');

  // The period: this month, then a range whose end is before its start.
  await page.getByText('今月', { exact: true }).click();
  await expect.poll(() => page.getByTestId('ranking-period').innerText()).toContain('今月');
  await page.getByText('期間指定', { exact: true }).click();
  await page.getByLabel('開始日').fill('2026-11-20');
  await page.getByLabel('終了日').fill('2026-11-10');
  await page.getByText('終了時刻が間違っています。').waitFor();
  await page.getByText('今学期', { exact: true }).click();
  await expect.poll(() => page.getByTestId('ranking-period').innerText()).toContain('今学期');

  // The integral points rule is on the screen; the privacy choice for the children.
  await page.getByRole('tab', { name: 'ポイント' }).click();
  await page.getByTestId('integral-rules').waitFor();
  await page.getByText('全員の順位を見せる').click();
  await page
    .getByTestId('privacy-card')
    .getByRole('button', { name: /保\s?存/ })
    .click();
  await page.getByText('子どもに見せる範囲を保存しました。').waitFor();

  // Encouragement to the whole class.
  await page.getByRole('button', { name: 'クラス全員にはげましを送る' }).click();
  await page.getByRole('button', { name: 'はなまる' }).click();
  await page.getByLabel('メッセージ').fill('みんな よくがんばったね！');
  await screenshot(page, 'rankings-encourage');
  await page.getByRole('button', { name: '送る', exact: true }).click();
  await page.getByText('3人にはげましを送りました。').waitFor();

  // The printable integral ranking, as printed on A4 (210 mm ≈ 794 px at 96 dpi).
  const print = await teacherBrowser.context.newPage();
  await print.setViewportSize({ width: 794, height: 1123 });
  await print.goto(`${server.url}/#/integral-ranking-export?team_ids=${classId}&period=week`);
  await print.getByTestId('export-page').first().waitFor();
  expect(await print.getByTestId('export-page').first().innerText()).toContain('ポイントランキング');
  await print.emulateMedia({ media: 'print' });
  await screenshot(print, 'rankings-export-a4');
  const pdf = await print.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');

  // A child's term report, printed.
  await print.emulateMedia({ media: 'screen' });
  await print.setViewportSize({ width: 1024, height: 768 });
  await print.goto(`${server.url}/#/reports/student-rpt?student_id=${loginIds[0]}`);
  await print.getByTestId('score-table').waitFor();
  await print.getByTestId('score-chart').waitFor();
  expect(await print.getByTestId('term-report').innerText()).toContain('みんな よくがんばったね！');
  await print.setViewportSize({ width: 794, height: 1123 });
  await print.emulateMedia({ media: 'print' });
  await screenshot(print, 'rankings-student-report-a4');
  // The class's term report, printed: participation, the score bands, each child.
  await print.emulateMedia({ media: 'screen' });
  await print.goto(`${server.url}/#/reports/team-rpt?team_id=${classId}`);
  await print.getByTestId('class-students').waitFor();
  expect(await print.getByTestId('term-report').innerText()).toContain('66.7%');
  await print.emulateMedia({ media: 'print' });
  await screenshot(print, 'rankings-class-report-a4');
  await print.close();

  // The kid's side: the home screen and the inbox.
  const kid = await openBrowser();
  try {
    await kid.page.goto(`${server.url}/learn/#/card?key=${encodeURIComponent(cardKeys[0]!)}`);
    const banner = kid.page.getByTestId('inbox-banner');
    await banner.waitFor({ timeout: 30_000 });
    await banner.getByTestId('banner-stamps').waitFor();
    await screenshot(kid.page, 'rankings-kid-home');
    await banner.click();
    const message = kid.page.getByTestId('message').first();
    await message.waitFor();
    expect(await message.innerText()).toContain('みんな よくがんばったね！');
    expect(await message.getByTestId('stamp').getAttribute('data-stamp')).toBe('3');
    await screenshot(kid.page, 'rankings-kid-inbox');
    // Their class's points ranking, as the teacher chose: everyone who practised, others unnamed.
    await kid.page.getByRole('link', { name: 'ランキング' }).click();
    const rows = kid.page.getByTestId('ranking-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    expect(await rows.nth(0).innerText()).toMatch(/1い\s*青木 はると/);
    expect(await rows.nth(1).innerText()).toMatch(/2い\s*ほかの おともだち/);
    await screenshot(kid.page, 'rankings-kid-ranking');
  } finally {
    await kid.close();
  }
}, 240_000);
