import fs from 'node:fs/promises';
import path from 'node:path';
import { exerciseTypeLabels, exerciseTypes, type ExerciseType } from '@ondoku/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTeacher,
  LIBRARY_INSTALL_MS,
  openBrowser,
  sharedServer,
  shotsDir,
  signInThroughForm,
  waitForLibrary,
  type TestTeacher,
} from './harness';

/**
 * The content library in the distribution flow (/homework-create/form) as a fresh teacher sees
 * it: filter by type, open one headquarters resource of each exercise type, play its audio and
 * screenshot the preview at 1024 px (test-results/screenshots/library-<type>.png). Needs the
 * installed library (library server and material).
 */
const server = sharedServer();
let teacher: TestTeacher;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

declare global {
  interface Window {
    __ondokuAudios?: HTMLMediaElement[];
    /** How many times a played audio's time was seen advancing (reset before each play). */
    __ondokuHeard?: number;
  }
}

beforeAll(async () => {
  teacher = await createTeacher(server, { prefix: 'library' });
  browser = await openBrowser(['--autoplay-policy=no-user-gesture-required']);
  page = browser.page;
  // The players create their audio elements off the DOM: remember each one that is played, and
  // count the moments its time is seen advancing while it plays.
  await page.addInitScript(() => {
    const play = HTMLMediaElement.prototype.play;
    const watched = new WeakSet<HTMLMediaElement>();
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      const seen = (window.__ondokuAudios ??= []);
      if (!seen.includes(this)) seen.push(this);
      if (!watched.has(this)) {
        watched.add(this);
        this.addEventListener('timeupdate', () => {
          if (!this.paused && this.currentTime > 0.05) window.__ondokuHeard = (window.__ondokuHeard ?? 0) + 1;
        });
      }
      return play.call(this);
    };
  });
  await page.goto(`${server.url}/#/login`);
  await signInThroughForm(page, teacher.loginId, teacher.password);
  await page.waitForURL(/#\/homework-management/);
  // The library installs in the background after the server's first start.
  await waitForLibrary(server.url);
}, LIBRARY_INSTALL_MS + 120_000);

afterAll(async () => {
  await browser?.close();
});

/**
 * Choose an option of an antd select and wait until the select shows it. At load 12–20 (CI runs
 * the specs beside the API files) a click on an option could land while the dropdown was still
 * animating open and be lost, leaving the dropdown open; the next test's click on the select
 * then closed it. So: close whatever is open, open the dropdown, click the option in the visible
 * dropdown, and try again until the select shows the option.
 */
async function chooseOption(label: string, option: string) {
  const combobox = page.getByRole('combobox', { name: label });
  // The select's own box shows the chosen label (its dropdown is elsewhere in the page).
  const box = combobox.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  const isShown = async () => (await box.innerText({ timeout: 5_000 }).catch(() => '')).trim() === option;
  await expect
    .poll(
      async () => {
        if (await isShown()) return true;
        await page.keyboard.press('Escape');
        await combobox.click();
        await page
          .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content', {
            hasText: option,
          })
          .last()
          .click({ timeout: 5_000 })
          .catch(() => undefined);
        return isShown();
      },
      { timeout: 45_000, interval: 500 },
    )
    .toBe(true);
}

/**
 * Clicks a play button and waits until some audio of the page was seen playing with its time
 * advanced past 0.05 s (counted by the init script's listener, so a word's audio of under a
 * second that plays to its end between two checks, paused again, still counts: polling for "not
 * paused now" once failed a CI run). A click that started nothing (every audio paused and none
 * heard: the click was lost while the drawer still moved) is made again every 5 s. 45 s in all:
 * the e2e specs run beside the API files (vitest.config.ts), and at load 12–20 the audio once
 * took more than 15 s to start.
 */
async function playAndHear(play: () => Promise<void>) {
  await page.evaluate(() => {
    window.__ondokuHeard = 0;
  });
  const state = () =>
    page.evaluate(() =>
      (window.__ondokuHeard ?? 0) > 0
        ? 'heard'
        : (window.__ondokuAudios ?? []).some((a) => !a.paused)
          ? 'starting'
          : 'idle',
    );
  let clicked = 0;
  await expect
    .poll(
      async () => {
        const now = await state();
        if (now === 'idle' && Date.now() - clicked > 5_000) {
          clicked = Date.now();
          await play();
        }
        return now;
      },
      { timeout: 45_000, interval: 200 },
    )
    .toBe('heard');
}

describe('content library', () => {
  it('the menu leads to the library; filters narrow the list', async () => {
    await page.getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name: '宿題配信' }).click();
    await page.waitForURL(/#\/homework-create\/form/);
    await expect.poll(() => page.getByTestId('resource-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const all = Number((await page.getByText(/^全\d+件$/).textContent())!.replace(/\D/g, ''));
    expect(all).toBeGreaterThan(10);
    // A full page of 10 and the pager.
    expect(await page.getByTestId('resource-row').count()).toBe(10);
    await expect.poll(() => page.getByRole('navigation', { name: 'ページ送り' }).isVisible()).toBe(true);

    await chooseOption('学年', '3年');
    await expect
      .poll(async () => (await page.getByTestId('resource-row').allTextContents()).every((t) => t.includes('3年')))
      .toBe(true);
    await chooseOption('学年', 'すべての学年');
    await page.locator('.ant-segmented-item-label', { hasText: '本部教材' }).click();
    await expect.poll(() => page.getByRole('radio', { name: '本部教材' }).isChecked()).toBe(true);
  });

  it.each(exerciseTypes.map((t) => [t]))(
    'previews a %s resource, plays its audio and screenshots it',
    async (type: ExerciseType) => {
      await chooseOption('種類', exerciseTypeLabels[type]);
      const rows = page.getByTestId('resource-row');
      await expect
        .poll(
          async () => {
            const texts = await rows.allTextContents();
            return texts.length > 0 && texts.every((t) => t.includes(exerciseTypeLabels[type]));
          },
          { timeout: 30_000 },
        )
        .toBe(true);

      await rows
        .first()
        .getByRole('button', { name: /プレビュー/ })
        .click();
      const drawer = page.getByRole('dialog');
      const view = drawer.getByTestId(`preview-${type}`);
      await view.waitFor({ timeout: 30_000 });
      expect(await view.getByTestId(/preview-item|article-sentence|dialog-child-turn/).count()).toBeGreaterThan(0);

      // Play the model audio: the article's control (enabled once the audio can play), or an item's 原文を再生.
      const control = drawer.getByRole('group', { name: /^(原文|本文)の音声$/ });
      if (type === 'article_reading') {
        const play = control.getByRole('button', { name: '再生' });
        await expect.poll(() => play.isEnabled(), { timeout: 30_000 }).toBe(true);
        await playAndHear(() => play.click());
      } else {
        await playAndHear(() =>
          drawer
            .getByRole('button', { name: /原文を再生/ })
            .first()
            .click(),
        );
      }
      // Playing (time advancing) proves the audio loaded; word study and word reading share their
      // words' audio, which the browser may already hold (immutable cache), so no response is awaited.

      await fs.mkdir(shotsDir, { recursive: true });
      // The whole preview: a viewport as tall as the drawer's content.
      const height = await drawer.locator('.ant-drawer-body').evaluate((el) => el.scrollHeight);
      await page.setViewportSize({ width: 1024, height: Math.min(Math.max(768, height + 140), 4000) });
      await page.screenshot({ path: path.join(shotsDir, `library-${type}.png`) });
      await page.setViewportSize({ width: 1024, height: 768 });

      await drawer.getByRole('button', { name: '閉じる' }).click();
      await drawer.waitFor({ state: 'hidden' });
      // Closing the preview stops its audio.
      await page.waitForFunction(() => (window.__ondokuAudios ?? []).every((a) => a.paused));
    },
    60_000,
  );

  it('adds resources to the selection, which survives a reload', async () => {
    await chooseOption('種類', 'すべての種類');
    const rows = page.getByTestId('resource-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(10);
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe('2');
    await page.reload();
    await expect.poll(() => page.getByTestId('selection-count').textContent(), { timeout: 30_000 }).toBe('2');
  });
});
