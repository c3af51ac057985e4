import type { TestProject } from 'vitest/node';
import { startServer } from './harness';

/**
 * One server for the whole e2e project: started before the first spec, stopped (and its
 * DATA_DIR removed) after the last. No SMTP_URL: mail lands on the local mailbox, which the
 * specs read (harness.waitForMail).
 */
export default async function setup(project: TestProject) {
  const server = await startServer();
  const port = Number(new URL(server.url).port);
  project.provide('e2eServer', { url: server.url, port, dataDir: server.dataDir });
  return async () => {
    await server.stop();
  };
}
