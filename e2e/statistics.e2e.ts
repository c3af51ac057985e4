// eslint-disable-next-line no-restricted-syntax -- the speech package's name for a child's reading
import { synthesizeChildReading } from '@ondoku/speech';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
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
} from './harness';

/**
 * The learning statistics (docs/learning-statistics.md) on a class of two children who practised
 * a library sentence set on their own: their readings are eSpeak voices streamed to the real
 * evaluation socket (one child says l for every r), then submitted through the children's side.
 * The teacher opens each statistics screen, changes the period, exports an xlsx, and makes a
 * practice homework from the heat map's worst sounds in one click through the wizard; the child
 * then finds that homework in their list.
 */
dayjs.locale('ja');
const server = sharedServer();
const run = Math.random().toString(36).slice(2, 6);
/** How the children of this spec read: a high female eSpeak voice at its own pace, a quiet room. */
const CHILD_VOICE = { voice: 'en-us+f4', speed: 0.9, snrDb: 40, slip: 'none', seed: 1 } as const;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let teacher: TestTeacher;
let token: string;
let classRow: { team_id: number; name: string };
const studentTokens: string[] = [];
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });

interface Item {
  index: number;
  screen_text: string;
}

/** One reading through the evaluation socket as the children's app streams raw PCM; the stored result's sid. */
async function evaluate(studentToken: string, text: string, said: string): Promise<string> {
  const { evaluation_server_url: url } = await apiCall<{ evaluation_server_url: string }>(
    server.url,
    studentToken,
    'GET',
    '/api/v2/student/new-evaluation-service',
  );
  // A child's voice, high enough for the children's warp (the socket scores a child's ticket as a
  // child's reading), and not one of the model voices, whose recordings are refused as replays.
  // eslint-disable-next-line no-restricted-syntax -- the speech package's name for a child's reading
  const { pcm: samples } = await synthesizeChildReading(said, CHILD_VOICE);
  const pcm = Buffer.alloc((samples.length + 16_000) * 2);
  samples.forEach((x, i) => pcm.writeInt16LE(x, (8_000 + i) * 2));
  const ws = new WebSocket(url);
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (data) => {
      const reply = JSON.parse(String(data)) as { code: number; sid?: string; message: string };
      ws.close();
      if (reply.code === 0 && reply.sid) resolve(reply.sid);
      else reject(new Error(`evaluation ${reply.code}: ${reply.message}`));
    });
    ws.on('open', () => {
      ws.send(JSON.stringify({ cmd: 'ssb', category: 'read_sentence', aue: 'raw', language: 'en_us', text }));
      for (let i = 0; i < pcm.length; i += 6400)
        ws.send(JSON.stringify({ cmd: 'auw', status: 1, audio: pcm.subarray(i, i + 6400).toString('base64') }));
      ws.send(JSON.stringify({ cmd: 'auw', status: 2, audio: '' }));
    });
  });
}

beforeAll(async () => {
  teacher = await createTeacher(server, { prefix: 'stats', nickname: '森 先生' });
  token = (await apiSignIn(server.url, teacher.loginId, teacher.password))!;
  classRow = await apiCall(server.url, token, 'POST', '/api/v2/team/create', { name: `4年2組 ${run}` });
  const cards = await importRoster(server.url, token, classRow.team_id, [
    [`${run}st-1`, '石井 ゆい', 'いしい ゆい', '4年', '2組', 1, ''],
    [`${run}st-2`, '上田 そら', 'うえだ そら', '4年', '2組', 2, ''],
  ]);
  for (const id of [`${run}st-1`, `${run}st-2`]) {
    const key = cards.rows.find((r) => r.student_id === id)!.card_key;
    const signed = await fetch(`${server.url}/api/v2/student/pass-card-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key }),
    });
    studentTokens.push(((await signed.json()) as { data: { token: string } }).data.token);
  }

  // A sentence set with words that start with r, from the installed library.
  await waitForLibrary(server.url);
  const found = await apiCall<{ rows: { resource_id: number; item_count: number }[] }>(
    server.url,
    token,
    'GET',
    '/api/v2/resource/search',
    { page: 1, limit: 20, type: 'sentence_reading', origin_type: 'headquarters' },
  );
  let resource: { resource_id: number; items: Item[] } | null = null;
  for (const row of [...found.rows].sort((a, b) => a.item_count - b.item_count)) {
    const detail = await apiCall<{ resource_id: number; items: Item[] }>(
      server.url,
      token,
      'GET',
      '/api/v2/resource/detail',
      {
        resource_id: row.resource_id,
      },
    );
    // An r that starts a word ("red", "rainbow"): one that ends a syllable ("years") may be heard
    // through the dictionary's other pronunciation without it (Y ER Z), and /r/ is then not judged.
    if (detail.items.filter((i) => /\br[aeiou]/i.test(i.screen_text)).length >= 2) {
      resource = detail;
      break;
    }
  }
  expect(resource, 'a sentence set with r').not.toBeNull();
  // Child 1 says l for every r (light for right); child 2 reads as written.
  for (const [n, studentToken] of studentTokens.entries()) {
    const answers = [];
    for (const item of resource!.items) {
      const said = n === 0 ? item.screen_text.replace(/r/g, 'l').replace(/R/g, 'L') : item.screen_text;
      answers.push({ question_id: item.index, sid: await evaluate(studentToken, item.screen_text, said) });
    }
    await apiCall(server.url, studentToken, 'POST', '/api/v2/student/submit-self-practice', {
      resource_id: resource!.resource_id,
      answers,
    });
  }
  browser = await openBrowser();
  page = browser.page;
  await page.goto(`${server.url}/#/login`);
  await signInThroughForm(page, teacher.loginId, teacher.password);
  await page.waitForURL(/#\/homework-management$/);
}, LIBRARY_INSTALL_MS + 180_000);

afterAll(async () => {
  await browser?.close();
});

/** The left menu's entry (the screens also link to each other under the same names). */
const menu = (label: string) =>
  page.getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name: label, exact: true });
const statsCall = (path: string) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'GET');

describe('learning statistics', { timeout: 240_000 }, () => {
  it('shows the progress graph and reads it again for another period', async () => {
    const first = statsCall('/api/v2/statistics/progress-graph');
    await menu('成績の推移').click();
    await first;
    await page.getByTestId('progress-scores').getByRole('table').waitFor();
    await poll(() => page.getByTestId('progress-students').getByText('石井 ゆい').count()).toBe(1);
    const again = statsCall('/api/v2/statistics/progress-graph');
    await page.getByRole('button', { name: '今年度' }).click();
    const reply = await again;
    expect(new URL(reply.url()).searchParams.get('start_date')).toMatch(/-04-01$/);
    await page.locator('.recharts-surface').first().waitFor();
    await screenshot(page, 'statistics-progress-graph');
  });

  it('shows the usage amount with homework and self-practice apart, and exports it as an xlsx', async () => {
    await menu('学習量').click();
    await poll(() => page.getByTestId('usage-totals').innerText()).toContain('自主学習\n2回');
    await page.getByTestId('usage-hours').getByRole('table').waitFor();
    await screenshot(page, 'statistics-usage-amount');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'エクセルで出力' }).click();
    await page.getByTestId('export-ready').waitFor({ timeout: 60_000 });
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^学習量_4年2組.*\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await file.path())!);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['日ごと', '曜日と時間', '子ども別']);
    await page.locator('.ant-modal-footer').getByRole('button', { name: '閉じる' }).click();
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
  });

  it('shows the word progress grid of a word-book part', async () => {
    await menu('単語の進捗').click();
    await page.getByTestId('word-grid').waitFor();
    await screenshot(page, 'statistics-word-progress');
  });

  it('finds the r of the child who said l, and makes a practice homework of it that the child then sees', async () => {
    await menu('発音の分析').click();
    const heat = page.getByTestId('sound-heatmap');
    await heat.getByRole('table').waitFor();
    await screenshot(page, 'statistics-intelligence');
    // The child who said l for r is judged weak on /r/; the child who read it as written is not.
    const insights = await apiCall<{ students: { name: string; cells: { sound: string; weak_rate: number }[] }[] }>(
      server.url,
      token,
      'GET',
      '/api/v2/statistics/sound-insights',
      { team_id: classRow.team_id },
    );
    const rOf = (name: string) =>
      insights.students.find((x) => x.name === name)!.cells.find((c) => c.sound === 'R')?.weak_rate ?? 0;
    expect(rOf('石井 ゆい'), JSON.stringify(insights.students)).toBeGreaterThan(rOf('上田 そら'));
    expect(rOf('石井 ゆい')).toBeGreaterThanOrEqual(50);
    // /r/ is in the heat map (after the sounds judged often enough, when it was judged only once or twice).
    const all = heat.getByRole('button', { name: /すべての音/ });
    if (await all.count()) await all.click();
    await heat.getByRole('columnheader', { name: '/r/' }).waitFor();
    await page.getByRole('button', { name: 'この音の練習宿題を作る' }).click();
    await page.waitForURL(/#\/homework-create\/routine\/1$/);
    await page.getByTestId('wizard-content').waitFor();
    const next = async (step: number) => {
      await poll(() => page.locator('[data-wizard-step]').getAttribute('data-wizard-step')).toBe(String(step));
      await page.getByRole('button', { name: '次へ', exact: true }).click();
    };
    await next(1);
    await next(2); // the class is already chosen
    const title = await page.getByLabel('タイトル', { exact: true }).inputValue();
    expect(title).toMatch(/^発音練習：/);
    const end = page.getByLabel('終了日時', { exact: true });
    await end.click();
    await end.fill(dayjs().add(7, 'day').hour(17).minute(0).format('YYYY年M月D日(dd) HH:mm'));
    await end.press('Enter');
    await next(3);
    await page.getByTestId('wizard-summary').waitFor();
    await screenshot(page, 'statistics-practice-homework');
    await page.getByRole('button', { name: '配信する' }).click();
    await page.getByText(`宿題「${title}」を配信しました。`).waitFor();

    const list = await apiCall<{ rows: { title: string; topics: unknown[] }[] }>(
      server.url,
      studentTokens[0]!,
      'GET',
      '/api/v2/student/homework-list',
    );
    expect(list.rows.find((r) => r.title === title)?.topics.length).toBeGreaterThan(0);
  });
});
