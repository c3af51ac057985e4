import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { synthesize, writeWav } from '@ondoku/speech';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, createTeacher, openBrowser, sharedServer, type TestTeacher } from './harness';

/**
 * The browser recorder in real Chromium with a fake microphone fed from a WAV file (a TTS
 * reading with silence around it), streaming to the real evaluation service.
 */
const TEXT = 'My friend likes to play soccer after school.';
/** Where the test page appears on the shared server's origin (served by the browser, see below). */
const PAGE_BASE = '/recorder-page/';
const server = sharedServer();
let teacher: TestTeacher;
let tmp: string;
let pageDir: string;
let wavFile: string;
let speechSeconds = 0;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-recorder-'));
  pageDir = path.join(tmp, 'page');
  await build({
    root: path.join(import.meta.dirname, 'fixtures/recorder'),
    logLevel: 'warn',
    base: PAGE_BASE,
    build: { outDir: pageDir, emptyOutDir: true },
  });
  const speech = await synthesize({ text: TEXT, toneType: 3 });
  const pad = new Float32Array(16_000 * 0.5);
  const tail = new Float32Array(16_000 * 1.5);
  const samples = Float32Array.from([...pad, ...speech.samples, ...tail]);
  speechSeconds = samples.length / 16_000;
  wavFile = path.join(tmp, 'mic.wav');
  await fs.writeFile(wavFile, writeWav(samples, 16_000));
  teacher = await createTeacher(server, { prefix: 'recorder' });
}, 120_000);

afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

interface Outcome {
  result: { total_score: number; integrity_score: number; words: { word: string; type: string }[] };
  again: { total_score: number } | null;
  states: string[];
  recordingBytes: number;
}

describe('web recorder', () => {
  it('records from the microphone, streams to the service and gets a real evaluation; retry resends', async () => {
    const browser = await openBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wavFile}%noloop`,
      '--autoplay-policy=no-user-gesture-required',
      // A page the browser serves itself (route.fulfill) has no address, so Chromium's local
      // network checks would block its websocket to 127.0.0.1; the product page is served by the server.
      '--disable-features=LocalNetworkAccessChecks',
    ]);
    try {
      const { page } = browser;
      // The browser serves the test page under the shared server's origin, so the page, its
      // calls and the websocket share one origin, as they do in the product.
      await browser.context.route(`${server.url}${PAGE_BASE}**`, async (route) => {
        const rel = new URL(route.request().url()).pathname.slice(PAGE_BASE.length) || 'index.html';
        await route.fulfill({ path: path.join(pageDir, decodeURIComponent(rel)) });
      });
      await page.goto(`${server.url}${PAGE_BASE}`);
      await page.waitForFunction(() => typeof window.recordAndEvaluate === 'function');
      const outcome = (await page.evaluate((args) => window.recordAndEvaluate(args), {
        token: (await apiSignIn(server.url, teacher.loginId, teacher.password))!,
        text: TEXT,
        seconds: speechSeconds,
        retry: true,
      })) as Outcome;
      expect(outcome.states).toEqual(['start', 'running', 'stop', 'retry', 'destroy']);
      expect(outcome.recordingBytes).toBeGreaterThan(44 + 16_000 * 2 * (speechSeconds - 1));
      const words = outcome.result.words.map((w) => w.word.toLowerCase().replace(/[^a-z]/g, ''));
      expect(words).toEqual(['my', 'friend', 'likes', 'to', 'play', 'soccer', 'after', 'school']);
      expect(outcome.result.integrity_score).toBeGreaterThanOrEqual(75);
      expect(outcome.result.total_score).toBeGreaterThanOrEqual(50);
      // Retry resends the same encoded audio: the same evaluation.
      expect(outcome.again?.total_score).toBe(outcome.result.total_score);
    } finally {
      await browser.close();
    }
  });
});
