import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, apiSignIn, createTeacher, startServer, type RunningServer } from './harness';

/**
 * The embedded database keeps every committed write: through a graceful stop (SIGTERM) and
 * through a crash (SIGKILL), a restart on the same DATA_DIR still has it. Servers of its own:
 * stopping and killing the process is what it tests.
 */
let server: RunningServer | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await server?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const infoStatus = async (url: string, token: string) =>
  (await fetch(`${url}/api/v2/teacher/info`, { headers: { authorization: `Bearer ${token}` } })).status;

// Each test starts, stops and kills servers of its own (three starts in the first: an initdb or a
// recovery each); with the other e2e group and the API files beside it on 2 cores, that took
// more than the project's 90 s at load 30 (docs/testing.md, "2026-11-28"). What is checked is
// what the restarted server still has, not how fast it starts.
describe('durability of the embedded database', { timeout: 300_000 }, () => {
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

  it('a server killed in the middle of a roster import keeps all of it or none of it, and imports it again', async () => {
    server ??= await startServer();
    dataDir = server.dataDir;
    const teacher = await createTeacher(server, { prefix: 'killimp' });
    const token = (await apiSignIn(server.url, teacher.loginId, teacher.password))!;
    const cls = await apiCall<{ team_id: number }>(server.url, token, 'POST', '/api/v2/team/create', {
      name: '中断テスト',
    });
    const run = Date.now().toString(36);
    const rows = Array.from(
      { length: 3000 },
      (_, i) => `k${run}-${String(i).padStart(4, '0')},生徒 ${i},せいと,3年,1組,${i + 1}`,
    );
    const csv = Buffer.from(`生徒ID,氏名,ふりがな,学年,組,出席番号\r\n${rows.join('\r\n')}\r\n`);
    const send = (url: string) => {
      const form = new FormData();
      form.append('team_id', String(cls.team_id));
      form.append('file', new Blob([csv]), '名簿.csv');
      return fetch(`${url}/api/v2/team/import-team-students-list`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
    };
    // 3,000 rows take seconds to check and hash: kill the server while it works on them.
    const outcome = send(server.url).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 300));
    await server.kill();
    expect(await outcome, 'the import finished before the kill: the test did not cut it').toBe('cut');

    server = await startServer({ dataDir });
    const after = await apiCall<{ total: number }>(server.url, token, 'GET', '/api/v2/team/student-page-rows', {
      team_id: cls.team_id,
    });
    expect([0, 3000]).toContain(after.total);
    if (after.total === 0) {
      const again = (await (await send(server.url)).json()) as { errcode: number; data: { imported: number } };
      expect(again).toMatchObject({ errcode: 0, data: { imported: 3000 } });
    }
  });
});
