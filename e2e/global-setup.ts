import type { TestProject } from 'vitest/node';
import { startServer } from './harness';

/**
 * One server for the whole e2e project: started before the first spec, stopped (and its
 * DATA_DIR removed) after the last. No SMTP_URL: mail lands on the local mailbox, which the
 * specs read (harness.waitForMail).
 */
export default async function setup(project: TestProject) {
  const server = await startServer();
  // A first start installs the content library in the background (model audio is synthesised
  // once per checkout, then cached): the specs that browse it wait for it here, once.
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    const health = await fetch(`${server.url}/api/health`).then((r) => r.json());
    if (health.data?.library === 'ready') break;
    if (Date.now() > deadline) throw new Error('the content library was not installed within 20 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
  const port = Number(new URL(server.url).port);
  project.provide('e2eServer', { url: server.url, port, dataDir: server.dataDir });
  return async () => {
    await server.stop();
  };
}
