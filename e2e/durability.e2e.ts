import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { apiSignIn, startServer, type RunningServer } from './harness';

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

const infoStatus = async (url: string, token: string) =>
  (await fetch(`${url}/api/v2/teacher/info`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('durability of the embedded database', () => {
  it('keeps a committed write through a graceful stop and through a hard kill', async () => {
    server = await startServer();
    dataDir = server.dataDir;
    const first = (await apiSignIn(server.url, 'teacher01', 'pass1234'))!; // a committed write: the token row
    await server.stop({ keepData: true });

    server = await startServer({ dataDir });
    expect(await infoStatus(server.url, first)).toBe(200);
    const second = (await apiSignIn(server.url, 'teacher01', 'pass1234'))!;
    await server.kill();

    server = await startServer({ dataDir });
    expect(await infoStatus(server.url, first)).toBe(200);
    expect(await infoStatus(server.url, second)).toBe(200);
  });
});
