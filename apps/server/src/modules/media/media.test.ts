import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getResourceDetail, searchResources } from '@ondoku/contract';
import { parseWav } from '@ondoku/speech';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, storageKeyOf } from '../../lib/storage.js';
import { call } from '../../test/call.js';
import { teacherWithToken } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { parseRange } from './range.js';
import { storeMedia } from './service.js';

let t: TestApp;
let audioUrl: string;
let picUrl: string;
let size: number;

beforeAll(async () => {
  t = await buildTestApp();
  const me = await teacherWithToken(t);
  const list = await call(t, searchResources, { type: 'word_study' }, { as: me });
  const detail = await call(t, getResourceDetail, { resource_id: list.data.rows[0]!.resource_id }, { as: me });
  audioUrl = detail.data.items[0]!.audio_file!;
  picUrl = detail.data.items[0]!.screen_pic!;
  size = Number((await t.app.inject({ method: 'HEAD', url: audioUrl })).headers['content-length']);
});
afterAll(() => t.close());

describe('GET /media/:key', () => {
  it('serves library audio without a token: WAV, long cache, ETag, ranges accepted', async () => {
    const res = await t.app.inject({ method: 'GET', url: audioUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(`"${audioUrl.slice(7, 71)}"`);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(size);
    expect(parseWav(res.rawPayload).sampleRate).toBe(16_000);
  });

  it('HEAD answers the headers without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: audioUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(size));
    expect(res.body).toBe('');
  });

  it('answers 206 with the asked bytes for first-last, open and suffix ranges', async () => {
    const whole = (await t.app.inject({ method: 'GET', url: audioUrl })).rawPayload;
    const cases: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-50', size - 50, size - 1],
      [`bytes=10-${size + 1000}`, 10, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await t.app.inject({ method: 'GET', url: audioUrl, headers: { range } });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers['content-length'], range).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(whole.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('416 for unsatisfiable or malformed byte ranges; other units and several ranges get the whole file', async () => {
    for (const range of [`bytes=${size}-`, 'bytes=5-2', 'bytes=abc', 'bytes=-0', 'bytes=-']) {
      const res = await t.app.inject({ method: 'GET', url: audioUrl, headers: { range } });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${size}`);
    }
    for (const range of ['items=0-5', 'bytes=0-1,5-6']) {
      expect((await t.app.inject({ method: 'GET', url: audioUrl, headers: { range } })).statusCode, range).toBe(200);
    }
    // If-Range with another validator: the whole file.
    const stale = await t.app.inject({
      method: 'GET',
      url: audioUrl,
      headers: { range: 'bytes=0-1', 'if-range': '"x"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('304 for a matching If-None-Match', async () => {
    const etag = (await t.app.inject({ method: 'HEAD', url: audioUrl })).headers.etag as string;
    const res = await t.app.inject({ method: 'GET', url: audioUrl, headers: { 'if-none-match': etag } });
    expect(res.statusCode).toBe(304);
  });

  it('pictures are SVG in a sandbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: picUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.body).toContain('<svg');
  });

  it('404 for unknown, malformed and private keys, never a 5xx', async () => {
    const privateFile = await storeMedia(t.db, t.storage, new Uint8Array([1, 2, 3, 4]), 'audio/webm', {
      access: 'private',
    });
    const unknown = `${'0'.repeat(64)}.wav`;
    for (const key of [unknown, 'x', '..%2F..%2Fetc%2Fpasswd', `${'A'.repeat(64)}.wav`, privateFile.key, '%00']) {
      const res = await t.app.inject({ method: 'GET', url: `/media/${key}` });
      expect(res.statusCode, key).toBe(404);
      expect(res.headers['cache-control'], key).toBe('no-store');
    }
  });
});

describe('storage', () => {
  it('is content-addressed: the same bytes give the same key once; reads honour ranges', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-storage-'));
    try {
      const s = createLocalStorage(dir);
      const bytes = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
      const a = await s.put(bytes, 'image/svg+xml');
      const b = await s.put(bytes, 'image/svg+xml');
      expect(a).toEqual(b);
      expect(a.key).toBe(storageKeyOf(bytes, 'image/svg+xml'));
      expect(a.key).toMatch(/^[0-9a-f]{64}\.svg$/);
      expect(await s.stat(a.key)).toEqual({ size: bytes.length });
      expect(await s.exists(`${'f'.repeat(64)}.svg`)).toBe(false);
      expect(await s.stat('../../etc/passwd')).toBeNull();
      const chunks: Buffer[] = [];
      for await (const c of s.read(a.key, { start: 1, end: 4 })) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('svg ');
      await expect(s.put(bytes, 'text/html')).rejects.toThrow(/Unsupported/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('parseRange follows RFC 9110', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=-20', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('invalid');
    expect(parseRange('bytes=0-', 0)).toBe('invalid');
    expect(parseRange('bytes=99999999999999999999-', 10)).toBe('invalid');
    expect(parseRange('lines=1-2', 10)).toBeUndefined();
  });
});
