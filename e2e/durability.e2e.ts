import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { apiSignIn, createTeacher, startServer, type RunningServer } from './harness';

/**
 * The embedded database keeps every committed write: through a graceful stop (SIGTERM) and
 * through a crash (SIGKILL), a restart on the same DATA_DIR still has it. The one spec with
 * servers of its own: stopping and killing the process is what it tests.
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
    const teacher = await createTeacher(server, { prefix: 'durable' });
    const first = (await apiSignIn(server.url, teacher.loginId, teacher.password))!; // a committed write: the token row
    await server.stop({ keepData: true });

    server = await startServer({ dataDir });
    expect(await infoStatus(server.url, first)).toBe(200);
    const second = (await apiSignIn(server.url, teacher.loginId, teacher.password))!;
    await server.kill();

    server = await startServer({ dataDir });
    expect(await infoStatus(server.url, first)).toBe(200);
    expect(await infoStatus(server.url, second)).toBe(200);
  });
});
