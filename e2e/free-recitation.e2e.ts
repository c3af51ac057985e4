import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// eslint-disable-next-line no-restricted-syntax -- the speech package's name for a child's reading
import { synthesize, synthesizeChildReading, writeWav } from '@ondoku/speech';
import type { Page } from 'playwright-core';
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
  importRoster,
} from './harness';

/**
 * Free recitation (docs/free-recitation.md) in Chromium: a teacher makes a set of five sentences
 * with text-to-speech (previewed, checked by the evaluator) and a passage from an uploaded WAV of
 * her own reading (the upload throttled so its progress bar shows), distributes the set as
 * homework, a child reads it on the students' side with a fake microphone and is scored, and the
 * teacher sees the submission.
 */
const server = sharedServer();
const run = Math.random().toString(36).slice(2, 6);
/** How the child of this spec reads: a high female eSpeak voice at its own pace, a quiet room. */
const CHILD_VOICE = { voice: 'en-us+f4', speed: 0.9, snrDb: 40, slip: 'none', seed: 1 } as const;
const SENTENCES = [
  'Good morning, everyone.',
  'I like apples.',
  'This is my school.',
  'We play soccer after school.',
  'Thank you very much.',
];
const PASSAGE =
  'My name is Ken. I live in Osaka with my family. I like music and I play the piano every day. My sister likes swimming.';
let teacher: TestTeacher;
let token: string;
let classRow: { team_id: number };
let cardKey: string;
let tmp: string;
let micWav: string;
let passageWav: string;
let micSeconds = 0;

beforeAll(async () => {
  teacher = await createTeacher(server, { prefix: 'recite', nickname: '森 先生' });
  token = (await apiSignIn(server.url, teacher.loginId, teacher.password))!;
  // The operator allows two creations this month.
  expect(await server.admin('recitation-quota', teacher.loginId, '--limit', '2')).toContain('月 2 回');
  classRow = await apiCall(server.url, token, 'POST', '/api/v2/team/create', { name: `4年2組 ${run}` });
  const cards = await importRoster(server.url, token, classRow.team_id, [
    [`${run}recite-1`, '高橋 ゆい', 'たかはし ゆい', '4年', '2組', 1, ''],
  ]);
  cardKey = cards.rows[0]!.card_key;

  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-recite-'));
  // The child's microphone: the second sentence read in a child's voice (not one of the model
  // voices, whose recordings are refused as replays of the model audio), silence around it.
  // eslint-disable-next-line no-restricted-syntax -- the speech package's name for a child's reading
  const reading = await synthesizeChildReading(SENTENCES[1]!, CHILD_VOICE);
  const samples = Float32Array.from([
    ...new Float32Array(16_000 * 0.4),
    ...Array.from(reading.pcm, (x) => x / 32767),
    ...new Float32Array(16_000 * 1.2),
  ]);
  micSeconds = samples.length / 16_000;
  micWav = path.join(tmp, 'mic.wav');
  await fs.writeFile(micWav, writeWav(samples, 16_000));
  // The teacher's own reading of the passage (a male voice stands in for her).
  passageWav = path.join(tmp, 'teacher-reading.wav');
  await fs.writeFile(passageWav, (await synthesize({ text: PASSAGE, toneType: 2 })).wav);
}, 120_000);

afterAll(async () => {
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

async function shot(page: Page, name: string, fullPage = true) {
  await fs.mkdir(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `free-recitation-${name}.png`), fullPage });
}

describe('free recitation', () => {
  it(
    'a set by text-to-speech and a passage from an uploaded WAV; the set as homework, read and scored',
    { timeout: 240_000 },
    async () => {
      // The teacher's microphone reads another sentence than the passage (a wrong take).
      const browser = await openBrowser([
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${micWav}`,
      ]);
      let setId: number | undefined;
      try {
        const { page, context } = browser;
        await page.goto(server.url);
        await signInThroughForm(page, teacher.loginId, teacher.password);
        await page.getByRole('heading', { name: '宿題一覧' }).waitFor();
        // Reached from homework distribution (the library screen).
        await page.goto(`${server.url}/#/homework-create/form`);
        await page.getByRole('button', { name: '自分で教材をつくる（自由音読）' }).click();
        await page.getByRole('heading', { name: '自由音読の教材をつくる' }).waitFor();
        await expect
          .poll(() => page.getByTestId('remaining-times').innerText())
          .toBe('今月あと 2 回作成できます（2 回まで）');

        // Five sentences, one of them typed in full-width letters, read by the first voice.
        for (const [i, s] of SENTENCES.entries())
          await page
            .getByLabel(`${i + 1}文目`, { exact: true })
            .fill(i === 2 ? 'Ｔｈｉｓ　ｉｓ　ｍｙ　ｓｃｈｏｏｌ.' : s);
        await page.getByLabel('タイトル').fill(`朝の会 ${run}`);
        await page.getByRole('button', { name: '音声を作成して試聴' }).click();
        await expect.poll(() => page.getByTestId('audio-score').count(), { timeout: 120_000 }).toBe(5);
        for (const score of await page.getByTestId('audio-score').allInnerTexts())
          expect(Number(score.match(/\d+/)![0])).toBeGreaterThanOrEqual(80);
        await page.getByLabel('1文目の訳').fill('みなさん、おはようございます。');
        await shot(page, 'sentences');
        await page.getByRole('button', { name: '教材を作成する' }).click();
        // The set's model audio is made and checked on the shared server's speech workers, beside
        // its library install on a clean clone's cold cache: over 60 s in a whole run
        // (docs/testing.md, "2026-11-28 night").
        await page.getByText('教材を作成しました', { exact: true }).waitFor({ timeout: 120_000 });
        // Previewed with the library's views.
        await expect.poll(() => page.getByTestId('preview-item').count()).toBe(5);
        expect(await page.getByTestId('preview-item').nth(2).innerText()).toContain('This is my school.');
        await shot(page, 'created');

        // A passage with the teacher's own reading, uploaded over a slow line: the progress shows.
        await page.getByRole('button', { name: '続けてつくる' }).click();
        await page.getByRole('heading', { name: '自由音読の教材をつくる' }).waitFor();
        await page.getByText('文章（1つの文章）').click();
        await page.getByLabel('文章', { exact: true }).fill(PASSAGE);
        await page.getByText('先生の声（録音・ファイル）').click();
        // Recorded in the browser: a take that is not the passage is flagged.
        await page.getByRole('button', { name: '文章を録音する' }).click();
        await page.getByRole('button', { name: '文章の録音を終える' }).waitFor({ timeout: 30_000 });
        await page.waitForTimeout(micSeconds * 1000);
        await page.getByRole('button', { name: '文章の録音を終える' }).click();
        const mismatch = page.getByText(/録音が本文と合っていないようです/);
        await mismatch.waitFor({ timeout: 60_000 });
        await shot(page, 'recording-flagged');
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 20,
          downloadThroughput: 10_000_000,
          uploadThroughput: 200_000,
        });

        await page.getByTestId('sound-file').setInputFiles(passageWav);
        await page.getByTestId('upload-progress').waitFor({ timeout: 10_000 });
        await shot(page, 'upload-progress');
        // The file replaces the flagged take.
        await mismatch.waitFor({ state: 'detached', timeout: 120_000 });
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
        expect(await page.getByText('先生の録音').count()).toBe(1);
        await shot(page, 'uploaded');
        await page.getByRole('button', { name: '教材を作成する' }).click();
        // The set's model audio is made and checked on the shared server's speech workers, beside
        // its library install on a clean clone's cold cache: over 60 s in a whole run
        // (docs/testing.md, "2026-11-28 night").
        await page.getByText('教材を作成しました', { exact: true }).waitFor({ timeout: 120_000 });

        const mine = await apiCall<{ rows: { resource_id: number; title: string; type: string }[] }>(
          server.url,
          token,
          'GET',
          '/api/v2/resource/search',
          { page: 1, limit: 20, origin_type: 'classroom' },
        );
        expect(mine.rows.map((r) => r.type).sort()).toEqual(['article_reading', 'sentence_reading']);
        expect(await apiCall(server.url, token, 'POST', '/api/v2/free-recitation/get_remaining_times')).toEqual({
          remaining: 0,
          total: 2,
          used: 2,
        });
        setId = mine.rows.find((r) => r.title === `朝の会 ${run}`)!.resource_id;
        // In the library of homework distribution, with edit and delete.
        await page.goto(`${server.url}/#/homework-create/form`);
        await page.getByLabel('キーワード').fill(`朝の会 ${run}`);
        await page.getByLabel('キーワード').press('Enter');
        await page.getByRole('button', { name: `「朝の会 ${run}」を編集` }).waitFor();
        expect(await page.getByTestId('resource-row').count()).toBe(1);
        // A taller window shows the row above the sticky bar (a full-page shot would draw it over the list).
        await page.setViewportSize({ width: 1024, height: 1000 });
        await shot(page, 'library-row', false);
        await page.setViewportSize({ width: 1024, height: 768 });
      } finally {
        await browser.close();
      }

      // Distributed as homework, read by a child on the students' side and scored.
      const title = `自由音読の宿題 ${run}`;
      const { homework_ids } = await apiCall<{ homework_ids: number[] }>(
        server.url,
        token,
        'POST',
        '/api/v2/homework-publish/publish-homework',
        {
          homework_type: 'routine',
          request_key: `e2e-recite-${run}`,
          title,
          team_ids: [classRow.team_id],
          resource_ids: [setId!],
          publish_type: 'now',
          end_time: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        },
      );
      const pupil = await openBrowser([
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${micWav}`,
        '--autoplay-policy=no-user-gesture-required',
      ]);
      try {
        const { page } = pupil;
        await page.goto(`${server.url}/learn/#/card?key=${encodeURIComponent(cardKey)}`);
        const card = page.getByRole('article', { name: title });
        await card.waitFor();
        await card.getByTestId('topic').first().getByRole('link').click();
        await page.getByRole('heading', { level: 1 }).waitFor();
        const check = page.getByTestId('mic-check');
        if (await check.isVisible().catch(() => false)) {
          await page.getByRole('button', { name: 'マイクをためす' }).click();
          await page.getByText('きこえたよ！じゅんびOK。').waitFor({ timeout: 30_000 });
          await page.getByRole('button', { name: 'はじめる', exact: true }).click();
        }
        const items = page.getByTestId('preview-item');
        expect(await items.nth(0).innerText()).toContain('みなさん、おはようございます。');
        for (let i = 0; i < SENTENCES.length; i++) {
          const item = items.nth(i);
          await item.getByRole('button', { name: /読む/ }).click();
          await item.getByRole('button', { name: '■ おわり' }).waitFor();
          await page.waitForTimeout(micSeconds * 1000);
          await item.getByRole('button', { name: '■ おわり' }).click();
          await item.getByTestId('item-score').or(item.locator('.ln-error')).first().waitFor({ timeout: 30_000 });
          if (await item.locator('.ln-error').isVisible()) throw new Error(`item ${i}: ${await item.innerText()}`);
        }
        await page.getByRole('button', { name: '出す' }).click();
        await page.getByTestId('result').waitFor({ timeout: 30_000 });
        await shot(page, 'child-result');
        // The sentence the microphone reads is scored well.
        expect(Number((await items.nth(1).getByTestId('item-score').innerText()).match(/\d+/)![0])).toBeGreaterThan(60);
      } finally {
        await pupil.close();
      }

      // The teacher sees the submission.
      const teacherView = await openBrowser();
      try {
        const { page } = teacherView;
        await page.goto(server.url);
        await signInThroughForm(page, teacher.loginId, teacher.password);
        await page.getByRole('heading', { name: '宿題一覧' }).waitFor();
        await page.goto(`${server.url}/#/homework-details/${homework_ids[0]}`);
        await page.getByTestId('submission-rate').waitFor();
        expect(await page.getByTestId('submission-rate').innerText()).toBe('100%');
        await shot(page, 'teacher-results');
      } finally {
        await teacherView.close();
      }
    },
  );
});
