import { publicEncrypt, constants } from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './harness';

/**
 * The embedded database keeps every committed write: through a graceful stop (SIGTERM) and
 * through a crash (SIGKILL), a restart on the same DATA_DIR still has it.
 */
let server: RunningServer | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await server?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function signIn(url: string): Promise<string> {
  const { data } = (await (await fetch(`${url}/api/v2/teacher/public-key`)).json()) as { data: { public_key: string } };
  const password = publicEncrypt(
    { key: data.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from('pass1234'),
  ).toString('base64');
  const res = await fetch(`${url}/api/v2/teacher/login-safe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher01', password }),
  });
  const body = (await res.json()) as { errcode: number; data: { token: string } };
  expect(body.errcode).toBe(0);
  return body.data.token;
}

const infoStatus = async (url: string, token: string) =>
  (await fetch(`${url}/api/v2/teacher/info`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('durability of the embedded database', () => {
  it('keeps a committed write through a graceful stop and through a hard kill', async () => {
    server = await startServer();
    dataDir = server.dataDir;
    const first = await signIn(server.url); // a committed write: the token row
    await server.stop({ keepData: true });

    server = await startServer({ dataDir });
    expect(await infoStatus(server.url, first)).toBe(200);
    const second = await signIn(server.url);
    await server.kill();

    server = await startServer({ dataDir });
    expect(await infoStatus(server.url, first)).toBe(200);
    expect(await infoStatus(server.url, second)).toBe(200);
  });
});
