import type { TestProject } from 'vitest/node';
import { startServer } from './harness';

/**
 * One server for the whole e2e project: started before the first spec, stopped (and its
 * DATA_DIR removed) after the last. No SMTP_URL: mail lands on the local mailbox, which the
 * specs read (harness.waitForMail).
 *
 * A first start installs the content library in the background (model audio is synthesised once
 * per checkout, then cached; the install still takes minutes on a busy 2-core machine). vitest runs
 * every project's global set-up before any test, so waiting for it here held up the whole run: the
 * specs that browse the library wait for it themselves (harness.waitForLibrary).
 */
export default async function setup(project: TestProject) {
  // The demo accounts, classes and children (no homework): demo-rollover.e2e.ts rolls the demo
  // school over; the other specs make teachers of their own and never sign in as a demo account.
  const server = await startServer({ env: { SEED_DEMO: 'classes', LIBRARY_INSTALL: 'true', SPEECH_WARM_UP: 'true' } });
  const port = Number(new URL(server.url).port);
  project.provide('e2eServer', { url: server.url, port, dataDir: server.dataDir });
  return async () => {
    await server.stop();
  };
}
