// Replies are compressed (brotli or gzip), API replies are never cached, the web app's hashed
// assets are cached as immutable and served pre-compressed, and index.html is revalidated.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
const learnHtml = `<!doctype html><html lang="ja"><head><title>おんどく</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
let webDist: string;
let learnDist: string;
const learnScript = `console.log(${JSON.stringify('おんどく '.repeat(2000))});\n`;
const script = `console.log(${JSON.stringify('音読 '.repeat(2000))});\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), html);
  await fs.writeFile(path.join(webDist, 'index.html.br'), zlib.brotliCompressSync(html));
  await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js'), script);
  await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js.br'), zlib.brotliCompressSync(script));
  await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js.gz'), zlib.gzipSync(script));
  // The children's app is its own build (apps/learn/dist), served at /learn/.
  learnDist = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-learn-'));
  await fs.mkdir(path.join(learnDist, 'assets'));
  await fs.writeFile(path.join(learnDist, 'index.html'), learnHtml);
  await fs.writeFile(path.join(learnDist, 'index.html.br'), zlib.brotliCompressSync(learnHtml));
  await fs.writeFile(path.join(learnDist, 'assets', 'index-LeArN1.js'), learnScript);
  await fs.writeFile(path.join(learnDist, 'assets', 'index-LeArN1.js.br'), zlib.brotliCompressSync(learnScript));
  t = await buildTestApp({ webDist, learnDist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
  await fs.rm(learnDist, { recursive: true, force: true });
});

describe('compression and caching', () => {
  it('API replies: no-store, compressed when large enough', async () => {
    const small = await t.app.inject({ url: '/api/v2/teacher/public-key', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['cache-control']).toBe('no-store');

    const big = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()).openapi).toBeTruthy();

    const gz = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).openapi).toBeTruthy();

    const denied = await t.app.inject({ url: '/api/v2/teacher/info' });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['cache-control']).toBe('no-store');
  });

  it('hashed assets: immutable for a year, the pre-compressed file when accepted', async () => {
    const br = await t.app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it("the children's app at /learn/: its own index.html, revalidated, pre-compressed; /learn redirects", async () => {
    for (const url of ['/learn/', '/learn/index.html']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(learnHtml);
    }
    const asset = await t.app.inject({ url: '/learn/assets/index-LeArN1.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe(learnScript);
    const bare = await t.app.inject({ url: '/learn?x=1' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/learn/?x=1');
    // The teacher app is unchanged at /.
    const root = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(zlib.brotliDecompressSync(root.rawPayload).toString()).toBe(html);
  });

  it('index.html: revalidated on every load (no-cache)', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
  });
});
