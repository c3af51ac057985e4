import fs from 'node:fs/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../lib/mailer.js';
import { buildTeacher } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { registerDevMailbox } from './dev-mailbox.js';

/** Without SMTP_URL, mail becomes .eml files and the local mailbox page shows them, to this machine only. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers });

describe('local mailbox', () => {
  it('writes the mail as .eml and lists it; the message page shows the code', async () => {
    const { teacher } = await buildTeacher(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/teacher/send-reset-pwd-mail',
      payload: { email: teacher.email },
    });
    expect(res.json().errcode).toBe(0);
    await expect.poll(async () => (await fs.readdir(t.mailer.mailDir!)).length).toBe(2);
    const eml = (await fs.readdir(t.mailer.mailDir!)).find((n) => n.endsWith('.eml'))!;
    const raw = await fs.readFile(`${t.mailer.mailDir}/${eml}`, 'utf8');
    expect(raw).toContain(`To: ${teacher.email}`);
    expect(raw).toMatch(/Content-Type: text\/html/);

    const list = await get('/dev/mailbox');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain('【音読】パスワード再設定の確認コード');
    expect(list.body).toContain(teacher.email);
    const id = /href="\/dev\/mailbox\/([\w-]+)"/.exec(list.body)![1]!;
    const one = await get(`/dev/mailbox/${id}`);
    expect(one.body).toMatch(/確認コード：\d{6}/);
    const download = await get(`/dev/mailbox/${id}.eml`);
    expect(download.headers['content-type']).toContain('message/rfc822');
    expect(download.body).toBe(raw);
  });

  it('answers loopback over IPv6 too, but nobody else, and not what a proxy relays', async () => {
    expect((await get('/dev/mailbox', '::1')).statusCode).toBe(200);
    expect((await get('/dev/mailbox', '192.168.1.20')).statusCode).toBe(403);
    expect((await get('/dev/mailbox', '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(403);
    expect((await get('/dev/mailbox/1700000000000-abcdefabcdef', '10.0.0.1')).statusCode).toBe(403);
  });

  it('rejects made-up ids and paths', async () => {
    expect((await get('/dev/mailbox/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
    expect((await get('/dev/mailbox/1700000000000-abcdefabcdef')).statusCode).toBe(404);
  });

  it('is absent from the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/dev'))).toBe(false);
  });
});

describe('with SMTP_URL', () => {
  it('there is no mailbox page', async () => {
    const app = Fastify();
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@example.com', dataDir: '/nonexistent' });
    registerDevMailbox(app, mailer);
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    mailer.close();
    await app.close();
  });
});
