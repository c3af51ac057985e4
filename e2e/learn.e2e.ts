import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// eslint-disable-next-line no-restricted-syntax -- the speech package's name for a child's reading
import { synthesizeChildReading, writeWav } from '@ondoku/speech';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiSignIn,
  createTeacher,
  openBrowser,
  sharedServer,
  shotsDir,
  signInThroughForm,
  type TestTeacher,
} from './harness';

/**
 * The children's app (/learn/) in Chromium with a fake microphone fed from a WAV file (a TTS
 * reading of the topic's first sentence): a child signs in with the login card's QR URL,
 * practises and submits a sentence-reading topic, and the scores the server keeps (what the
 * teacher's side reads) are exactly what the evaluator sent over the socket for those sids. The
 * same flow with the network cut while recording and submitting delivers the attempt once the
 * network returns.
 */
const server = sharedServer();
const run = Math.random().toString(36).slice(2, 6);
/** How the children of this spec read: a high female eSpeak voice at its own pace, a quiet room. */
const CHILD_VOICE = { voice: 'en-us+f4', speed: 0.9, snrDb: 40, slip: 'none', seed: 1 } as const;
let teacher: TestTeacher;
let token: string;
let classRow: { team_id: number };
let cardKey: string;
let tmp: string;
let wavFile: string;
let speechSeconds = 0;
let sentence: { resource_id: number; items: { screen_text: string }[] };
let choice: { resource_id: number } | null = null;

interface Evaluated {
  sid: string;
  total: number;
}
interface Homework {
  homework_id: number;
}

async function waitUntil<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 900_000) {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => null);
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

let published = 0;
async function publish(title: string, resourceIds: number[]): Promise<Homework> {
  const { homework_ids } = await apiCall<{ homework_ids: number[] }>(
    server.url,
    token,
    'POST',
    '/api/v2/homework-publish/publish-homework',
    {
      homework_type: 'routine',
      request_key: `e2e-learn-${run}-${++published}`,
      title,
      team_ids: [classRow.team_id],
      resource_ids: resourceIds,
      publish_type: 'now',
      end_time: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    },
  );
  return { homework_id: homework_ids[0]! };
}

beforeAll(async () => {
  teacher = await createTeacher(server, { prefix: 'learn', nickname: '小林 先生' });
  token = (await apiSignIn(server.url, teacher.loginId, teacher.password))!;
  classRow = await apiCall(server.url, token, 'POST', '/api/v2/team/create', { name: `5年1組 ${run}` });
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('生徒');
  ws.addRow(['生徒ID', '氏名', 'ふりがな', '学年', '組', '出席番号', '初期パスワード']);
  ws.addRow([`${run}learn-1`, '佐藤 さくら', 'さとう さくら', '5年', '1組', 1, '']);
  const form = new FormData();
  form.append('team_id', String(classRow.team_id));
  form.append('file', new Blob([Buffer.from(await wb.xlsx.writeBuffer())]), '名簿.xlsx');
  const res = await fetch(`${server.url}/api/v2/team/import-team-students-list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(((await res.json()) as { errcode: number }).errcode).toBe(0);
  const cards = await apiCall<{ rows: { card_key: string }[] }>(
    server.url,
    token,
    'GET',
    '/api/v2/team/get-student-initial-pwd-list',
    { team_id: classRow.team_id },
  );
  cardKey = cards.rows[0]!.card_key;

  const found = await waitUntil('a sentence-reading resource', async () => {
    const r = await apiCall<{ rows: { resource_id: number; item_count: number }[] }>(
      server.url,
      token,
      'GET',
      '/api/v2/resource/search',
      { page: 1, limit: 20, type: 'sentence_reading' },
    );
    return [...r.rows].sort((a, b) => a.item_count - b.item_count)[0];
  });
  sentence = await apiCall(server.url, token, 'GET', '/api/v2/resource/detail', { resource_id: found.resource_id });
  const choices = await apiCall<{ rows: { resource_id: number }[] }>(
    server.url,
    token,
    'GET',
    '/api/v2/resource/search',
    { page: 1, limit: 1, type: 'grammar_choice' },
  );
  choice = choices.rows[0] ?? null;

  // The microphone: the first sentence read by a child's voice (never one of the model voices, whose
  // recordings are refused as replays: docs/speech-service.md), silence around it.
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-learn-'));
  // eslint-disable-next-line no-restricted-syntax -- the speech package's name for a child's reading
  const speech = await synthesizeChildReading(sentence.items[0]!.screen_text, CHILD_VOICE);
  const samples = Float32Array.from([
    ...new Float32Array(16_000 * 0.4),
    ...Float32Array.from(speech.pcm, (x) => x / 32768),
    ...new Float32Array(16_000 * 1.2),
  ]);
  speechSeconds = samples.length / 16_000;
  wavFile = path.join(tmp, 'mic.wav');
  await fs.writeFile(wavFile, writeWav(samples, 16_000));
}, 900_000);

afterAll(async () => {
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

async function studentBrowser() {
  const browser = await openBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wavFile}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
  browser.page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log(`[learn page] ${m.text()}`);
  });
  browser.page.on('pageerror', (e) => console.log(`[learn page error] ${e.message}`));
  return browser;
}

/** Every evaluation the socket sent to this page (live recordings and queued audio), by sid. */
function watchEvaluations(page: Page) {
  const results = new Map<string, Evaluated>();
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      const reply = JSON.parse(String(payload)) as { code: number; sid?: string; result?: { total_score: number } };
      if (reply.code === 0 && reply.sid && reply.result)
        results.set(reply.sid, { sid: reply.sid, total: reply.result.total_score });
    });
  });
  return results;
}

/** The bodies of the submit-topic calls that reached the server, with their replies. */
function watchSubmits(page: Page) {
  const submits: { answers: { question_id: number; sid?: string }[]; reply: { errcode: number; data: unknown } }[] = [];
  page.on('response', async (res) => {
    if (!res.url().includes('/api/v2/student/submit-topic')) return;
    const body = JSON.parse(res.request().postData() ?? '{}') as { answers: { question_id: number; sid?: string }[] };
    submits.push({ answers: body.answers, reply: (await res.json()) as { errcode: number; data: unknown } });
  });
  return submits;
}

async function shot(
  page: Page,
  name: string,
  sizes: [number, number][] = [
    [1024, 768],
    [768, 1024],
  ],
) {
  await fs.mkdir(shotsDir, { recursive: true });
  for (const [w, h] of sizes) {
    await page.setViewportSize({ width: w, height: h });
    await page.evaluate(() => window.scrollTo(0, 0));
    // What the child sees first (a full-page shot would draw the sticky bars mid-page).
    await page.screenshot({ path: path.join(shotsDir, `learn-${name}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}

async function openTopic(page: Page, homeworkTitle: string, topicIndex = 0) {
  const card = page.getByRole('article', { name: homeworkTitle });
  await card.waitFor();
  await card.getByTestId('topic').nth(topicIndex).getByRole('link').click();
  await page.getByRole('heading', { level: 1 }).waitFor();
}

async function micCheck(page: Page) {
  const check = page.getByTestId('mic-check');
  if (!(await check.isVisible().catch(() => false))) return;
  await page.getByRole('button', { name: 'マイクをためす' }).click();
  await page.getByText('きこえたよ！じゅんびOK。').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'はじめる', exact: true }).click();
}

/** Read item `i`: record for the length of the WAV, stop, wait for the score or the queued notice. */
async function readItem(page: Page, i: number, expect: 'score' | 'queued') {
  const item = page.getByTestId('preview-item').nth(i);
  await item.getByRole('button', { name: /読む/ }).click();
  await item.getByRole('button', { name: '■ おわり' }).waitFor();
  await page.waitForTimeout(speechSeconds * 1000);
  await item.getByRole('button', { name: '■ おわり' }).click();
  const wanted =
    expect === 'score'
      ? item.getByTestId('item-score')
      : item.getByText('つうしんができませんでした。つながったら自動でおくります。');
  // An error line on the item fails at once with what the child was told.
  await wanted.or(item.locator('.ln-error')).first().waitFor({ timeout: 30_000 });
  if (await item.locator('.ln-error').isVisible()) throw new Error(`item ${i}: ${await item.innerText()}`);
}

async function storedResult(page: Page, homeworkId: number, topicId: number) {
  const studentToken = await page.evaluate(
    () => JSON.parse(localStorage.getItem('ondoku.learn.session')!).token as string,
  );
  return apiCall<{ result: { score: number; items: { question_id: number; score: number }[] } | null }>(
    server.url,
    studentToken,
    'GET',
    '/api/v2/student/topic-result',
    { homework_id: homeworkId, topic_id: topicId },
  );
}

async function topicIds(page: Page, homeworkId: number) {
  const studentToken = await page.evaluate(
    () => JSON.parse(localStorage.getItem('ondoku.learn.session')!).token as string,
  );
  const list = await apiCall<{ rows: { homework_id: number; topics: { topic_id: number }[] }[] }>(
    server.url,
    studentToken,
    'GET',
    '/api/v2/student/homework-list',
  );
  return list.rows.find((r) => r.homework_id === homeworkId)!.topics.map((t) => t.topic_id);
}

/** The teacher's side of the same submission, in a browser of their own (docs/results.md). */
async function teacherSees(
  homeworkId: number,
  title: string,
  topicId: number,
  answers: { question_id: number; sid?: string }[],
  evaluations: Map<string, Evaluated>,
) {
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await page.goto(server.url);
    await signInThroughForm(page, teacher.loginId, teacher.password);
    await page.getByRole('heading', { name: '宿題一覧' }).waitFor();
    // The bell says a child submitted.
    await page.getByRole('button', { name: /お知らせ（未読\d+件）/ }).click();
    await page.getByText(`佐藤 さくらさんが「${title}」を提出しました。`).waitFor();

    await page.goto(`${server.url}/#/homework-details/${homeworkId}`);
    await page.getByTestId('submission-rate').waitFor();
    expect(await page.getByTestId('submission-rate').innerText()).toBe('100%');
    await page.goto(`${server.url}/#/homework-details/${homeworkId}/topics/${topicId}`);
    await page.getByRole('link', { name: '解答を見る' }).first().click();
    const items = page.getByTestId('preview-item');
    await items.first().waitFor();
    await fs.mkdir(shotsDir, { recursive: true });
    await page.screenshot({ path: path.join(shotsDir, 'results-answer-paper-e2e.png'), fullPage: true });
    // Each item's 得点 is what the evaluator gave for the submitted sid.
    for (const a of answers) {
      const score = await items.nth(a.question_id).getByTestId('item-score').innerText();
      expect(score.replace(/\s+/g, ' ')).toBe(`得点 ${Math.round(evaluations.get(a.sid!)!.total)}点`);
    }
    // The recording plays from a signed URL.
    const recording = page.waitForResponse((r) => r.url().includes('/api/v2/recording/') && r.status() < 300);
    await items
      .first()
      .getByRole('button', { name: /録音を再生/ })
      .click();
    expect((await recording).headers()['content-type']).toBe('audio/webm');

    // A word judged mispronounced is corrected to right, after a confirmation.
    const wrong = page.locator('[data-testid="word-chip"][data-type="mispronounced"]').first();
    if (await wrong.count()) {
      await wrong.click();
      await page.getByTestId('correction-confirm').waitFor();
      await page.getByText('訂正する').click();
      await page.getByText(/の得点が .+ になりました。/).waitFor();
    }

    // Exported as a download task: the file is saved when it is ready.
    await page.goto(`${server.url}/#/homework-details/${homeworkId}`);
    const saved = page.waitForEvent('download', { timeout: 120_000 });
    expect(await startExport(page, '生徒別の得点')).toMatch(/^200 /);
    await page
      .getByTestId('export-ready')
      .waitFor({ timeout: 60_000 })
      .catch(async (err: unknown) => {
        await page.screenshot({ path: path.join(shotsDir, 'export-ready-failed.png'), fullPage: true });
        throw err;
      });
    expect((await saved).suggestedFilename()).toMatch(/^生徒別の得点_.+\.xlsx$/);
    await page.goto(`${server.url}/#/download-manage`);
    await page.getByTestId('download-task').first().getByText('完了').waitFor();

    // A task that fails is shown so, and 再試行 makes it: the file store is made unwritable (a
    // regular file where its folder should be; root ignores permissions) for the second export.
    const files = path.join(server.dataDir, 'files');
    await fs.rename(files, `${files}.away`);
    await fs.writeFile(files, 'not a folder');
    try {
      await page.goto(`${server.url}/#/homework-details/${homeworkId}`);
      expect(await startExport(page, '課題別の集計')).toMatch(/^200 /);
      await page.getByText(/ダウンロード管理から再試行できます。/).waitFor({ timeout: 60_000 });
    } finally {
      await fs.rm(files, { force: true });
      await fs.rename(`${files}.away`, files);
    }
    await page.goto(`${server.url}/#/download-manage`);
    const failed = page.getByTestId('download-task').filter({ hasText: '失敗' });
    await failed.waitFor();
    await page.screenshot({ path: path.join(shotsDir, 'download-manage-failed-e2e.png'), fullPage: true });
    await failed.getByRole('button', { name: /再試行/ }).click();
    await page.getByTestId('download-task').filter({ hasText: '失敗' }).waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(() => page.getByTestId('download-task').filter({ hasText: '完了' }).count()).toBe(2);
    const again = page.waitForEvent('download');
    await page
      .getByTestId('download-task')
      .filter({ hasText: '課題別の集計' })
      .getByRole('button', { name: /ダウンロード/ })
      .click();
    expect((await again).suggestedFilename()).toMatch(/^課題別の集計_.+\.xlsx$/);
    await page.screenshot({ path: path.join(shotsDir, 'download-manage-e2e.png'), fullPage: true });
  } finally {
    await browser.close();
  }
}

/**
 * Opens the results page's Excel menu and starts the export `label`, returning the create call's
 * status and body. The menu opens on hover once the page's data is in (the button is disabled until
 * then); a click on an item while the menu still zooms in can be lost on a loaded machine, so it
 * hovers and clicks again while the call has not been sent (as `confirmCall` does for dialogs).
 */
async function startExport(page: Page, label: string): Promise<string> {
  await page.getByTestId('submission-rate').waitFor();
  const exportButton = page.getByRole('button', { name: /Excelで書き出す/ });
  await expect.poll(() => exportButton.isEnabled(), { timeout: 30_000 }).toBe(true);
  const isCreate = (r: { url(): string }) => new URL(r.url()).pathname === '/api/v2/download-task/create';
  const reply = page.waitForResponse(isCreate, { timeout: 60_000 });
  let sent = false;
  const onRequest = (r: { url(): string }) => {
    if (isCreate(r)) sent = true;
  };
  page.on('request', onRequest);
  try {
    await expect
      .poll(
        async () => {
          if (sent) return true;
          await page.mouse.move(0, 0); // from outside, so the hover opens the menu again
          await exportButton.hover();
          await page
            .getByText(label, { exact: true })
            .click({ timeout: 5_000 })
            .catch(() => undefined);
          // A click that was taken sends the call at once: wait for it before clicking again.
          if (!sent) await page.waitForRequest(isCreate, { timeout: 5_000 }).catch(() => undefined);
          return sent;
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(true)
      .catch(async (err: unknown) => {
        await page.screenshot({ path: path.join(shotsDir, 'export-menu-failed.png'), fullPage: true });
        throw err;
      });
    const r = await reply;
    return `${r.status()} ${(await r.text()).slice(0, 300)}`;
  } finally {
    page.off('request', onRequest);
  }
}

describe("children's app", () => {
  // The child's whole visit and then the teacher's (results, a correction, two exports, a retry): one long story.
  it(
    'a child signs in with the QR card, practises and submits a sentence-reading topic; the kept scores are the evaluator’s',
    { timeout: 240_000 },
    async () => {
      const title = `音読の宿題 ${run}`;
      const hw = await publish(title, [sentence.resource_id, ...(choice ? [choice.resource_id] : [])]);
      const browser = await studentBrowser();
      try {
        const { page } = browser;
        const evaluations = watchEvaluations(page);
        const submits = watchSubmits(page);
        await page.goto(`${server.url}/learn/#/signin`);
        await page.getByRole('heading', { name: 'おんどく にログイン' }).waitFor();
        await shot(page, 'sign-in');

        await page.goto(`${server.url}/learn/#/card?key=${encodeURIComponent(cardKey)}`);
        await page.getByRole('heading', { name: 'しゅくだい' }).waitFor();
        expect(page.url()).toMatch(/\/learn\/#\/$/);
        await page.getByText('佐藤 さくらさん').waitFor();
        await page.getByRole('article', { name: title }).waitFor();
        await shot(page, 'list');

        if (choice) {
          await openTopic(page, title, 1);
          await page
            .getByRole('group', { name: /のこたえ$/ })
            .first()
            .waitFor();
          await page
            .getByRole('group', { name: /のこたえ$/ })
            .first()
            .getByRole('button', { name: 'A' })
            .click();
          await shot(page, 'practice-choice');
          await page.goBack();
        }

        await openTopic(page, title, 0);
        await micCheck(page);
        const count = sentence.items.length;
        for (let i = 0; i < count; i++) await readItem(page, i, 'score');
        await shot(page, 'practice-sentence');
        // Try the first sentence again: the last try is what is submitted.
        await readItem(page, 0, 'score');
        await page.getByRole('button', { name: '出す' }).click();
        await page.getByTestId('result').waitFor({ timeout: 30_000 });
        await shot(page, 'result');

        expect(submits).toHaveLength(1);
        const sent = submits[0]!;
        expect(sent.reply.errcode).toBe(0);
        expect(sent.answers.map((a) => a.question_id)).toEqual([...Array(count).keys()]);
        const reply = sent.reply.data as { score: number; items: { question_id: number; score: number }[] };
        // Each item's score is the evaluator's for the submitted sid.
        for (const a of sent.answers) {
          const evaluated = evaluations.get(a.sid!);
          expect(evaluated, `evaluation of ${a.sid}`).toBeDefined();
          expect(reply.items.find((x) => x.question_id === a.question_id)!.score).toBe(evaluated!.total);
        }
        const shown = await page.getByTestId('result-score').innerText();
        expect(shown).toContain(String(Math.round(reply.score)));

        // What the server kept is the same, and the teacher's homework counts the submission.
        const [topicId] = await topicIds(page, hw.homework_id);
        const stored = await storedResult(page, hw.homework_id, topicId!);
        expect(stored.result!.items.map((x) => x.score)).toEqual(reply.items.map((x) => x.score));

        // The choice topic too: then the whole homework is submitted, which the teacher's detail counts.
        if (choice) {
          await page.getByRole('link', { name: 'もどる', exact: true }).click();
          await openTopic(page, title, 1);
          const groups = page.getByRole('group', { name: /のこたえ$/ });
          await groups.first().waitFor();
          for (let i = 0; i < (await groups.count()); i++)
            await groups.nth(i).getByRole('button', { name: 'A' }).click();
          await page.getByRole('button', { name: '出す' }).click();
          await page.getByTestId('result').waitFor({ timeout: 30_000 });
          await page.getByTestId('answer-mark').first().waitFor();
          await shot(page, 'result-choice', [[1024, 768]]);
          expect(submits.filter((s) => s.reply.errcode === 0)).toHaveLength(2);
        }
        const detail = await apiCall<{ submitted_count: number }>(
          server.url,
          token,
          'GET',
          '/api/v2/homework-publish/homework-detail',
          { homework_id: hw.homework_id },
        );
        expect(detail.submitted_count).toBe(1);

        // The teacher: the homework's results, the child's answer paper with the evaluator's
        // scores, the recording, a word corrected, and the results exported as a download task.
        await teacherSees(hw.homework_id, title, topicId!, sent.answers, evaluations);
      } finally {
        await browser.close();
      }
    },
  );

  it('the network cut while recording and submitting: the attempt is delivered once the network returns', async () => {
    const title = `つうしんテスト ${run}`;
    const hw = await publish(title, [sentence.resource_id]);
    const browser = await studentBrowser();
    const context: BrowserContext = browser.context;
    try {
      const { page } = browser;
      const evaluations = watchEvaluations(page);
      const submits = watchSubmits(page);
      await page.goto(`${server.url}/learn/#/card?key=${encodeURIComponent(cardKey)}`);
      await page.getByRole('heading', { name: 'しゅくだい' }).waitFor();
      await openTopic(page, title, 0);
      await micCheck(page);
      const count = sentence.items.length;
      await readItem(page, 0, 'score');
      await context.setOffline(true);
      for (let i = 1; i < count; i++) await readItem(page, i, 'queued');
      await page.getByRole('button', { name: '出す' }).click();
      await page.getByTestId('submit-waiting').waitFor();
      await shot(page, 'offline-waiting', [[1024, 768]]);
      expect(submits).toHaveLength(0);

      await context.setOffline(false);
      await page.getByTestId('result').waitFor({ timeout: 60_000 });
      expect(submits.filter((s) => s.reply.errcode === 0)).toHaveLength(1);
      const sent = submits.find((s) => s.reply.errcode === 0)!;
      const reply = sent.reply.data as { items: { question_id: number; score: number }[] };
      for (const a of sent.answers)
        expect(reply.items.find((x) => x.question_id === a.question_id)!.score).toBe(evaluations.get(a.sid!)!.total);
      const [topicId] = await topicIds(page, hw.homework_id);
      const stored = await storedResult(page, hw.homework_id, topicId!);
      expect(stored.result!.items).toHaveLength(count);
      // Nothing is left waiting in the browser.
      const left = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const req = indexedDB.open('ondoku-learn');
            req.onsuccess = () => {
              const r = req.result.transaction('recordings').objectStore('recordings').count();
              r.onsuccess = () => resolve(r.result);
            };
          }),
      );
      expect(left).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
