import { logout } from '@ondoku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingUrl, RECORDING_TTL_SECONDS } from '../modules/evaluation/index.js';
import { call } from '../test/call.js';
import { teacherWithToken } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * A recording's URL plays only while the session of the teacher who asked for it is live, and
 * for 30 minutes at most (docs/security.md, "Recordings"): signed out, the URL stops; another
 * session's number in it breaks the signature.
 */
let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await buildTestApp();
  key = (await t.storage.put(new Uint8Array(Buffer.from(`a recording ${Date.now()}`)), 'audio/webm')).key;
});
afterAll(() => t.close());

const play = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

describe("a recording's URL", () => {
  it('stops with the session it was signed for, and only with it', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const forA = recordingUrl(key, RECORDING_TTL_SECONDS, a, t.app);
    const forB = recordingUrl(key, RECORDING_TTL_SECONDS, b, t.app);
    expect([await play(forA), await play(forB)]).toEqual([200, 200]);

    await call(t, logout, {}, { as: a });
    expect(await play(forA)).toBe(403);
    expect(await play(forB)).toBe(200);
    // Putting another (live) session's number into a URL breaks its signature.
    expect(await play(forA.replace(`tid=${a.tokenId}`, `tid=${b.tokenId}`))).toBe(403);
  });

  it('lives 30 minutes at most', async () => {
    const a = await teacherWithToken(t);
    const url = recordingUrl(key, RECORDING_TTL_SECONDS, a, t.app);
    const exp = Number(/exp=(\d+)/.exec(url)![1]);
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(30 * 60);
    const old = t.app.evaluationLinks.recordingUrl(key, 60, a.tokenId, Date.now() - 61_000);
    expect(await play(old)).toBe(403);
  });
});
